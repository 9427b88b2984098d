import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { resolveLang } from '@fairdraw/contract';
import { Skeleton } from '../../../components/skeleton.tsx';
import { useGames } from '../api/get-games.ts';
import { useHome } from '../api/get-home.ts';
import { Carousel } from '../../../components/carousel.tsx';
import { GameGrid, GameGridSkeleton } from '../components/game-grid.tsx';
import { HomeHeader } from '../components/home-header.tsx';
import { NoticeBar } from '../../../components/notice-bar.tsx';
import { WinningList } from '../components/winning-list.tsx';
import { PATHS } from '../../../lib/paths.ts';

function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  return (
    <div className="error-box" role="alert">
      <p>{offline ? t('common.offline') : t('home.loadError')}</p>
      <button type="button" className="btn btn--ghost btn--small" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}

export function HomePage() {
  const { t, i18n } = useTranslation();
  const lang = resolveLang(i18n.language);
  const home = useHome(lang);
  const games = useGames(lang);

  return (
    <main className="page page--home">
      <HomeHeader />
      {home.isPending ? (
        <>
          <div className="carousel" aria-busy="true">
            <Skeleton className="carousel__placeholder" />
          </div>
          <div className="notice" aria-hidden="true" />
        </>
      ) : home.isError ? (
        <LoadError onRetry={() => void home.refetch()} />
      ) : (
        <>
          <Carousel items={home.data.carousel} />
          <NoticeBar text={home.data.notice} />
        </>
      )}

      <Link className="home-promos" to={PATHS.activity} data-testid="home-promos">
        <span>{t('activity.homeLink')}</span>
        <span aria-hidden="true">›</span>
      </Link>

      <section className="section" aria-labelledby="games-title">
        <h2 className="section__title" id="games-title">
          {t('home.games')}
        </h2>
        {games.isPending ? (
          <GameGridSkeleton />
        ) : games.isError ? (
          <LoadError onRetry={() => void games.refetch()} />
        ) : (
          <GameGrid games={games.data} />
        )}
      </section>

      {home.isSuccess && <WinningList items={home.data.winning_list} />}
    </main>
  );
}
