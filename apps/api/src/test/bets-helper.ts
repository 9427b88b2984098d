import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { API } from '@fairdraw/contract';
import { createUpcomingPeriods, tick } from '../modules/draws/draws.service.ts';
import type { PreparedSlip } from '../modules/bets/slip-batch.ts';
import { buildTestApp, call, registerPlayer, type TestApp } from './helper.ts';
import { auth, operatorToken } from './money-helper.ts';
import { fund } from './withdraw-helper.ts';

/** Helpers for the betting tests: an injected clock, periods opened at a chosen instant, slips placed. */

export const CTX = { timeZone: 'Asia/Bangkok' };

/** Commits and opens the periods current at `now`, and sets the app's clock there. */
export async function openAt(app: FastifyInstance, now: Date): Promise<void> {
  app.setClock(() => now);
  await createUpcomingPeriods(app.db, now, CTX);
  await tick(app.db, now, CTX);
}

/**
 * Sets the app's clock to the first moment from `from` on (in 5 s steps) when `code` has a period open for bets, not
 * in the seconds between a seal and its draw, opens every game's periods there, and returns that moment.
 */
export async function openWhenBetsTaken(app: FastifyInstance, code: string, from = new Date()): Promise<Date> {
  for (let now = from; ; now = new Date(now.getTime() + 5_000)) {
    await openAt(app, now);
    if ((await openPeriod(app, code).catch(() => null)) !== null) return now;
  }
}

export async function gameId(app: FastifyInstance, code: string): Promise<number> {
  const g = await app.db.selectFrom('games').select('id').where('code', '=', code).executeTakeFirstOrThrow();
  return g.id;
}

/** The game's period open at the app's clock. */
export async function openPeriod(app: FastifyInstance, code: string) {
  const now = app.clock();
  return app.db
    .selectFrom('periods')
    .innerJoin('games', 'games.id', 'periods.game_id')
    .select(['periods.id', 'periods.issue', 'periods.seal_at', 'periods.draw_at', 'periods.game_id'])
    .where('games.code', '=', code)
    .where('periods.status', '=', 'open')
    .where('periods.seal_at', '>', now)
    .orderBy('periods.draw_at')
    .executeTakeFirstOrThrow();
}

export async function playItems(app: FastifyInstance, code: string) {
  return app.db
    .selectFrom('play_items')
    .innerJoin('games', 'games.id', 'play_items.game_id')
    .select(['play_items.id', 'play_items.code', 'play_items.group_code', 'play_items.odds_bps'])
    .where('games.code', '=', code)
    .orderBy('play_items.sort')
    .orderBy('play_items.id')
    .execute();
}

export function bet(app: FastifyInstance, token: string, body: unknown, key?: string) {
  return call(app, 'POST', API.bet, { ...auth(token, key ? { 'idempotency-key': key } : {}), body });
}

export async function userIdOf(app: FastifyInstance, token: string): Promise<number> {
  const res = await call(app, 'GET', API.profile, auth(token));
  const account = (res.body.data as { account: string }).account;
  const u = await app.db.selectFrom('users').select('id').where('account', '=', account).executeTakeFirstOrThrow();
  return u.id;
}

/** A new player with `cash` deposited by the operator `op` (none when 0), and his user id. */
export async function cashPlayer(app: FastifyInstance, op: string, cash: number) {
  const p = await registerPlayer(app);
  if (cash > 0) await fund(app, op, p.token, cash);
  return { ...p, id: await userIdOf(app, p.token) };
}

/** Runs `fn` with the per-period stake limit per player set to `max` (minor units), then puts the default back. */
export async function withPeriodLimit<T>(app: FastifyInstance, max: number, fn: () => Promise<T>): Promise<T> {
  const set = (value: number) =>
    app.db
      .updateTable('settings')
      .set({ value: JSON.stringify(value) })
      .where('key', '=', 'bet_period_max_per_player')
      .execute();
  await set(max);
  try {
    return await fn();
  } finally {
    await set(20_000_000);
  }
}

/** Runs `fn` with the game's own per-period stake limit per player set to `max` (minor units), then clears it. */
export async function withGamePeriodLimit<T>(
  app: FastifyInstance,
  gameId: number,
  max: number,
  fn: () => Promise<T>,
): Promise<T> {
  const set = (value: number | null) =>
    app.db.updateTable('games').set({ period_max_per_player: value }).where('id', '=', gameId).execute();
  await set(max);
  try {
    return await fn();
  } finally {
    await set(null);
  }
}

/** A checked one-item k3 cash slip, as prepareSlip hands it to the batch (for tests of commitSlips). */
export function preparedSlip(
  period: { id: number; issue: string; game_id: number },
  play: { id: number; code: string; group_code: string; odds_bps: number },
  userId: number,
  amount: number,
): PreparedSlip {
  return {
    userId,
    wallet: 'cash',
    game: { id: period.game_id, code: 'df_k3', family: 'k3', name: { th: 'k3' }, cancelEnabled: true },
    period: { id: period.id, issue: period.issue },
    items: [
      {
        play_item_id: play.id,
        code: play.code,
        group_code: play.group_code,
        numbers: null,
        odds_bps: play.odds_bps,
        amount,
      },
    ],
    total: amount,
    currency: 'THB',
    timeZone: 'Asia/Bangkok',
  };
}

/** True when the tests run on real PostgreSQL (DATABASE_URL set), false on PGlite. */
export const onPostgres = Boolean(process.env.DATABASE_URL);

/**
 * A test file's app at `now` (the clock there, a period of every game open, an operator's token): built before the
 * file's tests and handed to `use`, closed after them.
 */
export function appAtForFile(now: Date, use: (s: { t: TestApp; op: string }) => void): void {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await buildTestApp({}, { now });
    use({ t, ...(await opened(t, now)) });
  });
  afterAll(async () => {
    await t?.close();
  });
}

/** Opens the periods current at `now` on `t` and logs an operator in. */
async function opened(t: TestApp, now: Date): Promise<{ op: string }> {
  const op = await operatorToken(t.app);
  await openAt(t.app, now);
  return { op };
}

/**
 * A race test file's app over real HTTP: as appAtForFile, also listening on a free port (`base`). PostgreSQL only:
 * PGlite runs one transaction at a time, so nothing could overlap there; on PGlite nothing is built.
 */
export function raceAppAtForFile(now: Date, use: (s: { t: TestApp; op: string; base: string }) => void): void {
  let t: TestApp | undefined;
  beforeAll(async () => {
    if (!onPostgres) return;
    t = await buildTestApp({}, { now });
    const { op } = await opened(t, now);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    use({ t, op, base: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}` });
  });
  afterAll(async () => {
    await t?.close();
  });
}
