import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-client.ts';
import { Skeleton } from './skeleton.tsx';
import { PATHS } from '../lib/paths.ts';

/** What happened (the API's translated message when it answered) and a retry; offline says so. */
export function ErrorState({ onRetry, error }: { onRetry: () => void; error?: unknown }) {
  const { t } = useTranslation();
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  const text = error instanceof ApiError && error.code !== 301 && error.code !== 401 ? error.message : undefined;
  return (
    <div className="error-box" role="alert" data-testid="error-state">
      <p>{offline ? t('common.offline') : (text ?? t('common.loadError'))}</p>
      <button type="button" className="btn btn--ghost btn--small" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}

/** Nothing here yet, and what to do next. */
export function EmptyState({ text, action }: { text: string; action?: ReactNode }) {
  return (
    <div className="state" data-testid="empty-state">
      <img className="state__art" src="/art/logo.svg" alt="" width={48} height={48} />
      <p className="state__text">{text}</p>
      {action}
    </div>
  );
}

/**
 * Signed out: what signing in unlocks, and the way in. Logging in comes back to this screen. `register: false` where
 * a new account would not help (the operator console).
 */
export function SignedOutState({ text, register = true }: { text: string; register?: boolean }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  return (
    <div className="state" data-testid="signed-out">
      <img className="state__art" src="/art/logo.svg" alt="" width={48} height={48} />
      <p className="state__text">{text}</p>
      <div className="state__actions">
        <Link to={PATHS.login} state={{ from: pathname + search }} className="btn btn--primary">
          {t('home.login')}
        </Link>
        {register && (
          <Link to={PATHS.register} className="btn btn--ghost">
            {t('auth.toRegister')}
          </Link>
        )}
      </div>
    </div>
  );
}

/** A message in a card with optional actions (e.g. "not allowed", "set the fund password first"). */
export function NoticeState({ text, children, testId }: { text: string; children?: ReactNode; testId?: string }) {
  return (
    <div className="state" data-testid={testId}>
      <p className="state__text state__text--strong" role="status">
        {text}
      </p>
      {children && <div className="state__actions">{children}</div>}
    </div>
  );
}

/** Skeleton rows of a list while it loads. */
export function ListSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <ul className="card-list" aria-busy="true">
      {Array.from({ length: rows }, (_, i) => (
        <li key={i} className="card-list__item">
          <Skeleton className="skeleton--line" />
          <Skeleton className="skeleton--line" style={{ width: '40%' }} />
        </li>
      ))}
    </ul>
  );
}
