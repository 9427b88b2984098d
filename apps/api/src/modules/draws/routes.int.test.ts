import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { currentGame, gameTile, historyItem, isErrorKey, paged, playGroup, verifyRecord } from '@fairdraw/contract';
import { GAMES, drawFd1, seedFromHex } from '@fairdraw/domain';
import type { GameFamily } from '@fairdraw/domain';
import { buildTestApp, call } from '../../test/helper.ts';
import type { TestApp } from '../../test/helper.ts';
import { createUpcomingPeriods, tick } from './draws.service.ts';
import { verifyPeriodRecord } from './periods.service.ts';

let t: TestApp;
const ids: Record<string, number> = {};
let k3: number;

beforeAll(async () => {
  t = await buildTestApp();
  const res = await call(t.app, 'GET', '/api/game/games');
  for (const g of z.array(gameTile).parse(res.body.data)) ids[g.code] = g.id;
  k3 = ids.df_k3!;
  // Periods committed 20 minutes ago and drawn now (real clock), then the upcoming ones.
  const now = Date.now();
  await createUpcomingPeriods(t.app.db, new Date(now - 20 * 60_000), t.app.drawsContext);
  await tick(t.app.db, new Date(now), t.app.drawsContext);
  await createUpcomingPeriods(t.app.db, new Date(now), t.app.drawsContext);
  await tick(t.app.db, new Date(now), t.app.drawsContext);
});
afterAll(async () => {
  await t.close();
});

const en = { lang: 'en' };

