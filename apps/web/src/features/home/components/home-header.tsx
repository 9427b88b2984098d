import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { GlobeIcon } from '../../../components/icons.tsx';
import { logout } from '../../../lib/logout.ts';
import { useSession } from '../../../lib/use-session.ts';
import { useProfile } from '../../../lib/server-state/profile.ts';
import { PATHS, withQuery } from '../../../lib/paths.ts';

/** Logo and language on top; below, who is logged in with Log Out, or a Login button. */
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
          <span className="user-bar__name" data-testid="home-nickname">
            {user.nickname}
          </span>
          {user.is_guest && <span className="badge">{t('home.guestBadge')}</span>}
          {!user.is_guest && user.role === 'player' && (
            <Link
              to={withQuery(PATHS.my, { sheet: 'limits' })}
              className="btn btn--ghost btn--small"
              data-testid="home-limits"
            >
              {t('limits.title')}
            </Link>
          )}
          <button
            type="button"
            className="btn btn--ghost btn--small user-bar__logout"
            data-testid="home-logout"
            onClick={() => void logout()}
          >
            {t('home.logout')}
          </button>
        </div>
      )}
    </>
  );
}
