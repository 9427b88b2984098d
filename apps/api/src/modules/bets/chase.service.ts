/**
 * Chases (modules/bets/README.md: chase): one slip placed again on each of a game's next periods.
 *
 * Money (packages/domain ledger.ts): placing a chase takes its whole stake — the sum over its periods of the slip's
 * total × that period's multiplier — in ONE posting 'chase_hold' / 'chase:<id>', player_cash → player_chase, so a
 * player cannot chase money he lacks. Each period's slip is an ordinary slip (bets, bet_items, settled and voided as
 * any other) whose stake 'stake' / 'bet:<slip id>' moves player_chase → house instead of the wallet → house; its
 * payout or void refund goes to player_cash as any cash slip's. When a chase stops before its end (cancelled, won
 * with stop on win, a slip refused), the periods not placed go back at once in ONE posting 'chase_refund' /
 * 'chase:<id>', player_chase → player_cash: a chase stops once, so UNIQUE (kind, reference) refunds it once. What
 * a chase holds is therefore always its total − the stakes of its placed slips − its refund: zero once it ended.
 *
 * Exactly once per period: a period is placed by placeChasePeriod in a transaction that locks the player's row, then
 * the chase's row FOR UPDATE (db/player-lock.ts: a player's own rows come after his row), and re-reads the chase's
 * next pending period and the last draw time it placed on, in the same transaction that inserts the slip (the bet
 * batch's SQL function, place_bet_slips, with the held account as the debit) and marks the period placed. Two
 * placers (the request that placed the chase, the scheduler's leader, a new leader after a crash) queue on the
 * chase's row; the second finds the period placed, or the next one due only on a later period. A crash rolls the
 * whole placement back.
 */
import { chaseHeld, chaseRefunded, chaseStakePlaced, accountKey, minor } from '@fairdraw/domain';
import type { CurrencyCode } from '@fairdraw/domain';
import type { Chase, ChaseListQuery, ChaseRequest, ChasePeriodState, Lang, Paged } from '@fairdraw/contract';
import { localize } from '../../db/database.ts';
import type { Db } from '../../db/database.ts';
import { lockUserRow, playerTransaction } from '../../db/player-lock.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import type { Commit } from '../../lib/commit.ts';
import { inTransaction } from '../../lib/commit.ts';
import { postTransaction } from '../ledger/ledger.service.ts';
import { sendSystemMessage } from '../inbox/inbox.service.ts';
import { limitWindows } from '../protection/limits.service.ts';
import type { BetCatalog } from './bet-catalog.ts';
import { createBetCatalog } from './bet-catalog.ts';
import { prepareSlip } from './bets.service.ts';
import type { BetContext } from './bets.service.ts';
import * as repo from './chase.repository.ts';
import type { ChaseRow } from './chase.repository.ts';
import { batchItems, BET_PERIOD_MAX_DEFAULT, refusalError } from './slip-batch.ts';
import type { PreparedSlip } from './slip-batch.ts';
import { placeBetSlips } from './slip-batch.repository.ts';

export type ChaseContext = { currency: CurrencyCode; timeZone: string };

/** The refusals that only mean "not this period" (it sealed meanwhile): the chase waits for the next one. */
const WAIT = new Set(['PERIOD_SEALED', 'PERIOD_NOT_CURRENT']);

type StoredItem = { play_id: number; amount: number; numbers?: number[] };

function itemsOf(chase: Pick<ChaseRow, 'items'>): StoredItem[] {
  const raw = typeof chase.items === 'string' ? (JSON.parse(chase.items) as unknown) : chase.items;
  return raw as StoredItem[];
}

function multiplied(items: readonly StoredItem[], multiplier: number): StoredItem[] {
  return items.map((i) => ({ ...i, amount: i.amount * multiplier }));
}

/** The session-like view of a player the scheduler places for (prepareSlip's checks read role and frozen). */
function bettor(userId: number, frozen: boolean): SessionUser {
  return {
    id: userId,
    sessionId: 0,
    account: '',
    nickname: '',
    avatar: '',
    role: 'player',
    isGuest: false,
    createdAt: new Date(0),
    hasFundPassword: false,
    frozen,
  };
}

/**
 * Commits one period's slip of a chase inside `trx` (the player's row and the chase's row are locked): the bet
 * batch's SQL function with the chase's held account as the debit. Answers the slip's id, or the refusal.
 */
