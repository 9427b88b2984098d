/**
 * Commits a batch of checked bet slips (bets.service.ts prepares them) in ONE database transaction — several
 * players' bets together, so the house (or demo source) account, which every stake credits, is locked and updated
 * once per batch instead of once per bet (the known way past one-transaction-per-bet; bench/bets.ts measures it).
 * The transaction is one statement (slip-batch.repository.ts): it locks the batch's players FOR SHARE and, unless
 * one is frozen (ACCOUNT_FROZEN, modules/players: then nothing is written and the others go again without him),
 * calls the SQL function place_bet_slips (db/functions/place_bet_slips.sql), whose plans each connection prepares
 * once. Each slip is still accepted or refused whole, on its own:
 *
 *   1. the batch's periods are locked FOR SHARE (the seal — UPDATE … WHERE status = 'open' — waits for this
 *      transaction, or this one for it); a player on a time-out or self-exclusion is refused (SELF_EXCLUDED) before
 *      anything else; each slip's window is re-checked at `now()` read as the batch is sent (windowError's rules);
 *   2. a slip's idempotency key is claimed with it, and with the text it is answered with if it is placed (built
 *      before the call from the ids drawn for it, slip-ids.ts): a key already claimed makes the slip a replay
 *      (IdempotentReplay; the route answers with what the key placed), never a second bet;
 *   3. the wallets the stakes debit are locked by the ledger's one lock (ledger_lock_accounts, decision 0004),
 *      so the balances and the per-period totals read next cannot change until commit;
 *   4. in arrival order: per-period limit, then the player's own stake and loss limits (limits.service.ts; the one
 *      with least left binds), then balance — a refusal takes nothing from the balances or totals the
 *      later slips of the batch are checked against, and its key keeps it (a replay is refused alike);
 *   5. the accepted slips (created_at = that `now()`), their items and one stake transaction each (the domain's
 *      stakePlaced: 'stake' / 'bet:<id>', wallet → house-wide account) are inserted set-based and the balances
 *      moved by the ledger's one writer (ledger_apply_deltas); the house-wide account is locked last, so two
 *      batches overlap everything but that.
 *
 * Any unexpected failure of the batch (a lost connection, a constraint the checks should have caught) rolls the
 * whole batch back; the caller then commits each slip alone, so one slip cannot take the others down with it.
 */
import { accountKey, minor, stakePlaced } from '@fairdraw/domain';
import { LIMIT_PERIODS } from '@fairdraw/domain';
import type { CurrencyCode, GameFamily, LimitPeriod } from '@fairdraw/domain';
import type { Db } from '../../db/database.ts';
import { ERRORS } from '@fairdraw/contract';
import { AppError, moneyParam } from '../../lib/app-error.ts';
import type { Outcome } from '../../lib/batch-queue.ts';
import type { IdempotencyClaim } from '../../lib/idempotency-claim.ts';
import { exclusionError } from '../protection/protection.service.ts';
import { limitError, limitWindows } from '../protection/limits.service.ts';
import type { BetItemRow, BetRow } from './bets.repository.ts';
import { placeBetSlips } from './slip-batch.repository.ts';
import { idsPerBatch } from './slip-ids.ts';
import type { SlipIds } from './slip-ids.ts';
import type { BatchItem } from './slip-batch.repository.ts';

export type SlipItem = {
  play_item_id: number;
  code: string;
  group_code: string;
  numbers: number[] | null;
  odds_bps: number;
  amount: number;
};

