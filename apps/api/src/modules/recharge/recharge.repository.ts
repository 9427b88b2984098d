import { sql } from 'kysely';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DepositStatus } from '@fairdraw/contract';
import type { CurrencyCode } from '@fairdraw/domain';
import type { Db } from '../../db/database.ts';
import type { DepositsTable, RechargeChannelsTable } from '../../db/tables-deposits.ts';

export type ChannelRow = Selectable<RechargeChannelsTable>;
export type DepositRow = Selectable<DepositsTable>;
export type DepositWithChannel = DepositRow & {
  channel_type: ChannelRow['type'];
  channel_name: string;
  channel_name_translations: ChannelRow['name_translations'];
};
export type DepositWithUser = DepositWithChannel & { account: string; nickname: string };

export async function listChannels(db: Db, onlyEnabled: boolean): Promise<ChannelRow[]> {
  let q = db.selectFrom('recharge_channels').selectAll().orderBy('sort').orderBy('id');
  if (onlyEnabled) q = q.where('enabled', '=', true);
  return q.execute();
}

export async function findChannel(db: Db, id: number): Promise<ChannelRow | undefined> {
  return db.selectFrom('recharge_channels').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Turns off every enabled channel whose currency is not `siteCurrency` and that has no rate; returns their ids. */
export async function disableUnratedForeignChannels(db: Db, siteCurrency: CurrencyCode): Promise<number[]> {
  const rows = await db
    .updateTable('recharge_channels')
    .set({ enabled: false })
    .where('enabled', '=', true)
    .where('rate', 'is', null)
    .where('currency', 'is not', null)
    .where('currency', '<>', siteCurrency)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Locks the channel row until the transaction ends: two operators saving one channel are applied in turn. */
export async function lockChannel(trx: Db, id: number): Promise<ChannelRow | undefined> {
  return trx.selectFrom('recharge_channels').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function insertChannel(db: Db, values: Insertable<RechargeChannelsTable>): Promise<ChannelRow> {
  return db.insertInto('recharge_channels').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateChannel(
  db: Db,
  id: number,
  values: Updateable<RechargeChannelsTable>,
): Promise<ChannelRow | undefined> {
  return db.updateTable('recharge_channels').set(values).where('id', '=', id).returningAll().executeTakeFirst();
}

/**
 * Inserts a deposit; undefined when it names a transfer (network and normalised hash) another deposit already holds
 * (the unique index deposits_tx_hash_once, migration 0034). Of two such inserts at once, the second waits for the
 * first's transaction and, once it commits, inserts nothing: no unique-violation error, so no 500.
 */
export async function insertDeposit(db: Db, values: Insertable<DepositsTable>): Promise<DepositRow | undefined> {
  return db
    .insertInto('deposits')
    .values(values)
    .onConflict((oc) =>
      oc.columns(['tx_network', 'tx_hash_norm']).where('tx_hash_duplicate_of', 'is', null).doNothing(),
    )
    .returningAll()
    .executeTakeFirst();
}

/** Another deposit naming the same transfer (network and normalised hash) that was credited, if any. */
export async function creditedWithSameHash(
  trx: Db,
  d: { id: number; tx_network: NonNullable<DepositRow['tx_network']>; tx_hash_norm: string },
): Promise<{ id: number } | undefined> {
  return trx
    .selectFrom('deposits')
    .select('id')
    .where('tx_network', '=', d.tx_network)
    .where('tx_hash_norm', '=', d.tx_hash_norm)
    .where('id', '<>', d.id)
    .where('status', '=', 'success')
    .executeTakeFirst();
}

export type TxHashSightingRow = {
  id: number;
  user_id: number;
  account: string;
  status: DepositStatus;
  created_at: Date;
  tx_network: DepositRow['tx_network'];
  tx_hash_norm: string | null;
  tx_hash_duplicate_of: number | null;
};

/** Every deposit naming one of these normalised hashes (any network, any status), oldest first, with its player. */
export async function depositsNamingHashes(db: Db, hashes: string[]): Promise<TxHashSightingRow[]> {
  if (hashes.length === 0) return [];
  return db
    .selectFrom('deposits as d')
    .innerJoin('users as u', 'u.id', 'd.user_id')
    .select([
      'd.id',
      'd.user_id',
      'u.account',
      'd.status',
      'd.created_at',
      'd.tx_network',
      'd.tx_hash_norm',
      'd.tx_hash_duplicate_of',
    ])
    .where('d.tx_hash_norm', 'in', hashes)
    .orderBy('d.id')
    .execute();
}

export async function setBrCode(db: Db, id: number, brCode: string): Promise<void> {
  await db.updateTable('deposits').set({ br_code: brCode }).where('id', '=', id).execute();
}

function withChannel(db: Db) {
  return db
    .selectFrom('deposits as d')
    .innerJoin('recharge_channels as c', 'c.id', 'd.channel_id')
    .selectAll('d')
    .select(['c.type as channel_type', 'c.name as channel_name', 'c.name_translations as channel_name_translations']);
}

export async function findDeposit(db: Db, id: number): Promise<DepositWithChannel | undefined> {
  return withChannel(db).where('d.id', '=', id).executeTakeFirst();
}

export async function findDepositByProviderRef(db: Db, providerRef: string): Promise<{ id: number } | undefined> {
  return db.selectFrom('deposits').select('id').where('provider_ref', '=', providerRef).executeTakeFirst();
}

/** Who made the deposit (id, account, nickname), or undefined for an unknown deposit. */
export async function depositOwner(
  db: Db,
  depositId: number,
): Promise<{ id: number; account: string; nickname: string } | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'account', 'nickname'])
    .where('id', '=', db.selectFrom('deposits').select('user_id').where('id', '=', depositId))
    .executeTakeFirst();
}

/** Locks the deposit row until the transaction ends: decisions on one deposit run one at a time. */
export async function lockDeposit(trx: Db, id: number): Promise<DepositRow | undefined> {
  return trx.selectFrom('deposits').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function decideDeposit(
  trx: Db,
  id: number,
  values: Pick<
    Updateable<DepositsTable>,
    'status' | 'reason' | 'decided_at' | 'decided_by' | 'provider' | 'provider_ref'
  >,
): Promise<void> {
  await trx.updateTable('deposits').set(values).where('id', '=', id).execute();
}

export async function listUserDeposits(
  db: Db,
  userId: number,
  from: Date,
  to: Date,
  page: number,
  limit: number,
): Promise<DepositWithChannel[]> {
  return withChannel(db)
    .where('d.user_id', '=', userId)
    .where('d.created_at', '>=', from)
    .where('d.created_at', '<', to)
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id', 'desc')
    .limit(limit + 1)
    .offset((page - 1) * limit)
    .execute();
}

export async function listDepositsForOperator(
  db: Db,
  status: DepositStatus,
  q: string | undefined,
  page: number,
  limit: number,
): Promise<DepositWithUser[]> {
  let query = withChannel(db)
    .innerJoin('users as u', 'u.id', 'd.user_id')
    .select(['u.account', 'u.nickname'])
    .where('d.status', '=', status);
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([
        eb('u.account', 'ilike', pattern),
        eb(sql<string>`d.transfer->>'payer_name'`, 'ilike', pattern),
        eb('d.tx_hash', 'ilike', pattern),
        eb('d.tx_hash_norm', 'ilike', pattern),
      ]),
    );
  }
  return query
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id', 'desc')
    .limit(limit + 1)
    .offset((page - 1) * limit)
    .execute();
}
