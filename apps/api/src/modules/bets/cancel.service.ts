/**
 * A player cancels one of his slips before its period's seal (modules/bets README, "Cancel"; docs/trust.md 8): the
 * stake goes back once, into the wallet it came from, and the slip and its items become 'cancelled' — never settled,
 * no turnover, and its stake no longer counts against the per-period limit.
 *
 * One transaction (the idempotency plugin's `commit`: the player's row, then his key), in the bets' lock order:
 *   1. the slip read as his own (another player's or an unknown id → BET_NOT_FOUND);
 *   2. its period locked FOR SHARE, as the bet batch locks it: the seal's UPDATE, a void and the settlement wait for
 *      this transaction, or it for them, and it then reads the period as they left it;
 *   3. the slip's row FOR UPDATE and its status (cancelled → BET_ALREADY_CANCELLED; won, lost, push or void →
 *      BET_ALREADY_SETTLED), the game's switch (BET_CANCEL_DISABLED), then the window: the period open and the
 *      clock, read after the lock, before its seal_at (else PERIOD_SEALED);
 *   4. the refund, the domain's stakeCancelled, 'cancel' / 'bet-cancel:<slipId>' (the ledger's UNIQUE (kind,
 *      reference): once, ever), which locks the wallet and the house-wide account in the ledger's order;
 *   5. the slip's stake taken off bet_period_stakes (under that wallet lock, as the bet batch changes it), and the
 *      slip and its items marked cancelled with payout = the stake.
 * So a cancel and the seal at the same instant give a refund or a refusal, never both, and a slip cancelled is never
 * settled (the settlement and a void take only 'unsettled' slips, under the period's FOR UPDATE lock).
 */
import { minor, stakeCancelled } from '@fairdraw/domain';
import type { BetSlip, Lang } from '@fairdraw/contract';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { inTransaction } from '../../lib/commit.ts';
import type { Commit } from '../../lib/commit.ts';
import { assertNotFrozen } from '../auth/auth.service.ts';
import { postTransaction } from '../ledger/ledger.service.ts';
import * as repo from './bets.repository.ts';
import { slipById } from './bets.service.ts';

/** The ledger reference of a slip's cancel: one per slip, ever. */
export const cancelReference = (slipId: number): string => `bet-cancel:${slipId}`;

/** POST /api/game/cancel: the slip as it stands once cancelled. */
export async function cancelSlip(
  db: Db,
  user: SessionUser,
  slipId: number,
  ctx: { lang: Lang; now: () => Date },
  commit: Commit = inTransaction(db, user.id),
): Promise<BetSlip> {
  if (user.frozen) throw new AppError('ACCOUNT_FROZEN');
  return commit(async (trx) => {
    await assertNotFrozen(trx, user.id);
    const slip = await repo.findOwnSlip(trx, user.id, slipId);
    if (!slip) throw new AppError('BET_NOT_FOUND', { field: 'id' });
    const period = await repo.lockPeriodShared(trx, slip.period_id);
    const status = await repo.lockSlipStatus(trx, slip.id);
    if (status === 'cancelled') throw new AppError('BET_ALREADY_CANCELLED', { field: 'id' });
    if (status !== 'unsettled') throw new AppError('BET_ALREADY_SETTLED', { field: 'id' });
    if (!(await repo.gameCancelEnabled(trx, slip.game_id))) throw new AppError('BET_CANCEL_DISABLED', { field: 'id' });
    // The clock read after the period's lock: a seal committed before it shows in the status.
    const now = ctx.now();
    if (period.status !== 'open' || now.getTime() >= period.seal_at.getTime()) {
      throw new AppError('PERIOD_SEALED', { field: 'id' });
    }
    await postTransaction(trx, stakeCancelled(user.id, slip.wallet, minor(slip.total)), cancelReference(slip.id), now);
    await repo.releasePeriodStake(trx, slip.period_id, user.id, slip.total);
    if (!(await repo.markSlipCancelled(trx, slip.id))) throw new Error(`cancel: slip ${slip.id} left 'unsettled'`);
    const answer = await slipById(trx, slip.id, ctx.lang, ctx.now());
    if (!answer) throw new Error(`cancel: slip ${slip.id} not found after its cancel`);
    return answer;
  });
}
