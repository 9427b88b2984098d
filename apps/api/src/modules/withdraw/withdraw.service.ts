/**
 * Withdrawals (docs/trust.md 25): a player asks for money to be paid out to one of their payout methods; the
 * amount plus the fee moves from player_cash to withdrawals_pending at once (the wallet's "frozen"); an operator
 * then pays it (the money leaves: withdrawals_pending → deposits_clearing and fees) or rejects it (everything
 * returns to player_cash). Each step posts once under its own ledger kind and the reference 'withdrawal:<id>'.
 */
import {
  checkWithdrawalFeeRule,
  minor,
  MoneyError,
  withdrawalFee,
  withdrawalPaid,
  withdrawalRejected,
  withdrawalRequested,
} from '@fairdraw/domain';
import type { CurrencyCode, WithdrawalFeeRule } from '@fairdraw/domain';
import type {
  AdminWithdrawal,
  FeeRule,
  Paged,
  Withdrawal,
  WithdrawalStatus,
  WithdrawSettings,
  WithdrawSubmitRequest,
} from '@fairdraw/contract';
import type { Db } from '../../db/database.ts';
import { lockSettings, saveSettings } from '../../db/settings.ts';
import { toPage } from '../../lib/paging.ts';
import { AppError, moneyParam } from '../../lib/app-error.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { inTransaction } from '../../lib/commit.ts';
import type { Commit } from '../../lib/commit.ts';
import { writeAudit } from '../audit/audit.service.ts';
import { decidePending } from '../decisions/pending-decision.service.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import { postTransaction } from '../ledger/ledger.service.ts';
import {
  countActivePayoutMethods,
  findActivePayoutMethod,
  toPayoutMethod,
} from '../payout-methods/payout-methods.service.ts';
import { hasFundPassword, verifyFundPassword } from '../security/fund-password.service.ts';
import type { FundPasswordSettings } from '../security/fund-password.service.ts';
import { getWithdrawSettings } from '../wallet/wallet.service.ts';
import { isKycVerified } from '../kyc/kyc.service.ts';
import { bonusLockOf } from '../bonus/bonus.service.ts';
import { assertNotFrozen } from '../auth/auth.service.ts';
import * as repo from './withdraw.repository.ts';
import type { WithdrawalRow, WithdrawalWithUser } from './withdraw.repository.ts';

export function toWithdrawal(w: WithdrawalRow): Withdrawal {
  return {
    id: w.id,
    amount: w.amount,
    fee: w.fee,
    payout: w.payout,
    status: w.status,
    reason: w.reason,
    created_at: w.created_at.getTime(),
    decided_at: w.decided_at ? w.decided_at.getTime() : null,
  };
}

export function toAdminWithdrawal(w: WithdrawalWithUser): AdminWithdrawal {
  const method = {
    id: w.payout_method_id,
    user_id: w.user_id,
    type: w.method_type,
    details: w.method_details,
    created_at: w.method_created_at,
    deleted_at: null,
  };
  return {
    ...toWithdrawal(w),
    user: { user_id: w.user_id, account: w.account, nickname: w.nickname },
    payout_to: toPayoutMethod(method, { masked: false }),
  };
}

/** The contract's fee rule (snake_case, what the settings table stores) as the domain's. */
export function toDomainFeeRule(rule: FeeRule): WithdrawalFeeRule {
  return {
    percentBps: rule.percent_bps,
    fixed: minor(rule.fixed),
    min: minor(rule.min),
    max: rule.max === null ? null : minor(rule.max),
  };
}

export type SubmitContext = {
  currency: CurrencyCode;
  fundPassword: FundPasswordSettings;
  now: Date;
  /** The transaction the request commits in (with its idempotency key: plugins/idempotency.ts); plain by default. */
  commit?: Commit;
};

/**
 * A player's withdrawal request. The checks run in this order, so the first unmet rule is the message:
 * not frozen by an operator (ACCOUNT_FROZEN, modules/players; checked again under the lock on the player's row in the
 * transaction, so a freeze that commits first refuses it) → verified identity when the operator requires it → fund password set → a payout method bound → amount entered → within the limits → payout method chosen and the
 * player's own → fund password entered and right → balance (the ledger decides, under its lock on the wallet, with
 * the CHECK on player balances, so parallel requests can never overdraw: decision 0004) → what is left covers the
 * bonus still locked by its turnover requirement (BONUS_TURNOVER_REQUIRED, modules/bonus).
 */
