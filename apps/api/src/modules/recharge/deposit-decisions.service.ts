/**
 * The operator's deposit queue and decisions: approve (credit the player once) or reject with a reason; a provider's
 * payment event credits through the same creditDeposit (payments.service.ts).
 */
import { depositCredited, minor } from '@fairdraw/domain';
import type { CurrencyCode } from '@fairdraw/domain';
import type { AdminDeposit, DepositStatus, Lang, Paged, TxHashSighting } from '@fairdraw/contract';
import type { Db } from '../../db/database.ts';
import { toPage } from '../../lib/paging.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import { decidePending } from '../decisions/pending-decision.service.ts';
import * as repo from './recharge.repository.ts';
import type { DepositRow, DepositWithChannel, TxHashSightingRow } from './recharge.repository.ts';
import { nonEmpty } from './channels.service.ts';
import { toDeposit } from './deposits.service.ts';

/** The operator's queue; a deposit in another currency shows what the player must have paid (channel_amount). */
export async function listForOperator(
  db: Db,
  query: { status: DepositStatus; q?: string | undefined; page: number; limit: number },
  site: CurrencyCode,
  lang: Lang,
): Promise<Paged<AdminDeposit>> {
  const rows = await repo.listDepositsForOperator(db, query.status, query.q || undefined, query.page, query.limit);
  const sightings = await sightingsOf(db, rows);
  return toPage(rows, query, (r) =>
    toAdminDeposit(r, { user_id: r.user_id, account: r.account, nickname: r.nickname }, sightings, site, lang),
  );
}

/** For each listed deposit that names a hash, every deposit naming the same hash on the same network. */
async function sightingsOf(db: Db, rows: DepositRow[]): Promise<TxHashSightingRow[]> {
  const hashes = [...new Set(rows.flatMap((r) => (r.tx_hash_norm === null ? [] : [r.tx_hash_norm])))];
  return repo.depositsNamingHashes(db, hashes);
}

function toAdminDeposit(
  d: DepositWithChannel,
  user: AdminDeposit['user'],
  sightings: TxHashSightingRow[],
  site: CurrencyCode,
  lang: Lang,
): AdminDeposit {
  const seen: TxHashSighting[] =
    d.tx_hash_norm === null
      ? []
      : sightings
          .filter((s) => s.id !== d.id && s.tx_network === d.tx_network && s.tx_hash_norm === d.tx_hash_norm)
          .map((s) => ({
            deposit_id: s.id,
            user_id: s.user_id,
            account: s.account,
            status: s.status,
            created_at: s.created_at.getTime(),
            duplicate: s.tx_hash_duplicate_of !== null,
          }));
  return {
    ...toDeposit(d, site, lang),
    user,
    tx_hash_normalized: d.tx_hash_norm,
    tx_hash_duplicate_of: d.tx_hash_duplicate_of,
    tx_hash_seen: seen,
  };
}

function snapshot(d: DepositRow) {
  return { id: d.id, user_id: d.user_id, amount: d.amount, status: d.status, reason: d.reason };
}

export type CreditSource = { provider: string; providerRef: string } | null;

/**
 * Marks a pending deposit successful and credits it (domain depositCredited, reference 'deposit:<id>'), with its
 * audit row and the player's 'deposit_credited' message, in the caller's transaction. The deposit row is locked first; a deposit already decided gives
 * 409 ALREADY_DECIDED, so a second approval (or webhook) credits nothing.
 *
 * A crypto deposit whose transfer another deposit was credited for is refused (409 TX_HASH_CREDITED), and so is one
 * stored before hashes were unique that names an earlier deposit's transfer (409 TX_HASH_USED, migration 0034): only
 * the first deposit naming a transfer can be credited for it.
 */
export async function creditDeposit(
  trx: Db,
  id: number,
  actor: AuditActor,
  action: string,
  source: CreditSource,
  now: Date,
): Promise<void> {
  const provider = source ? { provider: source.provider, provider_ref: source.providerRef } : {};
  await decidePending(trx, {
    actor,
    action,
    target: `deposit:${id}`,
    now,
    lock: (t) => repo.lockDeposit(t, id),
    notFound: 'DEPOSIT_NOT_FOUND',
    check: async (t, before) => {
      if (before.tx_network === null || before.tx_hash_norm === null) return;
      const hash = { id, tx_network: before.tx_network, tx_hash_norm: before.tx_hash_norm };
      if (await repo.creditedWithSameHash(t, hash)) throw new AppError('TX_HASH_CREDITED');
      if (before.tx_hash_duplicate_of !== null) throw new AppError('TX_HASH_USED');
    },
    decide: (t) =>
      repo.decideDeposit(t, id, { status: 'success', decided_at: now, decided_by: actor.userId, ...provider }),
    ledger: (before) => ({ tx: depositCredited(before.user_id, minor(before.amount)), reference: `deposit:${id}` }),
    audit: (before) => ({ before: snapshot(before), after: { ...snapshot(before), status: 'success', ...provider } }),
    message: (before) => ({ kind: 'deposit_credited', params: { deposit_id: id, amount: before.amount } }),
  });
}

async function decidedDeposit(db: Db, id: number, site: CurrencyCode, lang: Lang): Promise<AdminDeposit> {
  const rows = await repo.depositOwner(db, id);
  const d = await repo.findDeposit(db, id);
  if (!d || !rows) throw new AppError('DEPOSIT_NOT_FOUND');
  const user = { user_id: rows.id, account: rows.account, nickname: rows.nickname };
  return toAdminDeposit(d, user, await sightingsOf(db, [d]), site, lang);
}

export async function approveDeposit(
  db: Db,
  actor: AuditActor,
  id: number,
  site: CurrencyCode,
  now: Date,
  lang: Lang,
): Promise<AdminDeposit> {
  await db.transaction().execute((trx) => creditDeposit(trx, id, actor, 'deposit.approve', null, now));
  return decidedDeposit(db, id, site, lang);
}

export async function rejectDeposit(
  db: Db,
  actor: AuditActor,
  id: number,
  reason: string | undefined,
  site: CurrencyCode,
  now: Date,
  lang: Lang,
): Promise<AdminDeposit> {
  if (!nonEmpty(reason)) throw new AppError('REASON_REQUIRED', { field: 'reason' });
  await db.transaction().execute((trx) =>
    decidePending(trx, {
      actor,
      action: 'deposit.reject',
      target: `deposit:${id}`,
      now,
      lock: (t) => repo.lockDeposit(t, id),
      notFound: 'DEPOSIT_NOT_FOUND',
      decide: (t) =>
        repo.decideDeposit(t, id, { status: 'rejected', reason, decided_at: now, decided_by: actor.userId }),
      audit: (before) => ({ before: snapshot(before), after: { ...snapshot(before), status: 'rejected', reason } }),
      message: (before) => ({ kind: 'deposit_rejected', params: { deposit_id: id, amount: before.amount, reason } }),
    }),
  );
  return decidedDeposit(db, id, site, lang);
}
