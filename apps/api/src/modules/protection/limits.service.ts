import {
  LIMIT_KINDS,
  LIMIT_PERIODS,
  limitChangeEffectiveAt,
  limitPassed,
  limitWindow,
  resolveLimit,
} from '@fairdraw/domain';
import type { CurrencyCode, LimitKind, LimitPeriod, LimitUse } from '@fairdraw/domain';
import { LIMIT_PERIOD_WORDS } from '@fairdraw/contract';
import type { LimitsRequest, LimitsState, PlayerLimit, Prompt } from '@fairdraw/contract';
import type { Db } from '../../db/database.ts';
import type { PlayerLimitRow } from '../../db/tables-protection.ts';
import { AppError, moneyParam } from '../../lib/app-error.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { writeAudit } from '../audit/audit.service.ts';
import { sendSystemMessage } from '../inbox/inbox.service.ts';
import * as repo from './limits.repository.ts';
import { lockUserRow, playerTransaction } from '../../db/player-lock.ts';

/**
 * Spending limits and the reality check (docs/trust.md 29, 31). The rules are the domain's (spending-limits.ts);
 * this reads and appends the choices. For other modules: `assertDepositAllowed` (the deposit submit, inside its
 * transaction) and `limitError` / `limitWindows` (the bet batch, which checks stake and loss limits in SQL).
 */

const REFUSAL: Record<LimitKind, 'DEPOSIT_LIMIT_REACHED' | 'LOSS_LIMIT_REACHED' | 'STAKE_LIMIT_REACHED'> = {
  deposit: 'DEPOSIT_LIMIT_REACHED',
  loss: 'LOSS_LIMIT_REACHED',
  stake: 'STAKE_LIMIT_REACHED',
};

/** The refusal naming the binding limit (its period, in the answer's language) and what is left of it. */
export function limitError(kind: LimitKind, period: LimitPeriod, left: number, currency: CurrencyCode): AppError {
  return new AppError(REFUSAL[kind], {
    field: kind === 'deposit' ? 'amount' : 'items',
    params: { period: (lang) => LIMIT_PERIOD_WORDS[lang][period], left: moneyParam(Math.max(0, left), currency) },
  });
}

/** Where the business day, week and month holding `now` began. */
export function limitWindows(now: Date, timeZone: string): { day: Date; week: Date; month: Date } {
  return {
    day: limitWindow('day', now, timeZone).from,
    week: limitWindow('week', now, timeZone).from,
    month: limitWindow('month', now, timeZone).from,
  };
}

type Resolved = { kind: LimitKind; period: LimitPeriod } & ReturnType<typeof resolveLimit>;

function resolveAll(rows: readonly PlayerLimitRow[], now: Date): Resolved[] {
  return LIMIT_KINDS.flatMap((kind) =>
    LIMIT_PERIODS.map((period) => ({
      kind,
      period,
      ...resolveLimit(
        rows
          .filter((r) => r.kind === kind && r.period === period)
          .map((r) => ({ amount: r.amount, effectiveAt: r.effective_at, createdAt: r.created_at })),
        now,
      ),
    })),
  );
}

async function usedIn(db: Db, userId: number, kind: LimitKind, from: Date): Promise<number> {
  if (kind === 'deposit') return repo.depositedSince(db, userId, from);
  const s = await repo.stakedSince(db, userId, from);
  return kind === 'stake' ? s.stake : s.loss;
}

/**
 * Throws DEPOSIT_LIMIT_REACHED when depositing `amount` at `now` would pass one of the player's deposit limits.
 * Call it inside the deposit's transaction: it locks the player's row first, so two deposits submitted together
 * are summed one after the other.
 */
export async function assertDepositAllowed(
  trx: Db,
  userId: number,
  amount: number,
  now: Date,
  ctx: { timeZone: string; currency: CurrencyCode },
): Promise<void> {
  const rows = (await repo.listChoices(trx, userId)).filter((r) => r.kind === 'deposit');
  if (rows.length === 0) return;
  await lockUserRow(trx, userId);
  const uses: LimitUse[] = [];
  for (const r of resolveAll(rows, now)) {
    if (r.kind !== 'deposit' || r.current === null) continue;
    const used = await repo.depositedSince(trx, userId, limitWindow(r.period, now, ctx.timeZone).from);
    uses.push({ kind: 'deposit', period: r.period, amount: r.current, used });
  }
  const passed = limitPassed(uses, 'deposit', amount);
  if (passed) throw limitError('deposit', passed.period, passed.left, ctx.currency);
}

/**
 * The waited changes (loosenings and removals) that have taken effect by `now` and still bind as they took effect,
 * told to the player once each (message limit_effective, dated when the change took effect). Done lazily, when the
 * player's limits are next read: the web reads them on every page load, so the message is there when they look.
 */
async function tellEffectiveChanges(
  db: Db,
  userId: number,
  rows: readonly PlayerLimitRow[],
  now: Date,
  currency: CurrencyCode,
): Promise<void> {
  const due = rows.filter((r) => {
    const at = r.effective_at.getTime();
    if (at <= r.created_at.getTime() || at > now.getTime()) return false;
    // Still the binding choice of its limit when it took effect (a later tightening may have cancelled it).
    const binding = rows
      .filter((x) => x.kind === r.kind && x.period === r.period && x.effective_at.getTime() <= at)
      .reduce((a, b) => (b.id > a.id ? b : a));
    return binding.id === r.id;
  });
  if (due.length === 0) return;
  await db.transaction().execute(async (trx) => {
    const fresh = new Set(
      await repo.claimNotices(
        trx,
        due.map((r) => r.id),
      ),
    );
    for (const r of due) {
      if (!fresh.has(r.id)) continue;
      await sendSystemMessage(
        trx,
        userId,
        'limit_effective',
        { limit: r.kind, period: r.period, amount: r.amount, currency },
        r.effective_at,
      );
    }
  });
}