/** A slip that passed every check that does not need locks (bets.service.ts prepareSlip). */
export type PreparedSlip = {
  userId: number;
  wallet: 'cash' | 'demo';
  /** The game as the catalog read it when the slip was checked (cancelEnabled: its switch, for the answer). */
  game: { id: number; code: string; family: GameFamily; name: unknown; cancelEnabled: boolean };
  period: { id: number; issue: string };
  items: SlipItem[];
  total: number;
  currency: CurrencyCode;
  /** The business time zone, for the end of a break in SELF_EXCLUDED. */
  timeZone: string;
  /** The request's idempotency key, claimed in the slip's transaction (absent: the request had none). */
  claim?: IdempotencyClaim | undefined;
  /**
   * The text the key is first answered with if the slip is placed, from the slip as committed (bets.routes.ts: the
   * route's own serializer). The batch draws the slip's ids first and stores this text with the key in its own
   * transaction, so a replay finds it as soon as the slip exists.
   */
  answer?: ((committed: CommittedSlip) => string) | undefined;
};

/** A slip's items as place_bet_slips takes them, `slip` being the slip's position in the batch (from 1). */
export function batchItems(items: readonly SlipItem[], slip: number): BatchItem[] {
  return items.map((item) => ({
    slip,
    playItemId: item.play_item_id,
    code: item.code,
    groupCode: item.group_code,
    numbers: item.numbers,
    odds: item.odds_bps,
    amount: item.amount,
  }));
}

/** The slip's idempotency key was used already: the answer is what that key placed (bets.routes.ts). */
export class IdempotentReplay extends Error {
  constructor() {
    super('idempotency key already used');
  }
}

/** A placed slip's rows; `text`: what its key was first answered with, stored with the key (PreparedSlip.answer). */
export type CommittedSlip = { slip: BetRow; items: BetItemRow[]; text?: string | undefined };

/** A slip's rows as placed at `at` with these ids (the answer built before the batch is this, and so is the result). */
function committedRows(s: PreparedSlip, id: number, itemIds: readonly number[], at: Date): CommittedSlip {
  const slip: BetRow = {
    id,
    user_id: s.userId,
    game_id: s.game.id,
    period_id: s.period.id,
    issue: s.period.issue,
    wallet: s.wallet,
    total: s.total,
    status: 'unsettled',
    payout: null,
    created_at: at,
    settled_at: null,
  };
  const items = s.items.map((item, j): BetItemRow => {
    const itemId = itemIds[j];
    if (itemId === undefined) throw new Error('slip batch: an id per item expected');
    return { ...item, id: itemId, bet_id: id, status: 'unsettled', payout: null };
  });
  return { slip, items };
}

/** The reason a period no longer takes bets at `now`, or undefined while it does. */
export function windowError(p: { status: string; seal_at: Date } | undefined, now: Date): AppError | undefined {
  if (!p) return periodClosed('PERIOD_NOT_CURRENT');
  if (['sealed', 'drawn', 'settled'].includes(p.status)) return periodClosed('PERIOD_SEALED');
  if (p.status !== 'open') return periodClosed('PERIOD_NOT_CURRENT');
  if (now.getTime() >= p.seal_at.getTime()) return periodClosed('PERIOD_SEALED');
  return undefined;
}

function periodClosed(key: 'PERIOD_SEALED' | 'PERIOD_NOT_CURRENT'): AppError {
  return new AppError(key, { field: 'issue' });
}

export function periodLimitError(periodMax: number, currency: CurrencyCode): AppError {
  return new AppError('PERIOD_LIMIT_REACHED', {
    field: 'items',
    params: { max: moneyParam(periodMax, currency) },
  });
}

export const BET_PERIOD_MAX_DEFAULT = 20_000_000;

/** The refusals the batch decides, with their HTTP status (stored with a refused slip's idempotency key). */
const REFUSALS = [
  'SELF_EXCLUDED',
  'PERIOD_SEALED',
  'PERIOD_NOT_CURRENT',
  'PERIOD_LIMIT_REACHED',
  'STAKE_LIMIT_REACHED',
  'LOSS_LIMIT_REACHED',
  'INSUFFICIENT_BALANCE',
] as const;
type Refusal = (typeof REFUSALS)[number];
const REFUSAL_STATUS = JSON.stringify(Object.fromEntries(REFUSALS.map((key) => [key, ERRORS[key]])));

