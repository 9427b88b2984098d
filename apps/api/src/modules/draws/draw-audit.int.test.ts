import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type AdminDraw, type Paged } from '@fairdraw/contract';
import { commitment, drawFd1, seedFromHex, verifyDraw } from '@fairdraw/domain/draw';
import type { GameFamily } from '@fairdraw/domain';
import { buildTestApp, call, registerPlayer } from '../../test/helper.ts';
import type { TestApp } from '../../test/helper.ts';
import { auth, guestToken, operatorToken } from '../../test/money-helper.ts';
import { fund } from '../../test/withdraw-helper.ts';
import { bet, CTX, openAt, openPeriod, playItems } from '../../test/bets-helper.ts';
import { tick } from '../draws/draws.service.ts';
import { settleDrawnPeriods } from '../bets/settlement.service.ts';

// The draws audit (GET /api/admin/draws/list) with an injected clock. T = 12:00:20 in Bangkok, 2031: every game has
// an open period; the k3 period open at T draws at 12:01:00 Bangkok.
const T = new Date('2031-01-10T05:00:20Z');
let t: TestApp;
let op: string;
let k3: Awaited<ReturnType<typeof openPeriod>>;
let staked = 0;
let later: Date;

const list = (token: string, query = '') =>
  call(t.app, 'GET', `${API.adminDrawsList}${query ? `?${query}` : ''}`, auth(token));
const page = async (query = '') => {
  const res = await list(op, query);
  expect(res.status, res.text).toBe(200);
  return res.body.data as Paged<AdminDraw>;
};

