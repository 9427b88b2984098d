import '../../../styles/money.css';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useModalDialog } from '../../../components/dialog.tsx';
import { logout } from '../../../lib/logout.ts';
import { useMoney } from '../../../lib/wallet.ts';
import { useSession } from '../../../lib/use-session.ts';
import { useDismissRealityCheck, useLimits } from '../api/limits.ts';

/**
 * The reminder due at `now` (server clock): the latest whole interval since the session's start, if it falls after
 * the last dismissal (kept on the server, so a reload or another device knows it); null when none is due.
 */
export function dueReminder(
  now: number,
  start: number,
  minutes: number,
  dismissedAt: number | null,
): { k: number; at: number } | null {
  if (minutes <= 0) return null;
  const every = minutes * 60_000;
  const k = Math.floor((now - start) / every);
  const at = start + k * every;
  if (k < 1 || (dismissedAt !== null && at <= dismissedAt)) return null;
  return { k, at };
}

/**
 * The reality check (docs/trust.md 31): every 30 or 60 minutes of the session (counted from the session's start on
 * the server clock, so a reload does not reset it) a dialog tells how long the player has been logged in and the
 * session's net result, with "continue" and "log out". "Continue" is kept on the server (POST
 * /api/protection/prompt), so the dismissed reminder does not come back after a reload or on another device. Mounted once around every page for registered players.
 */
export function RealityCheck() {
  const user = useSession();
  const player = user && user.role === 'player' && !user.is_guest ? user.token : undefined;
  const limits = useLimits(player);
  const dismiss = useDismissRealityCheck(player);
  const { t } = useTranslation();
  const { formatSigned } = useMoney();
  const titleId = useId();
  // Server time − local time, fixed at the first answer: intervals are on the server's clock.
  const offset = useRef<number | null>(null);
  // The reminder this page dismissed, until the server's answer says so too: an answer read before the click (the
  // figures refreshed as the dialog opened) must not bring the dialog back.
  const dismissedHere = useRef<number | null>(null);
  const [due, setDue] = useState<{ k: number; at: number; loggedIn: number } | null>(null);
  const data = limits.data;
  const minutes = data?.reality_check.minutes ?? 0;
  const start = data?.reality_check.session_started_at ?? 0;
  const dismissedAt = data?.reality_check.dismissed_at ?? null;
  const serverTime = data?.server_time;

  useEffect(() => {
    if (serverTime === undefined || minutes === 0) return;
    offset.current ??= serverTime - Date.now();
    const every = minutes * 60_000;
    let timer: ReturnType<typeof setTimeout>;
    const check = () => {
      const now = Date.now() + (offset.current ?? 0);
      const dismissed = Math.max(dismissedAt ?? -Infinity, dismissedHere.current ?? -Infinity);
      const reminder = dueReminder(now, start, minutes, Number.isFinite(dismissed) ? dismissed : null);
      if (reminder) {
        setDue({ ...reminder, loggedIn: Math.max(0, Math.floor((now - start) / 60_000)) });
        return;
      }
      const next = start + (Math.floor((now - start) / every) + 1) * every;
      timer = setTimeout(check, Math.max(1_000, next - now));
    };
    timer = setTimeout(check, 0);
    return () => clearTimeout(timer);
  }, [serverTime, minutes, start, dismissedAt]);

  const open = due !== null;
  useEffect(() => {
    // The figures as they are now, when the dialog opens.
    if (open) void limits.refetch();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  const ref = useModalDialog(open);
  if (!player) return null;
  const loggedIn = due?.loggedIn ?? 0;
  const net = data?.reality_check.session_net ?? 0;
  const onContinue = () => {
    // Kept on the server (when this reminder fell due): the next one comes at the next interval, after a reload and
    // on every device.
    if (due) {
      dismissedHere.current = due.at;
      dismiss.mutate(due.at);
    }
    setDue(null);
  };
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      data-testid="reality-check"
      onCancel={(e) => {
        e.preventDefault();
        onContinue();
      }}
    >
      {open && (
        <div className="dialog__body">
          <h2 className="dialog__title" id={titleId}>
            {t('limits.realityTitle')}
          </h2>
          <p data-testid="reality-check-time">
            {t('limits.realityTime', { hours: Math.floor(loggedIn / 60), minutes: loggedIn % 60 })}
          </p>
          <p data-testid="reality-check-net">{t('limits.realityNet', { amount: formatSigned(net) })}</p>
          <div className="dialog__actions">
            <button type="button" className="btn btn--ghost" onClick={() => void logout()} data-testid="reality-logout">
              {t('home.logout')}
            </button>
            <button type="button" className="btn btn--primary" onClick={onContinue} data-testid="reality-continue">
              {t('limits.continue')}
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
}
