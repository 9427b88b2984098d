import { sql } from 'kysely';
import type { Insertable, Updateable } from 'kysely';
import type { KycStatus } from '@fairdraw/contract';
import type { Db } from '../../db/database.ts';
import type { KycSubmissionRow, KycSubmissionsTable } from '../../db/tables-kyc.ts';

export type { KycSubmissionRow } from '../../db/tables-kyc.ts';
export type KycWithUser = KycSubmissionRow & { account: string; nickname: string };

/** The player's latest submission (their current status), if any. */
export async function latestSubmission(db: Db, userId: number): Promise<KycSubmissionRow | undefined> {
  return db
    .selectFrom('kyc_submissions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function insertSubmission(trx: Db, values: Insertable<KycSubmissionsTable>): Promise<KycSubmissionRow> {
  return trx.insertInto('kyc_submissions').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function findSubmission(db: Db, id: number): Promise<KycSubmissionRow | undefined> {
  return db.selectFrom('kyc_submissions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Locks a submission until the transaction ends: decisions on one submission run one at a time. */
export async function lockSubmission(trx: Db, id: number): Promise<KycSubmissionRow | undefined> {
  return trx.selectFrom('kyc_submissions').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function decideSubmission(
  trx: Db,
  id: number,
  values: Pick<Updateable<KycSubmissionsTable>, 'status' | 'reason' | 'decided_at' | 'decided_by'>,
): Promise<void> {
  await trx.updateTable('kyc_submissions').set(values).where('id', '=', id).execute();
}

export async function findSubmissionWithUser(db: Db, id: number): Promise<KycWithUser | undefined> {
  return db
    .selectFrom('kyc_submissions as k')
    .innerJoin('users as u', 'u.id', 'k.user_id')
    .selectAll('k')
    .select(['u.account', 'u.nickname'])
    .where('k.id', '=', id)
    .executeTakeFirst();
}

/** One page (+1 row, to tell whether there is more) of the review queue: oldest first while pending, else newest. */
export async function listSubmissions(db: Db, status: KycStatus, page: number, limit: number): Promise<KycWithUser[]> {
  return db
    .selectFrom('kyc_submissions as k')
    .innerJoin('users as u', 'u.id', 'k.user_id')
    .selectAll('k')
    .select(['u.account', 'u.nickname'])
    .where('k.status', '=', status)
    .orderBy('k.id', status === 'pending' ? 'asc' : 'desc')
    .limit(limit + 1)
    .offset((page - 1) * limit)
    .execute();
}

/** An account that submitted a document: its status with it (its latest submission of it) and whether it is frozen. */
export type DocumentHolderRow = {
  document_key: string;
  user_id: number;
  account: string;
  nickname: string;
  status: KycStatus;
  frozen: boolean;
};

/**
 * Every account that submitted one of these documents (by key), each once per document with the status of its
 * latest submission of it; oldest submission first.
 */
export async function documentHolders(db: Db, documentKeys: readonly string[]): Promise<DocumentHolderRow[]> {
  if (documentKeys.length === 0) return [];
  return db
    .selectFrom('kyc_submissions as k')
    .innerJoin('users as u', 'u.id', 'k.user_id')
    .distinctOn(['k.document_key', 'k.user_id'])
    .select([
      'k.document_key',
      'k.user_id',
      'u.account',
      'u.nickname',
      'k.status',
      sql<boolean>`u.frozen_at is not null`.as('frozen'),
    ])
    .where('k.document_key', 'in', [...new Set(documentKeys)])
    .orderBy('k.document_key')
    .orderBy('k.user_id')
    .orderBy('k.id', 'desc')
    .execute();
}
