import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@fairdraw/contract';
import type { BetSlip, Paged } from '@fairdraw/contract';
import { buildTestApp, call } from '../../test/helper.ts';
import type { TestApp } from '../../test/helper.ts';
import { auth, operatorToken } from '../../test/money-helper.ts';
import { bet, CTX, openAt, openPeriod, playItems, cashPlayer as playerWithCash } from '../../test/bets-helper.ts';
import { tick } from '../draws/draws.service.ts';
import { settleDrawnPeriods } from './settlement.service.ts';

// GET /api/bet/list with its filters (the member bet records, /hyTou, and the open slips, /gameBet): status, game and
// the recharge records' day ranges, counted in the business time zone (Asia/Bangkok, UTC+7: a day starts at 17:00Z)
// by the app's clock. Times are in 2031 so nothing here is "now".

let t: TestApp;
let op: string;

// 23:59:20 on 10 January in Bangkok, and 00:00:20 on 11 January: the same k3 minute grid, either side of midnight.
const BEFORE_MIDNIGHT = new Date('2031-01-10T16:59:20Z');
const AFTER_MIDNIGHT = new Date('2031-01-10T17:00:20Z');

beforeAll(async () => {
  // Sessions expire by the app's clock: the app starts in 2031 so the sessions made here are alive at every instant.
  t = await buildTestApp({}, { now: new Date('2031-01-09T00:00:00Z') });
  op = await operatorToken(t.app);
});
afterAll(async () => {
  await t.close();
});

const cashPlayer = (cash: number) => playerWithCash(t.app, op, cash);

/** A one-item slip on `code`'s period open at `now` (the app's clock is left at `now`). */
async function slipAt(token: string, now: Date, code: string, playIndex = 0, amount = 100): Promise<BetSlip> {
  await openAt(t.app, now);
  const period = await openPeriod(t.app, code);
  const play = (await playItems(t.app, code))[playIndex]?.id;
  const res = await bet(t.app, token, {
    games_id: period.game_id,
    issue: period.issue,
    items: [{ play_id: play, amount }],
  });
  expect(res.status, res.text).toBe(200);
  return res.body.data as BetSlip;
}

async function list(token: string, query: string) {
  const res = await call(t.app, 'GET', `${API.betList}?limit=50&${query}`, auth(token));
  expect(res.status, res.text).toBe(200);
  return res.body.data as Paged<BetSlip>;
}
const idsOf = async (token: string, query: string) => (await list(token, query)).list.map((s) => s.id);

describe('GET /api/bet/list: the day ranges, in the business time zone', () => {
  it('counts a slip placed at 23:59 in yesterday and one at 00:00 in today, by the app clock', async () => {
    const p = await cashPlayer(10_000);
    const late = await slipAt(p.token, BEFORE_MIDNIGHT, 'df_k3');
    const early = await slipAt(p.token, AFTER_MIDNIGHT, 'df_k3');
    expect(early.created_at - late.created_at).toBe(60_000);

    // Noon on 11 January.
    t.app.setClock(() => new Date('2031-01-11T05:00:00Z'));
    expect(await idsOf(p.token, 'range=today')).toEqual([early.id]);
    expect(await idsOf(p.token, 'range=yesterday')).toEqual([late.id]);
    expect(await idsOf(p.token, 'range=before_yesterday')).toEqual([]);
    expect(await idsOf(p.token, 'range=last7')).toEqual([early.id, late.id]);
    expect(await idsOf(p.token, '')).toEqual([early.id, late.id]);

    // The last second of 11 January is still that day; its midnight moves every range by one day.
    t.app.setClock(() => new Date('2031-01-11T16:59:59.999Z'));
    expect(await idsOf(p.token, 'range=today')).toEqual([early.id]);
    t.app.setClock(() => new Date('2031-01-11T17:00:00Z'));
    expect(await idsOf(p.token, 'range=today')).toEqual([]);
    expect(await idsOf(p.token, 'range=yesterday')).toEqual([early.id]);
    expect(await idsOf(p.token, 'range=before_yesterday')).toEqual([late.id]);

    // Seven days back from 17 January (Bangkok) reaches 11 January, not the 10th.
    t.app.setClock(() => new Date('2031-01-17T05:00:00Z'));
    expect(await idsOf(p.token, 'range=last7')).toEqual([early.id]);
  });
});