/** A refusal as the batch records it (and a refused slip's idempotency key keeps it). */
export type RecordedRefusal = {
  refusal: string;
  until: Date | string | null;
  period_max: string | number | null;
  /** STAKE_ / LOSS_LIMIT_REACHED: the binding limit's period and what it had left. */
  limit_period?: string | null | undefined;
  left?: string | number | null | undefined;
};

function limitPeriodOf(p: string | null | undefined): LimitPeriod {
  const period = LIMIT_PERIODS.find((x) => x === p);
  if (!period) throw new Error(`slip batch: unknown limit period ${String(p)}`);
  return period;
}

/** The refusals this process's batches decided (not replays of a key's recorded one): see isBatchRefusal. */
const decided = new WeakSet<AppError>();

function decidedHere(error: AppError): AppError {
  decided.add(error);
  return error;
}

/**
 * Whether an error is the refusal a batch decided for the slip just now — the first answer of its idempotency key,
 * which the batch recorded with the key — rather than a refusal before the batch or a key's replay.
 */
export function isBatchRefusal(error: unknown): boolean {
  return error instanceof AppError && decided.has(error);
}

/**
 * The error a refusal of the batch answers with — when it is decided, and again when its idempotency key is
 * replayed (bets.routes.ts), in the language of each answer.
 */
export function refusalError(r: RecordedRefusal, ctx: { timeZone: string; currency: CurrencyCode }): AppError {
  const key = REFUSALS.find((k) => k === r.refusal);
  if (!key) throw new Error(`slip batch: unknown refusal ${r.refusal}`);
  const refusals: Record<Refusal, () => AppError> = {
    SELF_EXCLUDED: () => exclusionError({ endsAt: new Date(r.until ?? 0) }, ctx.timeZone),
    PERIOD_SEALED: () => periodClosed('PERIOD_SEALED'),
    PERIOD_NOT_CURRENT: () => periodClosed('PERIOD_NOT_CURRENT'),
    PERIOD_LIMIT_REACHED: () => periodLimitError(Number(r.period_max), ctx.currency),
    STAKE_LIMIT_REACHED: () => limitError('stake', limitPeriodOf(r.limit_period), Number(r.left), ctx.currency),
    LOSS_LIMIT_REACHED: () => limitError('loss', limitPeriodOf(r.limit_period), Number(r.left), ctx.currency),
    INSUFFICIENT_BALANCE: () => new AppError('INSUFFICIENT_BALANCE'),
  };
  return refusals[key]();
}

/**
 * Commits a batch. A frozen player's slips are refused (403 ACCOUNT_FROZEN, modules/players): the batch's statement
 * finds them under its lock on the players' rows and then writes nothing, and the other slips are committed as a
 * batch of their own (found again under the lock, should one more be frozen meanwhile).
 */
export async function commitSlips(
  db: Db,
  slips: readonly PreparedSlip[],
  now: () => Date,
  ids: SlipIds = idsPerBatch(db),
): Promise<Outcome<CommittedSlip>[]> {
  const frozen = new Set<number>();
  for (;;) {
    const open = slips.filter((s) => !frozen.has(s.userId));
    const placed = await placeSlips(db, open, now, ids);
    if (placed.frozen.length === 0) {
      const outcomes = placed.outcomes;
      return slips.map((s): Outcome<CommittedSlip> => {
        if (frozen.has(s.userId)) return { ok: false, error: new AppError('ACCOUNT_FROZEN') };
        const outcome = outcomes.shift();
        if (!outcome) throw new Error('slip batch: one decision per slip expected');
        return outcome;
      });
    }
    for (const id of placed.frozen) frozen.add(id);
  }
}

