/**
 * The operator's decision on a player's pending request (a deposit, a withdrawal, a KYC submission), in the caller's
 * transaction, always in this order:
 *
 * 1. the request's row is locked (FOR UPDATE, its module's repository): of two decisions at once, the second waits;
 * 2. a row that is missing is refused with the module's not-found key, one no longer pending with 409
 *    ALREADY_DECIDED (so a second approval, or an approval racing a rejection, decides nothing);
 * 3. the module's own refusals that need the locked row (`check`);
 * 4. the decision is written to the row (`decide`, its module's repository);
 * 5. the ledger posting, when the decision moves money (`ledger`, its reference unique: posted once);
 * 6. the audit row (docs/trust.md 21), with the row's snapshot before and after;
 * 7. the player's system message.
 *
 * Everything commits together or not at all. The locked row is returned for what the caller does after (a hook).
 */
import type { LedgerTransaction } from '@fairdraw/domain';
import type { ErrorKey, SystemMessageKind, SystemMessageParams } from '@fairdraw/contract';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { writeAudit } from '../audit/audit.service.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import { postTransaction } from '../ledger/ledger.service.ts';
import { sendSystemMessage } from '../inbox/inbox.service.ts';

/** A system message of any kind with its own parameters. */
export type DecisionMessage = {
  [K in SystemMessageKind]: { kind: K; params: SystemMessageParams[K] };
}[SystemMessageKind];

export type PendingDecision<Row extends { status: string; user_id: number }> = {
  actor: AuditActor;
  /** The audit row's action, e.g. 'deposit.approve'. */
  action: string;
  /** The audit row's target, e.g. 'deposit:12'. */
  target: string;
  now: Date;
  /** Locks the row and reads it (none: no such row). */
  lock: (trx: Db) => Promise<Row | null | undefined>;
  notFound: ErrorKey;
  /** Refusals of this decision beyond "still pending" that read the locked row. */
  check?: (trx: Db, row: Row) => Promise<void>;
  /** Writes the decision (status, reason, who and when) to the row. */
  decide: (trx: Db, row: Row) => Promise<void>;
  /** The posting a decision that moves money makes, and its reference. */
  ledger?: (row: Row) => { tx: LedgerTransaction; reference: string };
  /** The audit row's before and after. */
  audit: (row: Row) => { before: unknown; after: unknown };
  /** The message the player gets. */
  message: (row: Row) => DecisionMessage;
};

export async function decidePending<Row extends { status: string; user_id: number }>(
  trx: Db,
  d: PendingDecision<Row>,
): Promise<Row> {
  const row = await d.lock(trx);
  if (!row) throw new AppError(d.notFound);
  if (row.status !== 'pending') throw new AppError('ALREADY_DECIDED');
  await d.check?.(trx, row);
  await d.decide(trx, row);
  const posting = d.ledger?.(row);
  if (posting) await postTransaction(trx, posting.tx, posting.reference, d.now);
  const { before, after } = d.audit(row);
  await writeAudit(trx, d.actor, d.action, d.target, before, after);
  const message = d.message(row);
  await sendSystemMessage<SystemMessageKind>(trx, row.user_id, message.kind, message.params, d.now);
  return row;
}
