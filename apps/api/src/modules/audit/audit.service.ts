import type { AuditEntry, Paged } from '@fairdraw/contract';
import type { Db } from '../../db/database.ts';
import * as repo from './audit.repository.ts';

/** Who did it: an operator (user id and account) or a system actor such as 'provider:sandbox' (no user id). */
export type AuditActor = { userId: number | null; account: string };

/**
 * Appends one audit row (docs/trust.md 21). Call it with the same `trx` as the action it records, so the action and its
 * record commit or roll back together. `before`/`after` are JSON-serialisable snapshots (null when none).
 */
export async function writeAudit(
  trx: Db,
  actor: AuditActor,
  action: string,
  target: string,
  before: unknown,
  after: unknown,
): Promise<void> {
  await repo.insertAuditRow(trx, {
    actor_user_id: actor.userId,
    actor_account: actor.account,
    action,
    target,
    before: before === null || before === undefined ? null : JSON.stringify(before),
    after: after === null || after === undefined ? null : JSON.stringify(after),
  });
}

/** The audit log, newest first; `q` keeps the entries whose action, operator or target contains it. */
export async function listAudit(db: Db, page: number, limit: number, q?: string): Promise<Paged<AuditEntry>> {
  const rows = await repo.auditPage(db, page, limit, q || undefined);
  return {
    list: rows.slice(0, limit).map((r) => ({
      id: r.id,
      actor: r.actor_account,
      action: r.action,
      target: r.target,
      before: r.before,
      after: r.after,
      at: r.at.getTime(),
    })),
    page,
    limit,
    has_more: rows.length > limit,
  };
}