beforeAll(async () => {
  t = await buildTestApp({}, { now: T });
  op = await operatorToken(t.app);
  await openAt(t.app, T);
  k3 = await openPeriod(t.app, 'df_k3');
  const plays = await playItems(t.app, 'df_k3');
  const items = [
    { play_id: plays[0]!.id, amount: 500 },
    { play_id: plays[1]!.id, amount: 300 },
  ];
  // A cash slip counts; a guest's demo slip on the same period does not.
  const p = await registerPlayer(t.app);
  await fund(t.app, op, p.token, 10_000);
  expect((await bet(t.app, p.token, { games_id: k3.game_id, issue: k3.issue, items })).status).toBe(200);
  staked = 800;
  const g = await guestToken(t.app);
  const demo = await bet(t.app, g, { games_id: k3.game_id, issue: k3.issue, items: [{ ...items[0]!, amount: 700 }] });
  expect(demo.status, demo.text).toBe(200);
  // Past the k3 draw: draw what is due and settle it.
  later = new Date(k3.draw_at.getTime() + 5_000);
  t.app.setClock(() => later);
  await tick(t.app.db, later, CTX);
  await settleDrawnPeriods(t.app.db, later);
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/admin/draws/list', () => {
  it('refuses players, guests and the signed-out', async () => {
    const player = await registerPlayer(t.app);
    const guest = await guestToken(t.app);
    for (const token of [player.token, guest]) {
      const res = await list(token);
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('FORBIDDEN');
    }
    const anon = await call(t.app, 'GET', API.adminDrawsList);
    expect(anon.status).toBe(401);
  });

  it('shows a settled period with its seed, a result fd1 recomputes, and the cash staked and paid on it', async () => {
    const data = await page(`games_id=${k3.game_id}&status=settled`);
    const row = data.list.find((r) => r.issue === k3.issue);
    expect(row, JSON.stringify(data.list.map((r) => r.issue))).toBeDefined();
    if (!row) return;
    expect(row).toMatchObject({ code: 'df_k3', family: 'k3', status: 'settled', algorithm: 'fd1', bets: 1 });
    expect(row.stake_total).toBe(staked);
    const paid = await t.app.db
      .selectFrom('bets')
      .select((eb) => eb.fn.sum<string>('payout').as('paid'))
      .where('period_id', '=', k3.id)
      .where('wallet', '=', 'cash')
      .executeTakeFirstOrThrow();
    expect(row.payout_total).toBe(Number(paid.paid));
    expect(row.seed).toMatch(/^[0-9a-f]{64}$/);
    const seed = seedFromHex(row.seed!);
    expect(commitment(seed)).toBe(row.commitment);
    const input = {
      family: row.family as GameFamily,
      gameCode: row.code,
      issue: row.issue,
      seed,
      beacon: row.beacon ?? '',
    };
    expect(drawFd1(input)).toEqual(row.result);
    expect(verifyDraw({ ...input, commitment: row.commitment, result: row.result! })).toBe(true);
    // A result that differs in one number does not verify.
    const wrong = row.result!.map((n, i) => (i === 0 ? (n % 6) + 1 : n));
    expect(verifyDraw({ ...input, commitment: row.commitment, result: wrong })).toBe(false);
  });

  it('never shows the seed of a period without a result, whatever the filter', async () => {
    const secret = await t.app.db.selectFrom('periods').select('seed').where('result', 'is', null).execute();
    expect(secret.length).toBeGreaterThan(0);
    const hexes = secret.map((s) => Buffer.from(s.seed).toString('hex'));
    for (const status of ['', 'scheduled', 'open', 'sealed', 'void']) {
      for (let p = 1; p <= 50; p++) {
        const res = await list(op, `limit=50&page=${p}${status ? `&status=${status}` : ''}`);
        expect(res.status).toBe(200);
        for (const h of hexes) expect(res.text.includes(h)).toBe(false);
        const data = res.body.data as Paged<AdminDraw>;
        for (const r of data.list) if (r.result === null) expect(r.seed).toBeNull();
        if (!data.has_more) break;
      }
    }
    const open = await page(`games_id=${k3.game_id}&status=open`);
    expect(open.list.length).toBeGreaterThan(0);
    for (const r of open.list) expect(r.seed).toBeNull();
  });

  it('lists newest draw first; without a status it leaves out periods not yet open; it pages with has_more', async () => {
    const all = await page('limit=50');
    expect(all.list.length).toBeGreaterThan(1);
    for (const r of all.list) expect(r.open_at).toBeLessThanOrEqual(later.getTime());
    for (let i = 1; i < all.list.length; i++)
      expect(all.list[i - 1]!.draw_at).toBeGreaterThanOrEqual(all.list[i]!.draw_at);
    const scheduled = await page('status=scheduled&limit=5');
    expect(scheduled.list.length).toBeGreaterThan(0);
    for (const r of scheduled.list) expect(r.status).toBe('scheduled');

    const first = await page('limit=2&page=1');
    const second = await page('limit=2&page=2');
    expect(first.has_more).toBe(true);
    expect(first.list.map((r) => r.id)).toEqual(all.list.slice(0, 2).map((r) => r.id));
    expect(second.list.map((r) => r.id)).toEqual(all.list.slice(2, 4).map((r) => r.id));
  });

  it('filters by game and by the dates of the draws (inclusive), and refuses a date that does not exist', async () => {
    const k3Only = await page(`games_id=${k3.game_id}&limit=50`);
    expect(k3Only.list.length).toBeGreaterThan(0);
    for (const r of k3Only.list) expect(r.games_id).toBe(k3.game_id);
    const day = k3.issue.slice(0, 8);
    const iso = `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6, 8)}`;
    const sameDay = await page(`from=${iso}&to=${iso}&limit=50`);
    expect(sameDay.list.length).toBeGreaterThan(0);
    for (const r of sameDay.list) expect(r.issue.startsWith(day)).toBe(true);
    expect((await page(`from=2031-01-11`)).list).toEqual([]);
    expect((await page(`to=2031-01-09`)).list).toEqual([]);
    expect((await page(`games_id=2147483647`)).list).toEqual([]);
    for (const bad of ['from=2031-02-30', 'to=10-01-2031', 'status=won', 'games_id=0']) {
      const res = await list(op, bad);
      expect(res.status, bad).toBeGreaterThanOrEqual(400);
      expect(res.status, bad).toBeLessThan(500);
      expect(['VALIDATION_FAILED', 'NOT_FOUND']).toContain(res.body.error);
    }
  });
});