describe('GET /api/bet/list: status and game', () => {
  it('lists exactly the slips of each status and of each game, each with its period draw time', async () => {
    const p = await cashPlayer(100_000);
    const T = new Date('2031-01-12T05:00:20Z');
    // k3: one slip per play of the first few (some win, some lose); pk10 five minutes: one slip, voided below.
    const k3: BetSlip[] = [];
    for (const i of [0, 1, 2, 3, 4, 5]) k3.push(await slipAt(p.token, T, 'df_k3', i));
    const pk = await slipAt(p.token, T, 'df_pk10_5');
    for (const s of [...k3, pk]) expect(s.status).toBe('unsettled');
    const k3Period = await openPeriod(t.app, 'df_k3');
    expect(k3[0]?.draw_at).toBe(k3Period.draw_at.getTime());

    // Draw and settle k3 (its draw is a minute away at most), void the pk10 period, then bet once more on a later
    // k3 period: that one stays open.
    const later = new Date(T.getTime() + 2 * 60_000);
    await tick(t.app.db, later, CTX);
    await settleDrawnPeriods(t.app.db, later);
    const voided = await call(t.app, 'POST', API.adminPeriodVoid, {
      ...auth(op),
      body: { games_id: pk.games_id, issue: pk.issue, reason: 'test' },
    });
    expect(voided.status, voided.text).toBe(200);
    const open = await slipAt(p.token, later, 'df_k3');

    const rows = await t.app.db
      .selectFrom('bet_results')
      .select(['id', 'status', 'game_id'])
      .where('user_id', '=', p.id)
      .orderBy('id', 'desc')
      .execute();
    const byStatus = (...statuses: string[]) => rows.filter((r) => statuses.includes(r.status)).map((r) => r.id);
    expect(byStatus('unsettled')).toEqual([open.id]);
    expect(byStatus('void')).toEqual([pk.id]);
    expect(byStatus('lost').length).toBeGreaterThan(0);
    for (const status of ['unsettled', 'won', 'lost', 'push', 'void'] as const) {
      const got = await list(p.token, `status=${status}`);
      expect(
        got.list.map((s) => s.id),
        status,
      ).toEqual(byStatus(status));
      for (const s of got.list) expect(s.status).toBe(status);
    }
    expect(await idsOf(p.token, 'status=settled')).toEqual(byStatus('won', 'lost', 'push', 'void'));
    expect(await idsOf(p.token, `games_id=${pk.games_id}`)).toEqual([pk.id]);
    expect(await idsOf(p.token, `games_id=${open.games_id}&status=unsettled&range=today`)).toEqual([open.id]);
    expect(await idsOf(p.token, `games_id=${pk.games_id}&status=unsettled`)).toEqual([]);

    // The open slip counts down to its own period's draw.
    const [openListed] = (await list(p.token, 'status=unsettled')).list;
    expect(openListed?.draw_at).toBe(open.draw_at);
    expect(open.draw_at).toBeGreaterThan(later.getTime());
  });

  it('pages to the end: has_more, then a last page, then an empty page past it', async () => {
    const p = await cashPlayer(10_000);
    const T = new Date('2031-01-13T05:00:20Z');
    const ids: number[] = [];
    for (const i of [0, 1, 2, 3, 4]) ids.unshift((await slipAt(p.token, T, 'df_k3', i)).id);
    const get = async (n: number) => {
      const res = await call(
        t.app,
        'GET',
        `${API.betList}?limit=2&page=${n}&range=today&status=unsettled`,
        auth(p.token),
      );
      return res.body.data as Paged<BetSlip>;
    };
    const pages = await Promise.all([1, 2, 3, 4].map(get));
    expect(pages.map((pg) => pg.list.map((s) => s.id))).toEqual([ids.slice(0, 2), ids.slice(2, 4), ids.slice(4), []]);
    expect(pages.map((pg) => pg.has_more)).toEqual([true, true, false, false]);
  });

  it("never lists another player's slips, whatever the filters", async () => {
    const a = await cashPlayer(10_000);
    const b = await cashPlayer(10_000);
    const T = new Date('2031-01-14T05:00:20Z');
    const mine = await slipAt(a.token, T, 'df_k3');
    for (const q of ['', 'status=unsettled', `games_id=${mine.games_id}`, 'range=today', 'range=last7']) {
      expect(await idsOf(b.token, q), q).toEqual([]);
      expect(await idsOf(a.token, q), q).toEqual([mine.id]);
    }
  });

  it('refuses a filter it does not know with 400 and a key, translated', async () => {
    const p = await cashPlayer(10_000);
    for (const q of ['status=open', 'status=refunded', 'range=tomorrow', 'range=', 'games_id=abc', 'games_id=0']) {
      const res = await call(t.app, 'GET', `${API.betList}?${q}`, auth(p.token));
      expect(res.status, q).toBe(400);
      expect(res.body.error, q).toBe('VALIDATION_FAILED');
      expect(typeof res.body.msg).toBe('string');
      expect(res.body.msg).not.toBe('VALIDATION_FAILED');
    }
  });
});
