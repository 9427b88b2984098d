/**
 * Commits a batch of checked bet slips (bets.service.ts prepares them) in ONE database transaction — several
 * players' bets together, so the house (or demo source) account, which every stake credits, is locked and updated
 * once per batch instead of once per bet (the known way past one-transaction-per-bet; bench/bets.ts measures it).
 * Each slip is still accepted or refused whole, on its own:
 *
 *   1. the batch's periods are locked FOR SHARE and each slip's window re-checked with a fresh reading of the
 *      server clock (the seal — UPDATE … WHERE status = 'open' — waits for this transaction, or this one for it);
 *      a player on a time-out or self-exclusion is refused (SELF_EXCLUDED) before anything else;
 *   2. the wallets the stakes debit are locked FOR UPDATE (ledger lockAccounts), so the balances and the per-period
 *      totals read next cannot change until commit; the house-wide account is locked last, in step 4, so two
 *      batches overlap everything but that;
 *   3. in arrival order: per-period limit, then balance — a refusal takes nothing from the balances or totals the
 *      later slips of the batch are checked against;
 *   4. the accepted slips, their items and one 'stake' / 'bet:<id>' ledger transaction each are inserted with
 *      set-based statements (postTransactions), and the transaction commits.
 *
 * Any unexpected failure of the batch (a lost connection, a constraint the checks should have caught) rolls the
 * whole batch back; the caller then commits each slip alone, so one slip cannot take the others down with it.
 */
import { sql } from 'kysely';
import { accountKey, formatAmount, minor, stakePlaced } from '@fairdraw/domain';
import type { CurrencyCode, GameFamily, LedgerTransaction } from '@fairdraw/domain';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Outcome } from '../../lib/batch-queue.ts';
import { lockAccounts, postTransactions } from '../ledger/ledger.service.ts';
import { activeExclusions, exclusionError } from '../protection/protection.service.ts';
import type { BetItemRow, BetRow } from './bets.repository.ts';

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
  game: { id: number; code: string; family: GameFamily; name: unknown };
  period: { id: number; issue: string };
  items: SlipItem[];
  total: number;
  currency: CurrencyCode;
  /** The business time zone, for the end of a break in SELF_EXCLUDED. */
  timeZone: string;
};

export type CommittedSlip = { slip: BetRow; items: BetItemRow[] };

/** The reason a period no longer takes bets at `now`, or undefined while it does. */
export function windowError(p: { status: string; seal_at: Date } | undefined, now: Date): AppError | undefined {
  if (!p) return new AppError('PERIOD_NOT_CURRENT', { field: 'issue' });
  if (['sealed', 'drawn', 'settled'].includes(p.status)) return new AppError('PERIOD_SEALED', { field: 'issue' });
  if (p.status !== 'open') return new AppError('PERIOD_NOT_CURRENT', { field: 'issue' });
  if (now.getTime() >= p.seal_at.getTime()) return new AppError('PERIOD_SEALED', { field: 'issue' });
  return undefined;
}

export function periodLimitError(periodMax: number, currency: CurrencyCode): AppError {
  return new AppError('PERIOD_LIMIT_REACHED', {
    field: 'items',
    params: { max: formatAmount(periodMax, currency) },
  });
}

export const BET_PERIOD_MAX_DEFAULT = 20_000_000;

