import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@fairdraw/contract';
import type { CurrentGame, HistoryItem, Paged, PlayGroup } from '@fairdraw/contract';
import { buildTestApp, call } from '../../test/helper.ts';
import type { TestApp } from '../../test/helper.ts';
import { auth, operatorToken } from '../../test/money-helper.ts';
import { createUpcomingPeriods, tick } from './draws.service.ts';

// The public game reads are kept for a moment (lib/public-read.ts), and stay right: at the next draw, at an odds
// change and per language. The answers are kept a minute here (READ_CACHE_MS), longer than any step of the test
// moves the app's clock: nothing is fresh only because its time to live ran out.
const T = new Date('2031-04-02T05:00:20Z');
let t: TestApp;
let k3: number;

beforeAll(async () => {
  t = await buildTestApp({ READ_CACHE_MS: '60000' }, { now: T });
  await createUpcomingPeriods(t.app.db, T, t.app.drawsContext);
  await tick(t.app.db, T, t.app.drawsContext);
  k3 = (await t.app.db.selectFrom('games').select('id').where('code', '=', 'df_k3').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await t.close();
});

const current = async () => (await call(t.app, 'POST', `${API.currentGame}?games_id=${k3}`)).body.data as CurrentGame;
const history = async () => (await call(t.app, 'GET', `${API.history}?games_id=${k3}`)).body.data as Paged<HistoryItem>;
const plays = async (lang: string) =>
  (await call(t.app, 'GET', `${API.playItems}?group_id=${k3}`, { headers: { lang } })).body.data as PlayGroup[];

describe('the public game reads, kept for a moment', () => {
  it('answer the next period and its result as soon as the draw is made, with the time of each answer', async () => {
    const before = await current();
    expect(before.status).toBe('open');
    expect(before.server_time).toBe(T.getTime());
    const drawn = await history();
    // The same instant: the kept answers.
    expect(await current()).toEqual(before);
    expect(await history()).toEqual(drawn);

    // The draw: the clock past it, and the scheduler's tick announces it.
    const at = new Date((before.draw_at ?? 0) + 1_000);
    t.app.setClock(() => at);
    await tick(t.app.db, at, t.app.drawsContext);
    const after = await current();
    expect(after.issue).not.toBe(before.issue);
    expect(after.last?.issue).toBe(before.issue);
    expect(after.server_time).toBe(at.getTime());
    expect((await history()).list[0]?.issue).toBe(before.issue);
  });

  it('end a kept current period at its seal, by the clock alone', async () => {
    const open = await current();
    const sealAt = open.seal_at ?? 0;
    t.app.setClock(() => new Date(sealAt - 1));
    expect((await current()).status).toBe('open');
    // Sealed in the database by another instance's tick (no announcement reaches this one): its next answer is read
    // again at the seal, not kept until its time to live runs out.
    await t.app.db.updateTable('periods').set({ status: 'sealed' }).where('issue', '=', open.issue).execute();
    t.app.setClock(() => new Date(sealAt));
    expect((await current()).status).toBe('sealed');
  });

  it('show a game’s plays in each language, and an operator’s new odds from the period they apply to', async () => {
    const en = await plays('en');
    const th = await plays('th');
    expect(en[0]?.group.name).not.toBe(th[0]?.group.name);
    expect(en.map((g) => g.items.map((i) => i.id))).toEqual(th.map((g) => g.items.map((i) => i.id)));

    const item = en.flatMap((g) => g.items).find((i) => i.code === 'k3.sum.10')!;
    const op = await operatorToken(t.app);
    const saved = await call(t.app, 'POST', API.adminGamesPlays, {
      ...auth(op),
      body: {
        games_id: k3,
        items: [{ play_id: item.id, odds_bps: item.odds_bps - 100, min_stake: item.min, max_stake: item.max }],
      },
    });
    expect(saved.status, saved.text).toBe(200);
    // The period open now keeps its odds; the next one, once it opens, has the new ones.
    const odds = async () => (await plays('en')).flatMap((g) => g.items).find((i) => i.id === item.id)?.odds_bps;
    expect(await odds()).toBe(item.odds_bps);
    const open = await current();
    const at = new Date((open.draw_at ?? 0) + 1_000);
    t.app.setClock(() => at);
    await tick(t.app.db, at, t.app.drawsContext);
    expect(await odds()).toBe(item.odds_bps - 100);
  });
});