async function placeSlips(
  db: Db,
  slips: readonly PreparedSlip[],
  now: () => Date,
  slipIds: SlipIds,
): Promise<{ frozen: number[]; outcomes: Outcome<CommittedSlip>[] }> {
  if (slips.length === 0) return { frozen: [], outcomes: [] };
  // Each stake is the domain's transaction: its one negative posting is the player's wallet, its one positive
  // posting the house-wide account; the function posts exactly that shape.
  const stakes = slips.map((s) => {
    const tx = stakePlaced(s.userId, s.wallet, minor(s.total));
    const debit = tx.postings.find((p) => p.amount < 0);
    const credit = tx.postings.find((p) => p.amount > 0);
    if (tx.postings.length !== 2 || !debit || !credit || credit.account.userId !== undefined) {
      throw new Error('slip batch: a stake must move the wallet to one house-wide account');
    }
    return {
      kind: tx.kind,
      debit: accountKey(debit.account),
      credit: accountKey(credit.account),
      creditKind: credit.account.kind,
    };
  });
  // A slip answered with a stored text (a keyed request) needs its ids before the batch: the text names them.
  const ids = slips.some((s) => s.answer && s.claim)
    ? await slipIds.take(
        slips.length,
        slips.reduce((n, s) => n + s.items.length, 0),
      )
    : undefined;
  const at = now();
  let next = 0;
  const itemIds = slips.map((s) => (ids ? ids.items.slice(next, (next += s.items.length)) : []));
  const texts = slips.map((s, k) => {
    const id = ids?.slips[k];
    if (id === undefined || !s.answer || !s.claim) return undefined;
    return s.answer(committedRows(s, id, itemIds[k] ?? [], at));
  });
  const { frozen, decisions: rows } = await placeBetSlips(db, {
    at,
    periodMaxDefault: BET_PERIOD_MAX_DEFAULT,
    stakeKind: stakes[0]?.kind ?? 'stake',
    refusalStatus: REFUSAL_STATUS,
    windows: limitWindows(at, slips[0]?.timeZone ?? 'UTC'),
    slips: slips.map((s, k) => {
      const { debit, credit, creditKind } = stakes[k] as (typeof stakes)[number];
      return {
        userId: s.userId,
        wallet: s.wallet,
        gameId: s.game.id,
        periodId: s.period.id,
        issue: s.period.issue,
        total: s.total,
        debit,
        credit,
        creditKind,
        claimKey: s.claim?.key ?? null,
        claimHash: s.claim?.hash ?? null,
        id: ids?.slips[k],
        text: texts[k],
      };
    }),
    items: slips.flatMap((s, k) => {
      const drawn = itemIds[k] ?? [];
      return batchItems(s.items, k + 1).map((item, j) => ({ ...item, id: drawn[j] }));
    }),
  });
  if (frozen.length > 0) return { frozen, outcomes: [] };
  if (rows.length !== slips.length) throw new Error('slip batch: one decision per slip expected');
  const outcomes = rows.map((d, k): Outcome<CommittedSlip> => {
    const s = slips[k] as PreparedSlip;
    switch (d.r_outcome) {
      case 'ok':
        return {
          ok: true,
          value: { ...committedRows(s, d.r_bet_id as number, d.r_item_ids ?? [], at), text: texts[k] },
        };
      case 'REPLAY':
        return { ok: false, error: new IdempotentReplay() };
      case 'SELF_EXCLUDED':
      case 'PERIOD_SEALED':
      case 'PERIOD_NOT_CURRENT':
      case 'PERIOD_LIMIT_REACHED':
      case 'STAKE_LIMIT_REACHED':
      case 'LOSS_LIMIT_REACHED':
      case 'INSUFFICIENT_BALANCE':
        return {
          ok: false,
          error: decidedHere(
            refusalError(
              {
                refusal: d.r_outcome,
                until: d.r_until ?? at,
                period_max: d.r_period_max,
                limit_period: d.r_limit_period,
                left: d.r_left,
              },
              s,
            ),
          ),
        };
      default:
        throw new Error(`slip batch: unknown outcome ${d.r_outcome}`);
    }
  });
  return { frozen: [], outcomes };
}
