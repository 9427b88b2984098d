import '../../../styles/money.css';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useModalDialog } from '../../../components/dialog.tsx';
import { logout } from '../../../lib/logout.ts';
import { useMoney } from '../../../lib/wallet.ts';
import { useSession } from '../../../lib/use-session.ts';
import { useLimits } from '../api/limits.ts';

const ACK_KEY = 'fd.realityCheck';

/** The last interval the player confirmed for the session that started at `start` (0: none). */
function acknowledged(start: number): number {
  try {
    const [s, k] = (localStorage.getItem(ACK_KEY) ?? '').split(':');
    return Number(s) === start ? Number(k) || 0 : 0;
  } catch {
    return 0;
  }
}
function acknowledge(start: number, k: number): void {
  try {
    localStorage.setItem(ACK_KEY, `${start}:${k}`);
  } catch {
    // No storage: the dialog comes back after a reload, never less often.
  }
}

/**
 * The reality check (docs/trust.md 31): every 30 or 60 minutes of the session (counted from the session's start on
 * the server clock, so a reload does not reset it) a dialog tells how long the player has been logged in and the
 * session's net result, with "continue" and "log out". Mounted once around every page for registered players.
 */
export function RealityCheck() {
  const user = useSession();
  const player = user && user.role === 'player' && !user.is_guest ? user.token : undefined;
  const limits = useLimits(player);
  const { t } = useTranslation();
  const { format } = useMoney();
  const titleId = useId();
  // Server time − local time, fixed at the first answer: intervals are on the server's clock.
  const offset = useRef<number | null>(null);
  const [due, setDue] = useState<{ k: number; loggedIn: number } | null>(null);
  const data = limits.data;
  const minutes = data?.reality_check.minutes ?? 0;
  const start = data?.reality_check.session_started_at ?? 0;
  const serverTime = data?.server_time;

  useEffect(() => {
    if (serverTime === undefined || minutes === 0) return;
    offset.current ??= serverTime - Date.now();
    const every = minutes * 60_000;
    let timer: ReturnType<typeof setTimeout>;
    const check = () => {
      const elapsed = Date.now() + (offset.current ?? 0) - start;
      const k = Math.floor(elapsed / every);
      if (k > acknowledged(start)) {
        setDue({ k, loggedIn: Math.max(0, Math.floor(elapsed / 60_000)) });
        return;
      }
      timer = setTimeout(check, Math.max(1_000, (k + 1) * every - elapsed));
    };
    timer = setTimeout(check, 0);
    return () => clearTimeout(timer);
  }, [serverTime, minutes, start]);

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
    if (due) acknowledge(start, due.k);
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
          <p data-testid="reality-check-net">
            {t('limits.realityNet', { amount: (net > 0 ? '+' : net < 0 ? '−' : '') + format(Math.abs(net)) })}
          </p>
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
