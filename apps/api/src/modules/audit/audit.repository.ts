import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { AuditLogTable } from '../../db/tables-ledger.ts';

/** Appends one row to the audit log (append-only by trigger) in the caller's transaction. */
export async function insertAuditRow(trx: Db, row: Insertable<AuditLogTable>): Promise<void> {
  await trx.insertInto('audit_log').values(row).execute();
}

/** One page (+1 row, to tell whether there is more) of the audit log, newest first. */
export function auditPage(db: Db, page: number, limit: number) {
  return db
    .selectFrom('audit_log')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .offset((page - 1) * limit)
    .execute();
}
