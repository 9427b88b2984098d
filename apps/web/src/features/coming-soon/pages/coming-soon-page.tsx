import { Link, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TopBar } from '../../../components/top-bar.tsx';
import { GAME_LABEL_KEY, gameLabel } from '../../../lib/games.ts';
import { isGameRoute, isTabRoot, pageKey, PATHS } from '../../../app/routes.ts';

/** An honest placeholder for the routes (routes.ts) that are not built yet: it names what the screen will be. */
export function ComingSoonPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const type = params.get('type');
  const title =
    isGameRoute(pathname) && type && Object.hasOwn(GAME_LABEL_KEY, type)
      ? gameLabel({ code: type, name: type }, t)
      : t(pageKey(pathname));
  const tabRoot = isTabRoot(pathname);

  return (
    <main className="page">
      <TopBar title={title} back={!tabRoot} />
      <section className="soon" data-testid="coming-soon">
        <img className="soon__art" src="/art/logo.svg" alt="" width={64} height={64} />
        <h2 className="soon__title">{t('common.comingSoon', { feature: title })}</h2>
        <p className="soon__body">{t('common.comingSoonBody')}</p>
        {!tabRoot && (
          <Link to={PATHS.home} className="btn btn--ghost">
            {t('common.toHome')}
          </Link>
        )}
      </section>
    </main>
  );
}
