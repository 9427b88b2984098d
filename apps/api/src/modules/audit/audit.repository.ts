import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { AuditLogTable } from '../../db/tables-ledger.ts';

/** Appends one row to the audit log (append-only by trigger) in the caller's transaction. */
export async function insertAuditRow(trx: Db, row: Insertable<AuditLogTable>): Promise<void> {
  await trx.insertInto('audit_log').values(row).execute();
}

/** One page (+1 row, to tell whether there is more) of the audit log, newest first; `q`: contained in action, actor or target. */
export function auditPage(db: Db, page: number, limit: number, q?: string) {
  let query = db.selectFrom('audit_log').selectAll();
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([eb('action', 'ilike', pattern), eb('actor_account', 'ilike', pattern), eb('target', 'ilike', pattern)]),
    );
  }
  return query
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .offset((page - 1) * limit)
    .execute();
}
