import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../lib/format.ts';
import { useProtection } from '../lib/protection.ts';
import { useLang } from '../lib/use-lang.ts';
import { useSession } from '../lib/use-session.ts';

/**
 * What a break (time-out or self-exclusion) blocks says so up front: while one runs, the notice with its end stands
 * where the form would be, instead of a refusal after the player filled it in. Until the state is known (or when it
 * cannot be read) the form shows: the server refuses anyway.
 */
export function BreakGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const lang = useLang();
  const user = useSession();
  const player = !!user && user.role === 'player' && !user.is_guest;
  const state = useProtection(user?.token, player);
  const active = state.data?.active;
  if (!active || !state.data) return children;
  const until = formatDateTime(active.ends_at, lang, state.data.time_zone, { withYear: true });
  return (
    <section className="panel" role="status" data-testid="break-notice">
      <h2 className="panel__title">
        {t(active.self_exclusion ? 'protection.excludedUntil' : 'protection.timeoutUntil', { until })}
      </h2>
      <p className="panel__note">{t('protection.activeNote')}</p>
    </section>
  );
}
