import { Link } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { startGuest } from '../../../lib/session.ts';
import { PATHS } from '../../../lib/paths.ts';

/**
 * The bar at the foot of a game screen. Signed in: how many plays are selected, Clear, and the button that opens
 * the bet slip. Signed out: log in, or try the game as a guest.
 */
export function BetBar({
  signedIn,
  count,
  bettable,
  onClear,
  onOpen,
}: {
  signedIn: boolean;
  count: number;
  bettable: boolean;
  onClear: () => void;
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="bet-bar" data-testid="bet-bar">
      {!signedIn ? (
        <GuestBar />
      ) : (
        <>
          <span className="bet-bar__text">{bettable ? t('bet.selected', { count }) : t('bet.closed')}</span>
          {count > 0 && (
            <button type="button" className="btn btn--ghost btn--small" onClick={onClear}>
              {t('bet.clear')}
            </button>
          )}
          <button
            type="button"
            className="btn btn--primary"
            data-testid="bet-open"
            disabled={count === 0 || !bettable}
            onClick={onOpen}
          >
            {t('bet.open')}
          </button>
        </>
      )}
    </div>
  );
}

/** Signed out: a link to log in and a button that starts a guest session in place. */
function GuestBar() {
  const { t } = useTranslation();
  const guest = useMutation({ mutationFn: startGuest });
  return (
    <div className="bet-bar__guest">
      <p className="bet-bar__text">{t('bet.needLogin')}</p>
      <div className="bet-bar__actions">
        <Link to={PATHS.login} className="btn btn--primary btn--small">
          {t('home.login')}
        </Link>
        <button
          type="button"
          className="btn btn--ghost btn--small"
          data-testid="bet-try-demo"
          disabled={guest.isPending}
          onClick={() => guest.mutate()}
        >
          {t('auth.guest')}
        </button>
      </div>
      {guest.error && (
        <p className="form-error" role="alert">
          {guest.error instanceof ApiError ? guest.error.message : t('common.offline')}
        </p>
      )}
    </div>
  );
}
