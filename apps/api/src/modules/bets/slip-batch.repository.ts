import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** One slip of a batch as place_bet_slips takes it (db/functions/place_bet_slips.sql). */
export type BatchSlip = {
  userId: number;
  wallet: 'cash' | 'demo';
  gameId: number;
  periodId: number;
  issue: string;
  total: number;
  /** Ledger account keys of the stake's two postings, and the kind of the credited (house-wide) account. */
  debit: string;
  credit: string;
  creditKind: string;
  /** The slip's idempotency key and request hash (null: no key). */
  claimKey: string | null;
  claimHash: string | null;
  /** The id drawn for the slip (reserveSlipIds; absent: the call draws one), and the text its key is first answered
   * with if it is placed (absent: none). */
  id?: number | undefined;
  text?: string | undefined;
};

/** One item of a batch: `slip` is its slip's position in the batch, from 1. */
export type BatchItem = {
  slip: number;
  playItemId: number;
  code: string;
  groupCode: string;
  numbers: readonly number[] | null;
  odds: number;
  amount: number;
  /** The id drawn for the item (absent: the call draws one). */
  id?: number | undefined;
};

/** place_bet_slips' answer for one slip, in batch order. */
export type SlipDecision = {
  r_ord: number;
  r_outcome: string;
  r_bet_id: number | null;
  r_item_ids: number[] | null;
  r_until: Date | null;
  r_period_max: string | number;
  r_limit_period: string | null;
  r_left: string | number | null;
};

/**
 * Commits a batch of slips in one statement (one round trip, one transaction): it first locks the batch's players'
 * rows FOR SHARE (an operator's freeze, an UPDATE of the row, waits for it, or it for the freeze), then calls
 * place_bet_slips: one decision per slip. If some are frozen, the call gets an empty batch (nothing is written) and
 * `frozen` names them; the caller commits the other slips in a batch of their own.
 */
export async function placeBetSlips(
  db: Db,
  batch: {
    at: Date;
    periodMaxDefault: number;
    stakeKind: string;
    /** JSON: refusal key → HTTP status. */
    refusalStatus: string;
    /** Where the business day, week and month of `at` began (the windows of the players' own limits). */
    windows: { day: Date; week: Date; month: Date };
    slips: readonly BatchSlip[];
    items: readonly BatchItem[];
  },
): Promise<{ frozen: number[]; decisions: SlipDecision[] }> {
  const { slips, items } = batch;
  // The lock comes first (a materialized CTE the call depends on). When a player is frozen, the call gets an empty
  // batch (every array empty) and so writes nothing. FOR SHARE re-reads a row a committed freeze changed meanwhile,
  // so the freeze is seen.
  const gate = (values: readonly unknown[], type: string) =>
    sql`(case when cardinality(f.frozen) = 0 then ${values}::${sql.raw(type)} else '{}'::${sql.raw(type)} end)`;
  const { rows } = await sql<SlipDecision & { r_frozen: number[] }>`
    with f as materialized (
      select coalesce(array_agg(u.id) filter (where u.frozen_at is not null), '{}'::int[]) as frozen
      from (select id, frozen_at from users where id = any(${slips.map((s) => s.userId)}::int[])
            order by id for share) u
    )
    select f.frozen as r_frozen, p.* from f left join lateral place_bet_slips(
      ${batch.at}::timestamptz, ${batch.periodMaxDefault}::bigint, ${batch.stakeKind}::text,
      ${batch.refusalStatus}::jsonb,
      ${batch.windows.day}::timestamptz, ${batch.windows.week}::timestamptz, ${batch.windows.month}::timestamptz,
      ${gate(
        slips.map((s) => s.userId),
        'int[]',
      )}, ${gate(
        slips.map((s) => s.wallet),
        'text[]',
      )},
      ${gate(
        slips.map((s) => s.gameId),
        'int[]',
      )}, ${gate(
        slips.map((s) => s.periodId),
        'int[]',
      )},
      ${gate(
        slips.map((s) => s.issue),
        'text[]',
      )}, ${gate(
        slips.map((s) => s.total),
        'bigint[]',
      )},
      ${gate(
        slips.map((s) => s.debit),
        'text[]',
      )}, ${gate(
        slips.map((s) => s.credit),
        'text[]',
      )},
      ${gate(
        slips.map((s) => s.creditKind),
        'text[]',
      )},
      ${gate(
        slips.map((s) => s.claimKey),
        'text[]',
      )}, ${gate(
        slips.map((s) => s.claimHash),
        'text[]',
      )},
      ${gate(
        items.map((i) => i.slip),
        'int[]',
      )}, ${gate(
        items.map((i) => i.playItemId),
        'int[]',
      )},
      ${gate(
        items.map((i) => i.code),
        'text[]',
      )}, ${gate(
        items.map((i) => i.groupCode),
        'text[]',
      )},
      ${gate(
        items.map((i) => (i.numbers ? `{${i.numbers.join(',')}}` : null)),
        'text[]',
      )},
      ${gate(
        items.map((i) => i.odds),
        'int[]',
      )}, ${gate(
        items.map((i) => i.amount),
        'bigint[]',
      )},
      ${gate(
        slips.map((s) => s.id ?? null),
        'int[]',
      )}, ${gate(
        items.map((i) => i.id ?? null),
        'int[]',
      )},
      ${gate(
        slips.map((s) => s.text ?? null),
        'text[]',
      )}) p on true`.execute(db);
  const frozen = rows[0]?.r_frozen ?? [];
  // With an empty batch the call answers no row: the left join's one row says only who is frozen.
  return { frozen, decisions: frozen.length > 0 ? [] : rows.map(({ r_frozen: _frozen, ...d }) => d) };
}

/**
 * Draws `slips` ids from the slips' sequence and `items` from the items' (one round trip, nothing locked, nothing
 * written but the sequences): a batch knows its slips' ids before its transaction, so the text each slip is
 * answered with can be stored with its idempotency key in that transaction. A refused slip leaves its ids unused,
 * as a rolled-back insert would.
 */
export async function reserveSlipIds(
  db: Db,
  slips: number,
  items: number,
): Promise<{ slips: number[]; items: number[] }> {
  // Each sequence is looked up once (offset 0 keeps the lookup out of the rows): pg_get_serial_sequence reads the
  // catalog, and called per id it cost four times what drawing the ids does.
  const { rows } = await sql<{ slips: number[]; items: number[] }>`
    select array(select nextval(q.seq)::int
                   from (select pg_get_serial_sequence('bets', 'id')::regclass as seq offset 0) q,
                        generate_series(1, ${slips}::int) g order by g) as slips,
           array(select nextval(q.seq)::int
                   from (select pg_get_serial_sequence('bet_items', 'id')::regclass as seq offset 0) q,
                        generate_series(1, ${items}::int) g order by g) as items`.execute(db);
  const row = rows[0];
  if (!row || row.slips.length !== slips || row.items.length !== items) throw new Error('slip batch: ids not drawn');
  return row;
}