async function commitChaseSlip(
  trx: Db,
  slip: PreparedSlip,
  at: Date,
): Promise<{ ok: true; betId: number } | { ok: false; error: AppError }> {
  const tx = chaseStakePlaced(slip.userId, minor(slip.total));
  const debit = tx.postings.find((p) => p.amount < 0);
  const credit = tx.postings.find((p) => p.amount > 0);
  if (!debit || !credit) throw new Error('chase: a stake moves the held account to the house');
  const { frozen, decisions } = await placeBetSlips(trx, {
    at,
    periodMaxDefault: BET_PERIOD_MAX_DEFAULT,
    stakeKind: tx.kind,
    refusalStatus: '{}',
    windows: limitWindows(at, slip.timeZone),
    slips: [
      {
        userId: slip.userId,
        wallet: 'cash',
        gameId: slip.game.id,
        periodId: slip.period.id,
        issue: slip.period.issue,
        total: slip.total,
        debit: accountKey(debit.account),
        credit: accountKey(credit.account),
        creditKind: credit.account.kind,
        claimKey: null,
        claimHash: null,
      },
    ],
    items: batchItems(slip.items, 1),
  });
  if (frozen.length > 0) return { ok: false, error: new AppError('ACCOUNT_FROZEN') };
  const d = decisions[0];
  if (!d) throw new Error('chase: one decision expected');
  if (d.r_outcome === 'ok' && d.r_bet_id !== null) return { ok: true, betId: d.r_bet_id };
  return {
    ok: false,
    error: refusalError(
      {
        refusal: d.r_outcome,
        until: d.r_until ?? at,
        period_max: d.r_period_max,
        limit_period: d.r_limit_period,
        left: d.r_left,
      },
      slip,
    ),
  };
}

/**
 * Stops an active chase (its row locked): the periods not placed are refunded at once in one posting
 * 'chase_refund' / 'chase:<id>', and a chase refused by a period's checks tells its player why in his inbox.
 */
async function stopChase(
  trx: Db,
  chase: ChaseRow,
  status: 'won' | 'cancelled' | 'refused',
  reason: string | null,
  now: Date,
  ctx: ChaseContext,
): Promise<void> {
  const { periods, amount } = await repo.refundPending(trx, chase.id);
  if (amount > 0) await postTransaction(trx, chaseRefunded(chase.user_id, minor(amount)), `chase:${chase.id}`, now);
  await repo.endChase(trx, chase.id, { status, reason, refunded: amount, at: now });
  if (status === 'refused') {
    const game = await repo.gameName(trx, chase.game_id);
    await sendSystemMessage(
      trx,
      chase.user_id,
      'chase_stopped',
      {
        chase_id: chase.id,
        amount,
        currency: ctx.currency,
        periods,
        game: game ?? { th: '' },
        why: reason ?? '',
      },
      now,
    );
  }
}

type PlaceOutcome = 'placed' | 'waiting' | 'stopped' | 'ended';

/**
 * Places the chase's next pending period on its game's period open at `now`, if it has one not placed on yet:
 * inside `trx`, which holds the player's row and the chase's row (locked by the caller). A won slip stops a chase
 * that stops on a win first; a refusal other than a sealed window stops the chase (`throwRefusal`: throws it
 * instead, so the request placing the chase is refused whole).
 */
async function placeChasePeriod(
  trx: Db,
  chase: ChaseRow,
  frozen: boolean,
  now: Date,
  ctx: ChaseContext,
  throwRefusal = false,
): Promise<PlaceOutcome> {
  // Read in this transaction (on PGlite's one connection another reader would wait for it), uncached.
  const catalog = createBetCatalog(trx, () => now);
  if (chase.status !== 'active') return 'ended';
  if (chase.stop_on_win && (await repo.chaseHasWon(trx, chase.id))) {
    await stopChase(trx, chase, 'won', null, now, ctx);
    return 'stopped';
  }
  const period = await repo.openPeriodOf(trx, chase.game_id, now, chase.last_draw_at);
  if (!period) return 'waiting';
  const next = await repo.nextPendingPeriod(trx, chase.id);
  if (!next) {
    await repo.endChase(trx, chase.id, { status: 'done', reason: null, refunded: chase.refunded, at: now });
    return 'ended';
  }
  const betCtx: BetContext = { currency: ctx.currency, timeZone: ctx.timeZone, lang: 'th', now: () => now };
  let refusal: AppError;
  try {
    const slip = await prepareSlip(
      catalog,
      bettor(chase.user_id, frozen),
      { games_id: chase.game_id, issue: period.issue, items: multiplied(itemsOf(chase), next.multiplier) },
      betCtx,
    );
    if (slip.total !== next.amount) throw new Error(`chase ${chase.id}: a period's slip must stake its amount`);
    const done = await commitChaseSlip(trx, slip, now);
    if (done.ok) {
      await repo.markPlaced(trx, next.id, {
        betId: done.betId,
        issue: period.issue,
        at: now,
        drawAt: period.draw_at,
        chaseId: chase.id,
        last: next.seq === chase.periods,
      });
      return 'placed';
    }
    refusal = done.error;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    refusal = error;
  }
  if (WAIT.has(refusal.key)) return 'waiting';
  if (throwRefusal) throw refusal;
  await stopChase(trx, chase, 'refused', refusal.key, now, ctx);
  return 'stopped';
}