export async function submitWithdrawal(
  db: Db,
  user: SessionUser,
  input: WithdrawSubmitRequest,
  ctx: SubmitContext,
): Promise<Withdrawal> {
  // A frozen player is refused first (the session's view; checked again under a lock in the transaction below).
  if (user.frozen) throw new AppError('ACCOUNT_FROZEN');
  // The operator may require verified identity first (KYC_REQUIRED: the withdrawal screen links to /identityCard).
  if ((await getWithdrawSettings(db)).require_kyc && !(await isKycVerified(db, user.id))) {
    throw new AppError('KYC_REQUIRED');
  }
  if (!(await hasFundPassword(db, user.id))) throw new AppError('FUND_PASSWORD_NOT_SET');
  if ((await countActivePayoutMethods(db, user.id)) === 0) throw new AppError('PAYOUT_METHOD_REQUIRED');
  if (input.amount === undefined || input.amount <= 0) throw new AppError('AMOUNT_REQUIRED', { field: 'amount' });
  const amount = minor(input.amount);
  const settings = await getWithdrawSettings(db);
  if (amount < settings.min) {
    throw new AppError('AMOUNT_BELOW_MIN', {
      field: 'amount',
      params: { min: moneyParam(settings.min, ctx.currency) },
    });
  }
  if (amount > settings.max) {
    throw new AppError('AMOUNT_ABOVE_MAX', {
      field: 'amount',
      params: { max: moneyParam(settings.max, ctx.currency) },
    });
  }
  if (input.payout_id === undefined) throw new AppError('REQUIRED_FIELDS', { field: 'payout_id' });
  const method = await findActivePayoutMethod(db, user.id, input.payout_id);
  if (!method) throw new AppError('PAYOUT_NOT_FOUND', { field: 'payout_id' });
  if (input.fund_password === undefined || input.fund_password === '') {
    throw new AppError('REQUIRED_FIELDS', { field: 'fund_password' });
  }
  // Outside the transaction below: a wrong attempt must stay counted although the request fails, and the argon2
  // verification should not hold a database transaction open.
  await verifyFundPassword(db, user.id, input.fund_password, ctx.now, ctx.fundPassword);

  const fee = withdrawalFee(amount, toDomainFeeRule(settings.fee));
  // No balance can hold more than the largest safe integer, so a sum beyond it could never be covered.
  if (amount + fee > Number.MAX_SAFE_INTEGER) throw new AppError('INSUFFICIENT_BALANCE');
  const payout = toPayoutMethod(method);
  const actor: AuditActor = { userId: user.id, account: user.account };
  const commit = ctx.commit ?? inTransaction(db, user.id);
  return commit(async (trx) => {
    // Locks the player's row: a freeze committed before this withdrawal refuses it (403 ACCOUNT_FROZEN).
    await assertNotFrozen(trx, user.id);
    const w = await repo.insertWithdrawal(trx, {
      user_id: user.id,
      payout_method_id: method.id,
      payout: JSON.stringify(payout),
      amount,
      fee,
    });
    // Refused with INSUFFICIENT_BALANCE when player_cash cannot cover amount + fee: the row above rolls back too.
    const posted = await postTransaction(trx, withdrawalRequested(user.id, amount, fee), `withdrawal:${w.id}`, ctx.now);
    // A claimed rebate still under its turnover requirement stays in the wallet (modules/bonus): checked under the
    // wallet's lock, which a claim takes too, so a claim and a withdrawal never pass each other.
    const left = posted.balances.get(`player_cash:${user.id}`) ?? 0;
    const bonus = await bonusLockOf(trx, user.id);
    if (left < bonus.locked) {
      throw new AppError('BONUS_TURNOVER_REQUIRED', {
        field: 'amount',
        params: {
          locked: moneyParam(bonus.locked, ctx.currency),
          left: moneyParam(bonus.left, ctx.currency),
          withdrawable: moneyParam(Math.max(0, left + amount + fee - bonus.locked), ctx.currency),
        },
      });
    }
    await writeAudit(trx, actor, 'withdraw.request', `withdrawal:${w.id}`, null, snapshot(w));
    return toWithdrawal(w);
  });
}

export async function listOwnWithdrawals(
  db: Db,
  userId: number,
  query: { page: number; limit: number },
): Promise<Paged<Withdrawal>> {
  const rows = await repo.listUserWithdrawals(db, userId, query.page, query.limit);
  return toPage(rows, query, toWithdrawal);
}

export async function listForOperator(
  db: Db,
  query: { status: WithdrawalStatus; q?: string | undefined; page: number; limit: number },
): Promise<Paged<AdminWithdrawal>> {
  const rows = await repo.listWithdrawalsForOperator(db, query.status, query.q || undefined, query.page, query.limit);
  return toPage(rows, query, toAdminWithdrawal);
}