export async function commitSlips(
  db: Db,
  slips: readonly PreparedSlip[],
  now: () => Date,
): Promise<Outcome<CommittedSlip>[]> {
  return db.transaction().execute(async (trx) => {
    const outcomes: (Outcome<CommittedSlip> | undefined)[] = slips.map(() => undefined);
    const refuse = (i: number, error: AppError) => {
      outcomes[i] = { ok: false, error };
    };

    // 1. Periods, FOR SHARE, in id order; the window re-checked now that the seal cannot interleave.
    const periodIds = [...new Set(slips.map((s) => s.period.id))].sort((a, b) => a - b);
    const { rows: periods } = await sql<{ id: number; status: string; seal_at: Date }>`
      select id, status, seal_at from periods where id = any(${periodIds}::int[]) order by id for share`.execute(trx);
    const periodOf = new Map(periods.map((p) => [p.id, p]));
    const at = now();
    // A player on a time-out or self-exclusion (trust.md 30) is refused first, whatever else the slip says.
    const excluded = await activeExclusions(trx, [...new Set(slips.map((s) => s.userId))], at);
    slips.forEach((s, i) => {
      const running = excluded.get(s.userId);
      const error = running ? exclusionError(running, s.timeZone) : windowError(periodOf.get(s.period.id), at);
      if (error) refuse(i, error);
    });

    // 2. The wallets the remaining stakes would debit, locked until commit. The house-wide account each stake
    //    credits is locked last, by the posting in step 4 (the ledger's lock order), so this batch gets this far
    //    while the previous one still holds it.
    const txs: (LedgerTransaction | undefined)[] = slips.map((s, i) =>
      outcomes[i] ? undefined : stakePlaced(s.userId, s.wallet, minor(s.total)),
    );
    const debited = (tx: LedgerTransaction) => tx.postings.find((p) => p.amount < 0)?.account;
    const balances = await lockAccounts(
      trx,
      txs.flatMap((tx) => {
        const account = tx && debited(tx);
        return account ? [account] : [];
      }),
    );

    // 3. Per-period limit, then balance, slip by slip in arrival order — read in a statement of its own, after the
    //    locks (its snapshot then includes every slip committed before them), with ids for the slips reserved.
    const candidates = slips.filter((_, i) => txs[i] !== undefined);
    const users = [...new Set(slips.map((s) => s.userId))];
    const { rows: readRows } = await sql<{
      period_max: unknown;
      staked: { user_id: number; period_id: number; staked: number }[];
      bet_ids: number[];
      item_ids: number[];
    }>`
      select (select value from settings where key = 'bet_period_max_per_player') as period_max,
        (select coalesce(json_agg(s), '[]') from (
          select user_id, period_id, sum(total)::bigint as staked from bets
          where user_id = any(${users}::int[]) and period_id = any(${periodIds}::int[]) and status <> 'void'
          group by user_id, period_id) s) as staked,
        array(select nextval(pg_get_serial_sequence('bets', 'id'))::int
              from generate_series(1, ${candidates.length})) as bet_ids,
        array(select nextval(pg_get_serial_sequence('bet_items', 'id'))::int
              from generate_series(1, ${candidates.reduce((n, s) => n + s.items.length, 0)})) as item_ids
    `.execute(trx);
    const read = readRows[0];
    if (!read) throw new Error('slip batch: no row');
    const periodMax =
      typeof read.period_max === 'number' && Number.isSafeInteger(read.period_max)
        ? read.period_max
        : BET_PERIOD_MAX_DEFAULT;
    const staked = new Map(read.staked.map((r) => [`${r.user_id}:${r.period_id}`, Number(r.staked)]));
    const accepted: number[] = [];
    slips.forEach((s, i) => {
      const tx = txs[i];
      if (!tx) return;
      const key = `${s.userId}:${s.period.id}`;
      const already = staked.get(key) ?? 0;
      if (already + s.total > periodMax) return refuse(i, periodLimitError(periodMax, s.currency));
      const player = debited(tx);
      const account = player ? balances.get(accountKey(player)) : undefined;
      if (!account || account.balance < s.total) return refuse(i, new AppError('INSUFFICIENT_BALANCE'));
      account.balance -= s.total;
      staked.set(key, already + s.total);
      accepted.push(i);
    });

    // 4. Slips, items and stake postings of the accepted ones (an id reserved for a refused slip stays unused).
    if (accepted.length > 0) {
      let nextItem = 0;
      const slipRows = accepted.map((i, k) => {
        const s = slips[i] as PreparedSlip;
        const id = read.bet_ids[k] as number;
        const items: BetItemRow[] = s.items.map((item) => ({
          ...item,
          id: read.item_ids[nextItem++] as number,
          bet_id: id,
          status: 'unsettled',
          payout: null,
        }));
        return { id, s, items };
      });
      const itemRows = slipRows.flatMap((r) => r.items);
      // Slips and items in one statement (the items' foreign key is checked at the end of it).
      const { rows: inserted } = await sql<BetRow>`
        with slips as (
          insert into bets (id, user_id, game_id, period_id, issue, wallet, total)
          overriding system value
          select * from unnest(${slipRows.map((r) => r.id)}::int[], ${slipRows.map((r) => r.s.userId)}::int[],
            ${slipRows.map((r) => r.s.game.id)}::int[], ${slipRows.map((r) => r.s.period.id)}::int[],
            ${slipRows.map((r) => r.s.period.issue)}::text[], ${slipRows.map((r) => r.s.wallet)}::text[],
            ${slipRows.map((r) => r.s.total)}::bigint[])
          returning *
        ), items as (
          insert into bet_items (id, bet_id, play_item_id, code, group_code, numbers, odds_bps, amount)
          overriding system value
          select id, bet_id, play_item_id, code, group_code, numbers::int[], odds_bps, amount
          from unnest(${itemRows.map((r) => r.id)}::int[], ${itemRows.map((r) => r.bet_id)}::int[],
            ${itemRows.map((r) => r.play_item_id)}::int[], ${itemRows.map((r) => r.code)}::text[],
            ${itemRows.map((r) => r.group_code)}::text[],
            ${itemRows.map((r) => (r.numbers ? `{${r.numbers.join(',')}}` : null))}::text[],
            ${itemRows.map((r) => r.odds_bps)}::int[], ${itemRows.map((r) => r.amount)}::bigint[])
            as t(id, bet_id, play_item_id, code, group_code, numbers, odds_bps, amount)
          returning 1
        )
        select * from slips`.execute(trx);
      const insertedById = new Map(inserted.map((b) => [b.id, b]));
      const itemsOf = new Map(slipRows.map((r) => [r.id, r.items]));

      await postTransactions(
        trx,
        slipRows.map(({ id }, k) => ({ tx: txs[accepted[k] as number] as LedgerTransaction, reference: `bet:${id}` })),
      );

      slipRows.forEach(({ id }, k) => {
        const slip = insertedById.get(id);
        if (!slip) throw new Error(`bet ${id} missing after insert`);
        outcomes[accepted[k] as number] = {
          ok: true,
          value: {
            slip: { ...slip, total: Number(slip.total) },
            items: itemsOf.get(id) ?? [],
          },
        };
      });
    }
    return outcomes.map((o) => o ?? { ok: false, error: new Error('slip without an outcome') });
  });
}