/**
 * POST /api/game/chase: the slip is checked as a bet on `issue` (the open period the chase starts on) at every
 * multiplier asked; then, in the request's one transaction, the chase and its periods are inserted, its whole stake
 * held ('chase_hold' / 'chase:<id>'; INSUFFICIENT_BALANCE refuses it) and its first period placed on `issue`. A
 * refusal of that first slip refuses the whole request (nothing is held); a period that sealed meanwhile leaves the
 * first slip to the next period.
 */
export async function placeChase(
  db: Db,
  catalog: BetCatalog,
  user: SessionUser,
  input: ChaseRequest,
  ctx: ChaseContext & { lang: Lang; now: Date; commit?: Commit },
): Promise<Chase> {
  if (user.isGuest || user.role === 'guest') throw new AppError('DEMO_NOT_ALLOWED');
  if (user.frozen) throw new AppError('ACCOUNT_FROZEN');
  const multipliers = input.multipliers ?? Array.from({ length: input.periods }, () => 1);
  const items: StoredItem[] = input.items.map((i) => ({
    play_id: i.play_id,
    amount: i.amount,
    ...(i.numbers ? { numbers: i.numbers } : {}),
  }));
  const betCtx: BetContext = { currency: ctx.currency, timeZone: ctx.timeZone, lang: ctx.lang, now: () => ctx.now };
  // Every multiplier's slip passes the checks that need no lock (stake limits per item at that multiplier).
  const prepared = new Map<number, PreparedSlip>();
  for (const m of [...new Set(multipliers)].sort((a, b) => a - b)) {
    if (!items.every((i) => Number.isSafeInteger(i.amount * m)))
      throw new AppError('AMOUNT_INVALID', { field: 'items' });
    prepared.set(m, await prepareSlip(catalog, user, { ...input, items: multiplied(items, m) }, betCtx));
  }
  const one = prepared.get(multipliers[0] ?? 1);
  if (!one) throw new Error('chase: the first period was not prepared');
  const slipTotal = items.reduce((s, i) => s + i.amount, 0);
  const amounts = multipliers.map((m) => slipTotal * m);
  const total = amounts.reduce((s, a) => s + a, 0);
  if (!Number.isSafeInteger(total)) throw new AppError('AMOUNT_INVALID', { field: 'items' });

  const commit = ctx.commit ?? inTransaction(db, user.id);
  return commit(async (trx) => {
    // The player's row is locked (first); a freeze committed before this request refuses it.
    const locked = await lockUserRow(trx, user.id);
    if (!locked || locked.frozen_at !== null) throw new AppError('ACCOUNT_FROZEN');
    const id = await repo.insertChase(
      trx,
      {
        user_id: user.id,
        game_id: one.game.id,
        items: JSON.stringify(items),
        slip_total: slipTotal,
        periods: input.periods,
        stop_on_win: input.stop_on_win ?? false,
        total,
        created_at: ctx.now,
      },
      multipliers.map((m, k) => ({ multiplier: m, amount: amounts[k] as number })),
    );
    await postTransaction(trx, chaseHeld(user.id, minor(total)), `chase:${id}`, ctx.now);
    const chase = await repo.lockChase(trx, id, user.id);
    if (!chase) throw new Error('chase: inserted chase not found');
    await placeChasePeriod(trx, chase, false, ctx.now, ctx, true);
    const [view] = await chaseViews(trx, [id], ctx.lang);
    if (!view) throw new Error('chase: placed chase not found');
    return view;
  });
}