export async function getLimits(
  db: Db,
  user: SessionUser,
  now: Date,
  ctx: { timeZone: string; currency: CurrencyCode },
): Promise<LimitsState> {
  const { timeZone } = ctx;
  const rows = await repo.listChoices(db, user.id);
  await tellEffectiveChanges(db, user.id, rows, now, ctx.currency);
  const limits: PlayerLimit[] = [];
  for (const r of resolveAll(rows, now)) {
    const window = limitWindow(r.period, now, timeZone);
    const used = await usedIn(db, user.id, r.kind, window.from);
    limits.push({
      kind: r.kind,
      period: r.period,
      amount: r.current,
      pending: r.pending ? { amount: r.pending.amount, effective_at: r.pending.effectiveAt.getTime() } : null,
      used,
      left: r.current === null ? null : Math.max(0, r.current - used),
      resets_at: window.to.getTime(),
    });
  }
  const started = (await repo.sessionStart(db, user.sessionId)) ?? now;
  const session = await repo.stakedSince(db, user.id, started);
  const minutes = await repo.realityCheckMinutes(db, user.id);
  const prompts = await repo.prompts(db, user.id);
  const hasDepositLimit = limits.some((l) => l.kind === 'deposit' && (l.amount !== null || l.pending !== null));
  return {
    limits,
    reality_check: {
      minutes: minutes === 30 || minutes === 60 ? minutes : 0,
      session_started_at: started.getTime(),
      // From the player's side: payouts − stakes (negative while behind; an unsettled slip counts as staked).
      session_net: -session.loss,
      dismissed_at: prompts?.reality_check_dismissed_at?.getTime() ?? null,
    },
    offer_deposit_limit: !prompts?.deposit_limit_offered_at && !hasDepositLimit,
    time_zone: timeZone,
    server_time: now.getTime(),
  };
}

/**
 * Applies the player's changes: each tightening (or first limit) at once, each loosening or removal after 24
 * hours, every change an appended row and an audit entry, in one transaction.
 */
export async function setLimits(
  db: Db,
  user: SessionUser,
  input: LimitsRequest,
  now: Date,
  ctx: { timeZone: string; currency: CurrencyCode },
): Promise<LimitsState> {
  // One change per limit: two for the same one would leave which binds to the order they were sent in.
  const seen = new Set(input.changes.map((c) => `${c.kind}:${c.period}`));
  if (seen.size !== input.changes.length) throw new AppError('VALIDATION_FAILED', { field: 'changes' });
  await playerTransaction(db, user.id, async (trx) => {
    const resolved = resolveAll(await repo.listChoices(trx, user.id), now);
    for (const change of input.changes) {
      const r = resolved.find((x) => x.kind === change.kind && x.period === change.period);
      const current = r?.current ?? null;
      // Asking again for what is in force with nothing waiting changes nothing.
      if (change.amount === current && !r?.pending) continue;
      if (change.amount === r?.pending?.amount && change.amount !== current) continue;
      const effectiveAt = limitChangeEffectiveAt(current, change.amount, now);
      await repo.insertChoice(trx, {
        user_id: user.id,
        kind: change.kind,
        period: change.period,
        amount: change.amount,
        effective_at: effectiveAt,
        created_at: now,
      });
      await writeAudit(
        trx,
        { userId: user.id, account: user.account },
        'protection.limit',
        `user:${user.id}`,
        { kind: change.kind, period: change.period, amount: current },
        { kind: change.kind, period: change.period, amount: change.amount, effective_at: effectiveAt.toISOString() },
      );
    }
    if (input.reality_check !== undefined) await repo.setRealityCheck(trx, user.id, input.reality_check);
  });
  return getLimits(db, user, now, ctx);
}

/** How far ahead of the server's clock a dismissed reminder may have fallen due (the longest interval). */
const PROMPT_AHEAD_MAX_MS = 60 * 60_000;

/**
 * The player answered a prompt, by the server's clock: dismissed the reality check (the next reminder comes at
 * the first interval after now, on every device) or was offered a deposit limit (not offered again).
 */
export async function answerPrompt(
  db: Db,
  user: SessionUser,
  input: { prompt: Prompt; at?: number | undefined },
  now: Date,
  ctx: { timeZone: string; currency: CurrencyCode },
): Promise<LimitsState> {
  if (input.prompt === 'reality_check') {
    // The reminder dismissed fell due at `at` (the page's view of the server clock); a page cannot push the next
    // one further than an hour (the longest interval) past the server's now.
    const at = Math.min(input.at ?? now.getTime(), now.getTime() + PROMPT_AHEAD_MAX_MS);
    await repo.recordPrompt(db, user.id, 'reality_check_dismissed_at', new Date(at));
  } else {
    await repo.recordPrompt(db, user.id, 'deposit_limit_offered_at', now);
  }
  return getLimits(db, user, now, ctx);
}