function snapshot(w: WithdrawalRow) {
  return {
    id: w.id,
    user_id: w.user_id,
    payout_method_id: w.payout_method_id,
    amount: w.amount,
    fee: w.fee,
    status: w.status,
    reason: w.reason,
  };
}

async function decided(db: Db, id: number): Promise<AdminWithdrawal> {
  const w = await repo.findWithdrawal(db, id);
  if (!w) throw new AppError('WITHDRAWAL_NOT_FOUND');
  return toAdminWithdrawal(w);
}

/**
 * Pays a pending withdrawal: the row is locked first, so of two approvals (or an approval and a rejection) one
 * decides and the other answers 409 ALREADY_DECIDED; the posting, the audit row and the player's message commit
 * with the status.
 */
export async function approveWithdrawal(db: Db, actor: AuditActor, id: number, now: Date): Promise<AdminWithdrawal> {
  await db.transaction().execute((trx) =>
    decidePending(trx, {
      actor,
      action: 'withdraw.approve',
      target: `withdrawal:${id}`,
      now,
      lock: (t) => repo.lockWithdrawal(t, id),
      notFound: 'WITHDRAWAL_NOT_FOUND',
      decide: (t) => repo.decideWithdrawal(t, id, { status: 'paid', decided_at: now, decided_by: actor.userId }),
      ledger: (before) => ({
        tx: withdrawalPaid(before.user_id, minor(before.amount), minor(before.fee)),
        reference: `withdrawal:${id}`,
      }),
      audit: (before) => ({ before: snapshot(before), after: { ...snapshot(before), status: 'paid' } }),
      message: (before) => ({ kind: 'withdrawal_paid', params: { withdrawal_id: id, amount: before.amount } }),
    }),
  );
  return decided(db, id);
}

/**
 * Rejects a pending withdrawal with a reason the player sees (in the response and in a message); amount and fee
 * return to player_cash.
 */
export async function rejectWithdrawal(
  db: Db,
  actor: AuditActor,
  id: number,
  reason: string | undefined,
  now: Date,
): Promise<AdminWithdrawal> {
  if (reason === undefined || reason.trim() === '') throw new AppError('REASON_REQUIRED', { field: 'reason' });
  await db.transaction().execute((trx) =>
    decidePending(trx, {
      actor,
      action: 'withdraw.reject',
      target: `withdrawal:${id}`,
      now,
      lock: (t) => repo.lockWithdrawal(t, id),
      notFound: 'WITHDRAWAL_NOT_FOUND',
      decide: (t) =>
        repo.decideWithdrawal(t, id, { status: 'rejected', reason, decided_at: now, decided_by: actor.userId }),
      ledger: (before) => ({
        tx: withdrawalRejected(before.user_id, minor(before.amount), minor(before.fee)),
        reference: `withdrawal:${id}`,
      }),
      audit: (before) => ({ before: snapshot(before), after: { ...snapshot(before), status: 'rejected', reason } }),
      message: (before) => ({
        kind: 'withdrawal_rejected',
        params: { withdrawal_id: id, amount: before.amount, reason },
      }),
    }),
  );
  return decided(db, id);
}

/**
 * Saves the fee rule and limits: the rule must be one the domain can apply (checkWithdrawalFeeRule: fee max not
 * below fee min) and min ≤ max. Audited with the settings before and after.
 */
export async function saveWithdrawSettings(
  db: Db,
  actor: AuditActor,
  input: WithdrawSettings,
): Promise<WithdrawSettings> {
  try {
    checkWithdrawalFeeRule(toDomainFeeRule(input.fee));
  } catch (err) {
    if (err instanceof MoneyError) throw new AppError('AMOUNT_INVALID', { field: 'fee.max', cause: err });
    throw err;
  }
  if (input.max < input.min) throw new AppError('AMOUNT_INVALID', { field: 'max' });
  await db.transaction().execute(async (trx) => {
    // Two operators saving at once are applied one after the other.
    await lockSettings(trx, ['withdraw_fee', 'withdraw_min', 'withdraw_max']);
    const before = await getWithdrawSettings(trx);
    // A save that does not name require_kyc (an older form) keeps it as it is.
    const next: WithdrawSettings = {
      fee: input.fee,
      min: input.min,
      max: input.max,
      require_kyc: input.require_kyc ?? before.require_kyc ?? false,
    };
    await saveSettings(trx, {
      withdraw_fee: next.fee,
      withdraw_min: next.min,
      withdraw_max: next.max,
      withdraw_require_kyc: next.require_kyc,
    });
    await writeAudit(trx, actor, 'withdraw.settings', 'settings:withdraw', before, next);
  });
  return getWithdrawSettings(db);
}