/** POST /api/game/chase/cancel: the periods not placed go back to the balance at once; placed slips stand. */
export async function cancelChase(
  db: Db,
  user: SessionUser,
  chaseId: number,
  ctx: ChaseContext & { lang: Lang; now: Date; commit?: Commit },
): Promise<Chase> {
  const commit = ctx.commit ?? inTransaction(db, user.id);
  return commit(async (trx) => {
    const chase = await repo.lockChase(trx, chaseId, user.id);
    if (!chase) throw new AppError('CHASE_NOT_FOUND', { field: 'id' });
    if (chase.status !== 'active') throw new AppError('CHASE_ENDED');
    await stopChase(trx, chase, 'cancelled', null, ctx.now, ctx);
    const [view] = await chaseViews(trx, [chaseId], ctx.lang);
    if (!view) throw new Error('chase: cancelled chase not found');
    return view;
  });
}

/** One chase of one player, in its own transaction (player's row, then the chase's): placed, waiting or stopped. */
async function advanceChase(
  db: Db,
  chaseId: number,
  userId: number,
  now: Date,
  ctx: ChaseContext,
): Promise<PlaceOutcome> {
  return playerTransaction(db, userId, async (trx, user) => {
    const chase = await repo.lockChase(trx, chaseId, userId);
    if (!chase) return 'ended';
    return placeChasePeriod(trx, chase, user.frozen_at !== null, now, ctx);
  });
}

export type ChaseRunReport = { placed: number; stopped: number };

/**
 * The chase leader job (chase.routes.ts registers it with app.leaderJobs; the jobs' loop runs it about once a
 * second): first the chases that stop on a win and whose slip was just settled won are stopped and refunded; then each
 * active chase whose game has a period open at `now`, not placed on yet, gets its next period's slip. Safe to run
 * twice or on two instances at once: each chase is decided under its row lock. Answers undefined when it did nothing.
 */
export async function runChases(db: Db, now: Date, ctx: ChaseContext): Promise<ChaseRunReport | undefined> {
  const report: ChaseRunReport = { placed: 0, stopped: 0 };
  const BATCH = 500;
  for (const c of await repo.wonChases(db, BATCH)) {
    const outcome = await advanceChase(db, c.id, c.user_id, now, ctx);
    if (outcome === 'stopped') report.stopped += 1;
    if (outcome === 'placed') report.placed += 1;
  }
  for (;;) {
    const due = await repo.dueChases(db, now, BATCH);
    let progressed = 0;
    for (const c of due) {
      const outcome = await advanceChase(db, c.id, c.user_id, now, ctx);
      if (outcome === 'placed') report.placed += 1;
      if (outcome === 'stopped') report.stopped += 1;
      if (outcome !== 'waiting') progressed += 1;
    }
    if (due.length < BATCH || progressed === 0) break;
  }
  return report.placed + report.stopped > 0 ? report : undefined;
}

function stateOf(p: repo.ChasePeriodRow): ChasePeriodState {
  if (p.status === 'placed') return p.slip_status === 'void' ? 'void' : 'placed';
  return p.status;
}

async function chaseViews(db: Db, ids: readonly number[], lang: Lang): Promise<Chase[]> {
  const [chases, periods] = await Promise.all([repo.chasesByIds(db, ids), repo.chasePeriods(db, ids)]);
  return chases.map((c) => ({
    id: c.id,
    games_id: c.game_id,
    game_name: localize(c.game_name, lang),
    periods: c.periods,
    stop_on_win: c.stop_on_win,
    slip_total: Number(c.slip_total),
    total: Number(c.total),
    refunded: Number(c.refunded),
    status: c.status,
    stop_reason: c.stop_reason,
    created_at: c.created_at.getTime(),
    ended_at: c.ended_at ? c.ended_at.getTime() : null,
    items: itemsOf(c),
    list: periods
      .filter((p) => p.chase_id === c.id)
      .map((p) => ({
        seq: p.seq,
        multiplier: p.multiplier,
        amount: Number(p.amount),
        state: stateOf(p),
        slip_id: p.bet_id,
        issue: p.issue,
        slip_status: (p.slip_status as Chase['list'][number]['slip_status']) ?? null,
        payout: p.payout === null ? null : Number(p.payout),
      })),
  }));
}

/** GET /api/game/chase/list: the player's own chases, newest first, each with its periods. */
export async function listOwnChases(db: Db, userId: number, query: ChaseListQuery, lang: Lang): Promise<Paged<Chase>> {
  const ids = await repo.listUserChaseIds(db, userId, query.page, query.limit);
  return {
    list: await chaseViews(db, ids.slice(0, query.limit), lang),
    page: query.page,
    limit: query.limit,
    has_more: ids.length > query.limit,
  };
}
