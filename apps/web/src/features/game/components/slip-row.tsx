import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { BetSlip, BetStatus } from '@fairdraw/contract';
import { formatDateTime } from '../../../lib/format.ts';
import { gameHref, gameLabel } from '../../../lib/games.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { useMoney } from '../../../lib/wallet.ts';
import { familyOf } from '../lib/derive.ts';
import { CancelSlipButton } from './cancel-slip-button.tsx';
import { ResultView } from './results.tsx';
import { PlayLabel } from './slip-lines.tsx';
import { encodeSharedSlip, listedCode, SHARE_PARAM } from '../lib/shared-slip.ts';

const TONE: Record<BetStatus, 'ok' | 'wait' | 'bad'> = {
  won: 'ok',
  push: 'wait',
  void: 'wait',
  cancelled: 'wait',
  unsettled: 'wait',
  lost: 'bad',
};
const MARK = { ok: '✓', wait: '…', bad: '✕' } as const;
/** A cancelled slip is not waiting for anything: its stake came back. */
const markOf = (status: BetStatus) => (status === 'cancelled' ? '↺' : MARK[TONE[status]]);

/**
 * One bet slip: game and issue, stake, time, status, each play with its odds and stake (and payout once settled),
 * the slip's payout and net result (payout − stake, with its sign: colour never carries it alone), the result.
 * `clock`: shown under the title (the open slips put their draw countdown there). A slip that can still be
 * cancelled has its Cancel action (CancelSlipButton). `action`: more buttons of the slip (beside the link to its
 * game); `linkToGame: false` leaves that link out (on the game screen itself).
 */
export function SlipRow({
  slip,
  clock,
  action,
  linkToGame = true,
}: {
  slip: BetSlip;
  clock?: ReactNode;
  action?: ReactNode;
  linkToGame?: boolean;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const { format, formatSigned } = useMoney();
  const family = familyOf(slip.game_code, '');
  const href = gameHref({ code: slip.game_code, id: slip.games_id });
  const net = slip.payout === null ? null : slip.payout - slip.total;
  // A slip that won a play but paid back less than it staked is no plain win: it says "partly won", not "✓ won".
  const partly = slip.status === 'won' && net !== null && net < 0;
  const tone = partly ? 'wait' : TONE[slip.status];
  // A winning slip can be played again: its plays and stakes go to the game's screen as a shared slip.
  const copyHref =
    href && slip.status === 'won'
      ? `${href}&${SHARE_PARAM}=${encodeURIComponent(
          encodeSharedSlip(
            slip.items.map((i) => ({
              code: listedCode(i.code, i.numbers),
              amount: i.amount,
              ...(i.numbers && { numbers: i.numbers }),
            })),
          ),
        )}`
      : null;
  return (
    <div className="record" data-testid="bet-item" data-status={slip.status} data-game={slip.game_code}>
      <div className="record__main">
        <span className="record__title">
          {gameLabel({ code: slip.game_code, name: slip.game_name }, t)} · <span className="num">{slip.issue}</span>
        </span>
        <span className="record__amount num">{format(slip.total)}</span>
      </div>
      <div className="record__meta">
        <span>
          #{slip.id} · {formatDateTime(slip.created_at, lang)}
          {slip.wallet === 'demo' && <span className="badge badge--demo">{t('balance.demo')}</span>}
        </span>
        <span className={`status status--${tone}`} data-testid="bet-status">
          <span aria-hidden="true">{partly ? '◐' : markOf(slip.status)}</span>{' '}
          {partly ? t('bets.partlyWon') : t(`bets.status.${slip.status}`)}
        </span>
      </div>
      {clock}
      <ul className="bet-lines">
        {slip.items.map((i) => (
          <li key={i.id} className="bet-line">
            <span className="bet-line__name">
              <PlayLabel item={i} numbers={i.numbers} /> <span className="muted num">@{i.odds}</span>
            </span>
            <span className="num">{format(i.amount)}</span>
            {i.payout !== null && (
              <span className="num bet-line__payout">
                → {format(i.payout)} · {t(`bets.status.${i.status}`)}
              </span>
            )}
          </li>
        ))}
      </ul>
      {slip.payout !== null && (
        <div className="record__main">
          <span>{slip.status === 'cancelled' ? t('bets.refunded') : t('bets.payout')}</span>
          <span className="record__amount num" data-testid="bet-payout">
            {format(slip.payout)}
          </span>
        </div>
      )}
      {net !== null && (
        <div className="record__main">
          <span>{t('bets.records.net')}</span>
          <span
            className={`record__amount num net net--${net > 0 ? 'up' : net < 0 ? 'down' : 'even'}`}
            data-testid="bet-net"
          >
            {formatSigned(net)}
          </span>
        </div>
      )}
      {slip.result && family && <ResultView family={family} result={slip.result} zodiac={slip.zodiac} compact />}
      {((linkToGame && href && slip.status === 'unsettled') || slip.cancellable || action || copyHref) && (
        <div className="record__actions">
          {slip.status === 'unsettled' && <CancelSlipButton slip={slip} />}
          {action}
          {copyHref && (
            <Link to={copyHref} className="btn btn--ghost btn--small" data-testid="bet-copy">
              {t('bet.copyToSlip')}
            </Link>
          )}
          {linkToGame && href && slip.status === 'unsettled' && (
            <Link to={href} className="btn btn--ghost btn--small">
              {t('draw.toGame')}
            </Link>
          )}
        </div>
      )}
    </div>
  );
}
