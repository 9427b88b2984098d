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

/** Commits a batch of slips in one call of place_bet_slips (one round trip, one transaction): one decision per slip. */
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
): Promise<SlipDecision[]> {
  const { slips, items } = batch;
  const { rows } = await sql<SlipDecision>`
    select * from place_bet_slips(
      ${batch.at}::timestamptz, ${batch.periodMaxDefault}::bigint, ${batch.stakeKind}::text,
      ${batch.refusalStatus}::jsonb,
      ${batch.windows.day}::timestamptz, ${batch.windows.week}::timestamptz, ${batch.windows.month}::timestamptz,
      ${slips.map((s) => s.userId)}::int[], ${slips.map((s) => s.wallet)}::text[],
      ${slips.map((s) => s.gameId)}::int[], ${slips.map((s) => s.periodId)}::int[],
      ${slips.map((s) => s.issue)}::text[], ${slips.map((s) => s.total)}::bigint[],
      ${slips.map((s) => s.debit)}::text[], ${slips.map((s) => s.credit)}::text[],
      ${slips.map((s) => s.creditKind)}::text[],
      ${slips.map((s) => s.claimKey)}::text[], ${slips.map((s) => s.claimHash)}::text[],
      ${items.map((i) => i.slip)}::int[], ${items.map((i) => i.playItemId)}::int[],
      ${items.map((i) => i.code)}::text[], ${items.map((i) => i.groupCode)}::text[],
      ${items.map((i) => (i.numbers ? `{${i.numbers.join(',')}}` : null))}::text[],
      ${items.map((i) => i.odds)}::int[], ${items.map((i) => i.amount)}::bigint[])`.execute(db);
  return rows;
}