describe('POST /api/game/current_game', () => {
  it('answers the current period with countdown data and commitment, and the last drawn one', async () => {
    const before = Date.now();
    const res = await call(t.app, 'POST', `/api/game/current_game?games_id=${k3}`, { headers: en });
    expect(res.status).toBe(200);
    const data = currentGame.strict().parse(res.body.data);
    expect(data.games_id).toBe(k3);
    expect(data.code).toBe('df_k3');
    expect(data.issue).toMatch(/^\d{8}-\d{4}$/);
    expect(data.status).toMatch(/^(open|sealed)$/);
    expect(data.draw_at! - data.open_at!).toBe(60_000);
    expect(data.draw_at! - data.seal_at!).toBe(10_000);
    expect(data.server_time).toBeGreaterThanOrEqual(before);
    expect(data.draw_at!).toBeGreaterThan(data.server_time);
    expect(data.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(data.algorithm).toBe('fd1');
    expect(data.last?.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(data.last?.result).toHaveLength(3);
  });

  it('never exposes a seed before the draw', async () => {
    const secret = await t.app.db
      .selectFrom('periods')
      .select(['seed', 'game_id', 'issue'])
      .where('result', 'is', null)
      .execute();
    expect(secret.length).toBeGreaterThan(0);
    const texts: string[] = [];
    for (const id of Object.values(ids)) {
      texts.push((await call(t.app, 'POST', `/api/game/current_game?games_id=${id}`)).text);
      texts.push((await call(t.app, 'GET', `/api/game/history?games_id=${id}&limit=50`)).text);
    }
    for (const p of secret.slice(0, 5)) {
      texts.push((await call(t.app, 'GET', `/api/game/verify?games_id=${p.game_id}&issue=${p.issue}`)).text);
    }
    const all = texts.join('\n');
    for (const p of secret) expect(all).not.toContain(Buffer.from(p.seed).toString('hex'));
    const pending = secret[0]!;
    const v = verifyRecord.parse(
      (await call(t.app, 'GET', `/api/game/verify?games_id=${pending.game_id}&issue=${pending.issue}`)).body.data,
    );
    expect(v.seed).toBeNull();
    expect(v.result).toBeNull();
    expect(v.verified).toBe(false);
  });

  it('an unknown game is 404', async () => {
    const res = await call(t.app, 'POST', '/api/game/current_game?games_id=99999', { headers: en });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('NOT_FOUND');
  });
});

describe('GET /api/game/history', () => {
  it('lists drawn periods newest first with seed and commitment, paged, capped at 50', async () => {
    const first = paged(historyItem).parse(
      (await call(t.app, 'GET', `/api/game/history?games_id=${k3}&page=1&limit=5`)).body.data,
    );
    expect(first.list).toHaveLength(5);
    expect(first).toMatchObject({ page: 1, limit: 5, has_more: true });
    const second = paged(historyItem).parse(
      (await call(t.app, 'GET', `/api/game/history?games_id=${k3}&page=2&limit=5`)).body.data,
    );
    expect(second.list[0]!.draw_at).toBeLessThan(first.list[4]!.draw_at);
    const all = [...first.list, ...second.list];
    for (let i = 1; i < all.length; i++) expect(all[i]!.draw_at).toBeLessThan(all[i - 1]!.draw_at);
    for (const h of all) {
      expect(h.draw_at).toBeLessThanOrEqual(Date.now());
      expect(h.algorithm).toBe('fd1');
      expect(h.result).toEqual([
        ...drawFd1({ family: 'k3', gameCode: 'df_k3', issue: h.issue, seed: seedFromHex(h.seed) }),
      ]);
    }
    const capped = paged(historyItem).parse(
      (await call(t.app, 'GET', `/api/game/history?games_id=${k3}&limit=1000`)).body.data,
    );
    expect(capped.limit).toBe(50);
    expect(capped.list.length).toBeLessThanOrEqual(50);
    const past = paged(historyItem).parse(
      (await call(t.app, 'GET', `/api/game/history?games_id=${k3}&page=999&limit=50`)).body.data,
    );
    expect(past).toEqual({ list: [], page: 999, limit: 50, has_more: false });
  });
});

describe('GET /api/game/verify', () => {
  it('verifies a drawn period; a tampered record does not verify', async () => {
    const h = paged(historyItem).parse((await call(t.app, 'GET', `/api/game/history?games_id=${k3}`)).body.data)
      .list[0]!;
    const res = await call(t.app, 'GET', `/api/game/verify?games_id=${k3}&issue=${h.issue}`);
    expect(res.status).toBe(200);
    const v = verifyRecord.parse(res.body.data);
    expect(v).toMatchObject({ verified: true, status: 'drawn', seed: h.seed, result: h.result, issue: h.issue });

    const record = {
      gameCode: 'df_k3',
      family: 'k3' as GameFamily,
      issue: h.issue,
      algorithm: 'fd1',
      commitment: h.commitment,
      seed: seedFromHex(h.seed),
      beacon: null,
      result: h.result,
    };
    expect(verifyPeriodRecord(record)).toBe(true);
    const other = h.result[0] === 6 ? 1 : h.result[0]! + 1;
    expect(verifyPeriodRecord({ ...record, result: [other, ...h.result.slice(1)] })).toBe(false);
    expect(verifyPeriodRecord({ ...record, seed: new Uint8Array(32) })).toBe(false);
    expect(verifyPeriodRecord({ ...record, commitment: '0'.repeat(64) })).toBe(false);
    // Another issue draws other numbers from the same seed — except by chance (1 in 216 for three dice): take the
    // first issue whose draw differs, so the check cannot fail by luck.
    const drawOf = (issue: string) => drawFd1({ ...record, issue, beacon: '', seed: record.seed });
    const tampered = ['20200101-0001', '20200101-0002', '20200101-0003'].find(
      (issue) => drawOf(issue).join() !== h.result.join(),
    );
    expect(verifyPeriodRecord({ ...record, issue: tampered ?? '' })).toBe(false);
    expect(verifyPeriodRecord({ ...record, algorithm: 'fd0' })).toBe(false);
    expect(verifyPeriodRecord({ ...record, seed: null })).toBe(false);
  });

  it('an unknown issue is 404', async () => {
    const res = await call(t.app, 'GET', `/api/game/verify?games_id=${k3}&issue=20000101-0001`, { headers: en });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('NOT_FOUND');
  });
});

describe('GET /api/game/play_items', () => {
  it("lists every game's plays by group with odds, limits and an RTP below 100 %", async () => {
    for (const g of GAMES) {
      const res = await call(t.app, 'GET', `/api/game/play_items?group_id=${ids[g.code]}`, { headers: en });
      expect(res.status, g.code).toBe(200);
      const groups = z.array(playGroup).parse(res.body.data);
      expect(groups.length, g.code).toBeGreaterThan(0);
      for (const grp of groups) {
        expect(grp.group.name).not.toMatch(/^group\.|^$/);
        for (const item of grp.items) {
          expect(item.odds).toBe(item.odds_bps / 10_000);
          expect(item.odds).toBeGreaterThan(1);
          expect(item.rtp, `${g.code} ${item.code}`).toBeLessThan(100);
          expect(item.rtp, `${g.code} ${item.code}`).toBeGreaterThan(85);
          expect(item.min).toBe(100);
          expect(item.max).toBe(5_000_000);
          expect(item.name).not.toMatch(/\{\{|^play\./);
        }
      }
    }
    const pk = z
      .array(playGroup)
      .parse((await call(t.app, 'GET', `/api/game/play_items?group_id=${ids.df_pk10}`, { headers: en })).body.data);
    const bigSmall = pk.flatMap((g) => g.items).find((i) => i.code === 'pk10.pos1.big');
    expect(bigSmall).toMatchObject({ odds: 1.98, odds_bps: 19800, rtp: 99 });
  });

  it('translates names (Thai by default) and group names', async () => {
    const th = z.array(playGroup).parse((await call(t.app, 'GET', `/api/game/play_items?group_id=${k3}`)).body.data);
    const zh = z
      .array(playGroup)
      .parse(
        (await call(t.app, 'GET', `/api/game/play_items?group_id=${k3}`, { headers: { lang: 'zh-cn' } })).body.data,
      );
    expect(th[0]?.group.name).toBe('ผลรวม');
    expect(zh[0]?.group.name).toBe('和值');
    expect(zh[0]?.items[0]?.name).toBe('和值 4');
    const ms = z
      .array(playGroup)
      .parse(
        (await call(t.app, 'GET', `/api/game/play_items?group_id=${ids.xam_6}`, { headers: { lang: 'zh-hk' } })).body
          .data,
      );
    expect(ms.flatMap((g) => g.items).find((i) => i.code === 'ms.zodiac.horse')?.name).toBe('一肖 馬');
  });

  it('an unknown game is 404', async () => {
    const res = await call(t.app, 'GET', '/api/game/play_items?group_id=424242', { headers: en });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('NOT_FOUND');
  });
});

describe('bad input on every new endpoint gives a 4xx with a key, never a 5xx', () => {
  const LONG = 'x'.repeat(5000);
  const badIds = ['', '-1', '0', '1.5', 'abc', '1e400', '99999999999999999999', LONG, '[]', '%00', '0x10'];
  const endpoints: [string, 'GET' | 'POST', (id: string) => string][] = [
    ['play_items', 'GET', (id) => `/api/game/play_items?group_id=${id}`],
    ['current_game', 'POST', (id) => `/api/game/current_game?games_id=${id}`],
    ['history', 'GET', (id) => `/api/game/history?games_id=${id}`],
    ['verify', 'GET', (id) => `/api/game/verify?games_id=${id}&issue=20261122-0001`],
    ['events', 'GET', (id) => `/api/game/events?games_id=${id}`],
  ];
  const expect4xx = (res: Awaited<ReturnType<typeof call>>, label: string) => {
    expect(res.status, `${label}: ${res.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
    expect(res.status, label).toBeLessThan(500);
    expect(isErrorKey(res.body.error), label).toBe(true);
    expect(typeof res.body.msg).toBe('string');
    expect(res.body.msg).not.toBe(res.body.error);
  };

  it.each(endpoints)('%s', async (name, method, url) => {
    // The events stream without games_id is every game's stream (sse.int.test.ts), not an error.
    if (name !== 'events') {
      const missing = await call(t.app, method, url('').replace(/[?&](games_id|group_id)=(?=&|$)/, '?'), {
        headers: en,
      });
      expect4xx(missing, `${name} missing`);
    }
    for (const id of badIds) {
      expect4xx(await call(t.app, method, url(encodeURIComponent(id)), { headers: en }), `${name} ${id.slice(0, 20)}`);
    }
    expect4xx(await call(t.app, method, url('99999'), { headers: en }), `${name} unknown`);
  });

  it('history and verify refuse bad paging and issues', async () => {
    for (const q of ['page=0', 'page=-1', 'page=abc', 'limit=0', 'limit=-5', 'limit=x', `page=${LONG}`]) {
      expect4xx(await call(t.app, 'GET', `/api/game/history?games_id=${k3}&${q}`, { headers: en }), q.slice(0, 20));
    }
    for (const issue of ['', 'abc', '2026-11-22', '20261122-00001', LONG, '20261122-0001;drop']) {
      const res = await call(t.app, 'GET', `/api/game/verify?games_id=${k3}&issue=${encodeURIComponent(issue)}`, {
        headers: en,
      });
      expect4xx(res, `issue ${issue.slice(0, 20)}`);
    }
    expect4xx(await call(t.app, 'GET', `/api/game/verify?games_id=${k3}`, { headers: en }), 'no issue');
    const missing = await call(t.app, 'GET', '/api/game/history', { headers: en });
    expect(missing.body).toMatchObject({ error: 'REQUIRED_FIELDS', field: 'games_id' });
  });
});
