import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { GlobeIcon } from '../../../components/icons.tsx';
import { logout } from '../../../lib/logout.ts';
import { useSession } from '../../../lib/use-session.ts';
import { useProfile } from '../../../lib/server-state/profile.ts';
import { PATHS, withQuery } from '../../../lib/paths.ts';

// The balance brings the money formatter: loaded after Home's first paint, in a box of its own size meanwhile.
const BalanceChip = lazy(() =>
  import('../../../components/balance-chip.tsx').then((m) => ({ default: m.BalanceChip })),
);

/**
 * Logo and language on top; below, who is logged in: the nickname over the balance, and Log out over the spending
 * limits on the right, or a Login button. Two short lines a side, so no language's words crowd out the nickname.
 */
export function HomeHeader() {
  const { t } = useTranslation();
  const user = useSession();
  useProfile(user?.token);
  return (
    <>
      <header className="home-header">
        <img className="home-header__logo" src="/art/logo-wordmark.svg" alt={t('app.name')} width={160} height={32} />
        <div className="home-header__actions">
          <Link to={PATHS.lang} className="icon-button" aria-label={t('auth.language')}>
            <GlobeIcon />
          </Link>
          {!user && (
            <Link to={PATHS.login} className="btn btn--primary btn--small" data-testid="home-login">
              {t('home.login')}
            </Link>
          )}
        </div>
      </header>
      {user && (
        <div className="user-bar">
          <img
            className="user-bar__avatar"
            src={user.avatar || '/art/avatars/1.svg'}
            alt=""
            width={40}
            height={40}
            data-testid="home-avatar"
          />
          <div className="user-bar__who">
            <span className="user-bar__line">
              <span className="user-bar__name" data-testid="home-nickname" title={user.nickname}>
                {user.nickname}
              </span>
              {user.is_guest && <span className="badge">{t('home.guestBadge')}</span>}
            </span>
            {user.role !== 'operator' && (
              <Suspense fallback={<span className="user-bar__balance-slot" />}>
                <BalanceChip />
              </Suspense>
            )}
          </div>
          <div className="user-bar__actions">
            <button
              type="button"
              className="btn btn--ghost btn--small"
              data-testid="home-logout"
              onClick={() => void logout()}
            >
              {t('home.logout')}
            </button>
            {!user.is_guest && user.role === 'player' && (
              <Link to={withQuery(PATHS.my, { sheet: 'limits' })} className="user-bar__link" data-testid="home-limits">
                {t('limits.title')}
              </Link>
            )}
          </div>
        </div>
      )}
    </>
  );
}
