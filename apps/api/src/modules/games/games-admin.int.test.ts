import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, adminGames, adminPlays, formatMoney, gameCategory } from '@fairdraw/contract';
import type { AdminPlay } from '@fairdraw/contract';
import { findPlay, minor, oddsBps, settleBetItem } from '@fairdraw/domain';
import { z } from 'zod';
import { buildTestApp, call, registerPlayer } from '../../test/helper.ts';
import type { TestApp } from '../../test/helper.ts';
import { auth, count, guestToken, operatorToken } from '../../test/money-helper.ts';
import { fund } from '../../test/withdraw-helper.ts';
import { bet, CTX, gameId, openAt } from '../../test/bets-helper.ts';
import { createUpcomingPeriods, tick } from '../draws/draws.service.ts';
import { settleDrawnPeriods } from '../bets/settlement.service.ts';
import { CATALOG_TTL_MS } from '../bets/bet-catalog.ts';

// The console's Games screen: odds changes apply from the next period that has not opened; RTP < 100 %;
// a disabled game refuses bets and leaves the lobby; schedules change from a day with no period; nothing here can
// touch a draw. T = 12:00:20 in Bangkok (k3: 1-minute periods, 12:01 open until 12:00:50).
const T = new Date('2031-01-10T05:00:20Z');
let t: TestApp;
let op: string;
let k3: number;

beforeAll(async () => {
  t = await buildTestApp({}, { now: T });
  op = await operatorToken(t.app);
  await openAt(t.app, T);
  k3 = await gameId(t.app, 'df_k3');
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, token = op) =>
  call(t.app, 'GET', url, { ...auth(token), headers: { ...auth(token).headers, lang: 'en' } });
const post = (url: string, body: unknown, token = op) =>
  call(t.app, 'POST', url, { ...auth(token), headers: { ...auth(token).headers, lang: 'en' }, body });

async function plays(game = k3): Promise<AdminPlay[]> {
  const res = await get(`${API.adminGamesPlays}?games_id=${game}`);
  expect(res.status, res.text).toBe(200);
  return adminPlays.parse(res.body.data).plays;
}

async function currentPeriod(code: string, now: Date) {
  return t.app.db
    .selectFrom('periods')
    .innerJoin('games', 'games.id', 'periods.game_id')
    .select(['periods.id', 'periods.issue', 'periods.open_at', 'periods.draw_at', 'periods.game_id'])
    .where('games.code', '=', code)
    .where('periods.status', '=', 'open')
    .where('periods.seal_at', '>', now)
    .orderBy('periods.draw_at')
    .executeTakeFirstOrThrow();
}

async function cashPlayer() {
  const p = await registerPlayer(t.app);
  await fund(t.app, op, p.token, 1_000_000);
  return p;
}

/** What the player's game screen shows for a play: GET /api/game/play_items. */
async function shownOdds(playId: number): Promise<number | undefined> {
  const res = await call(t.app, 'GET', `${API.playItems}?group_id=${k3}`);
  const groups = res.body.data as { items: { id: number; odds_bps: number }[] }[];
  return groups.flatMap((g) => g.items).find((i) => i.id === playId)?.odds_bps;
}

/** The highest odds (bps) whose RTP stays below 100 % for these chances. */
function highestBelow100(c: { win: number; push: number; total: number }): number {
  // RTP = (odds × win + 10000 × push) / (10000 × total) < 1  ⇔  odds < 10000 × (total − push) / win
  const bound = (10_000 * (c.total - c.push)) / c.win;
  return Number.isInteger(bound) ? bound - 1 : Math.floor(bound);
}

describe('odds changes apply from the next period that has not opened', () => {
  it('a bet before and a bet after the change in the open period keep its odds; the next period has the new ones', async () => {
    // Every editable k3 play gets odds 1 % lower; each player bets on every play, so each period has winning items.
    const all = (await plays()).filter((p) => p.odds_editable);
    const play = all.find((p) => p.code.startsWith('k3.sum.'))!;
    expect(play.current).toEqual(play.next);
    const oldOdds = new Map(all.map((p) => [p.id, p.current.odds_bps]));
    const newOdds = new Map(all.map((p) => [p.id, Math.floor(p.current.odds_bps * 0.99)]));
    const p1 = await currentPeriod('df_k3', T);
    const a = await cashPlayer();
    const b = await cashPlayer();
    const c = await cashPlayer();
    const slip = (issue: string) => ({
      games_id: k3,
      issue,
      items: all.map((p) => ({ play_id: p.id, amount: 1_000 })),
    });

    expect((await bet(t.app, a.token, slip(p1.issue))).status).toBe(200);
    const saved = await post(API.adminGamesPlays, {
      games_id: k3,
      items: all.map((p) => ({
        play_id: p.id,
        odds_bps: newOdds.get(p.id),
        min_stake: p.id === play.id ? 200 : p.next.min_stake,
        max_stake: p.next.max_stake,
      })),
    });
    expect(saved.status, saved.text).toBe(200);
    const after = adminPlays.parse(saved.body.data).plays.find((p) => p.id === play.id)!;
    expect(after.current).toEqual(play.current);
    expect(after.next).toEqual({ ...play.current, odds_bps: newOdds.get(play.id), min_stake: 200 });
    // From the open time of the next period, the first one still scheduled.
    const p2Row = await t.app.db
      .selectFrom('periods')
      .select(['issue', 'open_at'])
      .where('game_id', '=', k3)
      .where('status', '=', 'scheduled')
      .orderBy('open_at')
      .executeTakeFirstOrThrow();
    expect(after.next_from).toBe(p2Row.open_at.getTime());

    // Later in the same open period: the old odds, in the bet and on the game screen.
    const laterInP1 = new Date(T.getTime() + 5_000);
    t.app.setClock(() => laterInP1); // past the bet catalog's one-second cache (on the app's clock): read afresh
    const bRes = await bet(t.app, b.token, slip(p1.issue));
    expect(bRes.status, bRes.text).toBe(200);
    expect(await shownOdds(play.id)).toBe(oldOdds.get(play.id));

    // The next period: its bets get the new odds and stakes, and the game screen shows them.
    const inP2 = new Date(p1.draw_at.getTime() + 1_000);
    await openAt(t.app, inP2);
    const p2 = await currentPeriod('df_k3', inP2);
    expect(p2.issue).toBe(p2Row.issue);
    expect(await shownOdds(play.id)).toBe(newOdds.get(play.id));
    const belowNewMin = await bet(t.app, c.token, { ...slip(p2.issue), items: [{ play_id: play.id, amount: 150 }] });
    expect(belowNewMin.body.error).toBe('STAKE_BELOW_MIN');
    expect((await bet(t.app, c.token, slip(p2.issue))).status).toBe(200);

    // Each bet settles at its own odds (the domain's rule on the period's result).
    const done = new Date(p2.draw_at.getTime() + 1_000);
    await tick(t.app.db, done, CTX);
    await settleDrawnPeriods(t.app.db, done);
    const settled = await t.app.db
      .selectFrom('bet_item_results')
      .innerJoin('bets', 'bets.id', 'bet_item_results.bet_id')
      .innerJoin('periods', 'periods.id', 'bets.period_id')
      .select([
        'bets.user_id',
        'bets.period_id',
        'bet_item_results.play_item_id',
        'bet_item_results.odds_bps',
        'bet_item_results.amount',
        'bet_item_results.payout',
        'bet_item_results.code',
        'periods.result',
      ])
      .where('bets.period_id', 'in', [p1.id, p2.id])
      .where('bets.game_id', '=', k3)
      .orderBy('bet_item_results.id')
      .execute();
    expect(settled).toHaveLength(3 * all.length);
    const paid = new Map<number, number>();
    for (const s of settled) {
      const inFirst = s.period_id === p1.id;
      expect(s.odds_bps).toBe((inFirst ? oldOdds : newOdds).get(s.play_item_id));
      const domainPlay = findPlay('k3', s.code, '2031-01-10')!;
      const expected = settleBetItem(
        { play: domainPlay, odds: oddsBps(s.odds_bps), stake: minor(s.amount) },
        s.result!,
      );
      expect(s.payout).toBe(expected.payout);
      if (expected.result === 'win') paid.set(s.period_id, (paid.get(s.period_id) ?? 0) + 1);
    }
    // Both periods had winning items, so the odds did decide payouts.
    expect(paid.get(p1.id)).toBeGreaterThan(0);
    expect(paid.get(p2.id)).toBeGreaterThan(0);

    // The change is in the audit log with before and after.
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('action', '=', 'games.plays')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(audit.before)).toContain(`"odds_bps":${oldOdds.get(play.id)}`);
    expect(JSON.stringify(audit.after)).toContain(`"odds_bps":${newOdds.get(play.id)}`);
  });

  it('refuses odds putting a play at or above 100 % RTP with a translated key, and changes nothing', async () => {
    const all = await plays();
    const play = all.find((p) => p.code.startsWith('k3.sum.') && p.odds_editable)!;
    const edge = highestBelow100(play.chances);
    const versions = await count(t.app, 'play_item_versions');
    const audits = await count(t.app, 'audit_log');
    const item = { play_id: play.id, min_stake: play.next.min_stake, max_stake: play.next.max_stake };
    const refused = await post(API.adminGamesPlays, { games_id: k3, items: [{ ...item, odds_bps: edge + 1 }] });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('RTP_TOO_HIGH');
    expect(refused.body.msg).toMatch(/100\.0\d %|100 %/);
    expect(await count(t.app, 'play_item_versions')).toBe(versions);
    expect(await count(t.app, 'audit_log')).toBe(audits);
    // The highest odds below 100 % are accepted.
    const ok = await post(API.adminGamesPlays, { games_id: k3, items: [{ ...item, odds_bps: edge }] });
    expect(ok.status, ok.text).toBe(200);
    // Bad stakes and odds are refused by key too.
    const badRange = await post(API.adminGamesPlays, {
      games_id: k3,
      items: [{ ...item, odds_bps: edge, min_stake: 500, max_stake: 400 }],
    });
    expect(badRange.body.error).toBe('AMOUNT_INVALID');
    const lowOdds = await post(API.adminGamesPlays, { games_id: k3, items: [{ ...item, odds_bps: 10_000 }] });
    expect(lowOdds.body.error).toBe('ODDS_INVALID');
  });

  it('keeps Mark Six zodiac odds to the domain', async () => {
    const ms = await gameId(t.app, 'xam_6');
    const zodiac = (await plays(ms)).find((p) => !p.odds_editable)!;
    const res = await post(API.adminGamesPlays, {
      games_id: ms,
      items: [{ play_id: zodiac.id, odds_bps: zodiac.next.odds_bps + 1, min_stake: 100, max_stake: 1000 }],
    });
    expect(res.body.error).toBe('ODDS_INVALID');
  });
});

describe('enabling a game', () => {
  it('a disabled game refuses bets and leaves the lobby; enabled again, it is back', async () => {
    const now = t.app.clock();
    // Past the bet catalog's cache, on the app's clock: the refused bet reads the game afresh.
    const later = new Date(now.getTime() + CATALOG_TTL_MS + 1);
    const period = await currentPeriod('df_pk10_3', later);
    const pk = period.game_id;
    const playId = (await plays(pk))[0]!.id;
    const p = await cashPlayer();
    const res = await post(API.adminGamesEnable, { games_id: pk, enabled: false });
    expect(res.status, res.text).toBe(200);
    expect(adminGames.parse(res.body.data).games.find((g) => g.id === pk)?.enabled).toBe(false);
    const lobby = async () =>
      z
        .array(gameCategory)
        .parse((await call(t.app, 'GET', API.category)).body.data)
        .flatMap((c) => c.games.map((g) => g.id));
    expect(await lobby()).not.toContain(pk);
    t.app.setClock(() => later);
    const refused = await bet(t.app, p.token, {
      games_id: pk,
      issue: period.issue,
      items: [{ play_id: playId, amount: 1_000 }],
    });
    expect(refused.body.error).toBe('GAME_NOT_FOUND');
    expect((await post(API.adminGamesEnable, { games_id: pk, enabled: true })).status).toBe(200);
    expect(await lobby()).toContain(pk);
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('action', '=', 'games.enable')
      .orderBy('id')
      .execute();
    expect(audit.map((a) => [a.before, a.after])).toEqual([
      [{ enabled: true }, { enabled: false }],
      [{ enabled: false }, { enabled: true }],
    ]);
  });
});

describe('schedule and limits', () => {
  it('a cycle change applies from the first day with no period; committed periods stay as they are', async () => {
    const before = await t.app.db
      .selectFrom('periods')
      .select(['issue', 'open_at', 'seal_at', 'draw_at', 'commitment'])
      .where('game_id', '=', k3)
      .orderBy('id')
      .execute();
    const res = await post(API.adminGamesSchedule, { games_id: k3, cycle_seconds: 120, seal_seconds: 20 });
    expect(res.status, res.text).toBe(200);
    const game = adminGames.parse(res.body.data).games.find((g) => g.id === k3)!;
    expect(game.cycle_seconds).toBe(60);
    expect(game.next_schedule).toEqual({ effective_date: '2031-01-11', cycle_seconds: 120, seal_seconds: 20 });

    // 23:50:30 local: the periods created reach past midnight; the new day's are on the new cycle.
    const lateEvening = new Date('2031-01-10T16:50:30Z');
    await createUpcomingPeriods(t.app.db, lateEvening, CTX);
    const rows = await t.app.db
      .selectFrom('periods')
      .select(['issue', 'open_at', 'seal_at', 'draw_at', 'commitment'])
      .where('game_id', '=', k3)
      .orderBy('draw_at')
      .execute();
    for (const p of before) expect(rows).toContainEqual(p);
    const last = rows.find((r) => r.issue === '20310110-1440')!;
    const first = rows.find((r) => r.issue === '20310111-0001')!;
    const second = rows.find((r) => r.issue === '20310111-0002')!;
    expect(first.open_at).toEqual(last.draw_at);
    expect(first.draw_at.getTime() - first.seal_at.getTime()).toBe(20_000);
    expect(second.draw_at.getTime() - first.draw_at.getTime()).toBe(120_000);

    const ms = await gameId(t.app, 'xam_6');
    expect(
      (await post(API.adminGamesSchedule, { games_id: ms, cycle_seconds: 600, seal_seconds: 60 })).body.error,
    ).toBe('SCHEDULE_INVALID');
    expect((await post(API.adminGamesSchedule, { games_id: k3, cycle_seconds: 60, seal_seconds: 60 })).body.error).toBe(
      'SCHEDULE_INVALID',
    );
  });

  it('saves the per-period limit with an audit row', async () => {
    const stale = await post(API.adminGamesLimits, { period_max_per_player: 12_345_600, previous: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe('SETTINGS_CHANGED');
    const res = await post(API.adminGamesLimits, { period_max_per_player: 12_345_600, previous: 20_000_000 });
    expect(res.status, res.text).toBe(200);
    expect(adminGames.parse(res.body.data).period_max_per_player).toBe(12_345_600);
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('action', '=', 'games.limits')
      .executeTakeFirstOrThrow();
    expect(audit.after).toEqual({ period_max_per_player: 12_345_600 });
    await post(API.adminGamesLimits, { period_max_per_player: 20_000_000, previous: 12_345_600 });
  });
});

describe("a game's own per-period limit", () => {
  const listed = async (game = k3) =>
    adminGames.parse((await get(API.adminGamesList)).body.data).games.find((g) => g.id === game)!;
  const saveGameLimit = (body: unknown, token = op) => post(API.adminGamesGameLimit, body, token);
  /** A one-item k3 slip of `amount` on the period open now. */
  const k3Slip = async (amount: number) => {
    const period = await currentPeriod('df_k3', t.app.clock());
    const play = (await plays()).find((p) => p.code.startsWith('k3.sum.'))!;
    return { games_id: k3, issue: period.issue, items: [{ play_id: play.id, amount }] };
  };

  it('starts empty: only the site-wide limit applies', async () => {
    const games = adminGames.parse((await get(API.adminGamesList)).body.data).games;
    expect(games.length).toBeGreaterThan(1);
    for (const g of games) expect(g.period_max_per_player).toBeNull();
  });

  it('a game limit below the site-wide one binds; a replay of a refused slip names the same limit', async () => {
    const stale = await saveGameLimit({ games_id: k3, period_max_per_player: 3_000, previous: 5_000 });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe('SETTINGS_CHANGED');
    const res = await saveGameLimit({ games_id: k3, period_max_per_player: 3_000, previous: null });
    expect(res.status, res.text).toBe(200);
    const saved = adminGames.parse(res.body.data);
    expect(saved.games.find((g) => g.id === k3)?.period_max_per_player).toBe(3_000);
    expect(saved.games.filter((g) => g.id !== k3).every((g) => g.period_max_per_player === null)).toBe(true);
    expect(saved.period_max_per_player).toBe(20_000_000);

    const p = await cashPlayer();
    expect((await bet(t.app, p.token, await k3Slip(2_000))).status).toBe(200);
    const refused = await bet(t.app, p.token, await k3Slip(1_001), 'game-limit-0001');
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('PERIOD_LIMIT_REACHED');
    expect(refused.body.msg).toBe(`This exceeds your limit per draw (${formatMoney(3_000, 'THB', 2, 'en')})`);
    expect((await bet(t.app, p.token, await k3Slip(1_000))).status).toBe(200);

    // Another game keeps the site-wide limit only.
    const ssc = await currentPeriod('df_ssc', t.app.clock());
    const sscPlay = (await plays(ssc.game_id))[0]!;
    const other = await bet(t.app, p.token, {
      games_id: ssc.game_id,
      issue: ssc.issue,
      items: [{ play_id: sscPlay.id, amount: 5_000 }],
    });
    expect(other.status, other.text).toBe(200);

    // The limit is cleared (null): the site-wide one alone applies again, and the slip refused above, replayed
    // with its key, still answers the refusal it got, with the limit that bound it then.
    const cleared = await saveGameLimit({ games_id: k3, period_max_per_player: null, previous: 3_000 });
    expect(cleared.status, cleared.text).toBe(200);
    expect((await listed()).period_max_per_player).toBeNull();
    const replay = await bet(t.app, p.token, await k3Slip(1_001), 'game-limit-0001');
    expect(replay.status).toBe(400);
    expect(replay.body).toEqual(refused.body);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect((await bet(t.app, p.token, await k3Slip(5_000))).status).toBe(200);

    // Each save is in the audit log with before and after.
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select(['target', 'before', 'after'])
      .where('action', '=', 'games.game_limit')
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { target: `game:${k3}`, before: { period_max_per_player: null }, after: { period_max_per_player: 3_000 } },
      { target: `game:${k3}`, before: { period_max_per_player: 3_000 }, after: { period_max_per_player: null } },
    ]);
  });

  it('a game limit above the site-wide one does not loosen it', async () => {
    expect((await post(API.adminGamesLimits, { period_max_per_player: 5_000, previous: 20_000_000 })).status).toBe(200);
    try {
      const res = await saveGameLimit({ games_id: k3, period_max_per_player: 100_000, previous: null });
      expect(res.status, res.text).toBe(200);
      const p = await cashPlayer();
      expect((await bet(t.app, p.token, await k3Slip(4_000))).status).toBe(200);
      const refused = await bet(t.app, p.token, await k3Slip(1_001));
      expect(refused.body.error).toBe('PERIOD_LIMIT_REACHED');
      expect(refused.body.msg).toBe(`This exceeds your limit per draw (${formatMoney(5_000, 'THB', 2, 'en')})`);
    } finally {
      await saveGameLimit({ games_id: k3, period_max_per_player: null, previous: 100_000 });
      await post(API.adminGamesLimits, { period_max_per_player: 20_000_000, previous: 5_000 });
    }
    expect((await listed()).period_max_per_player).toBeNull();
  });

  it('refuses bad input with a translated key and changes nothing', async () => {
    const audits = await count(t.app, 'audit_log');
    const refused = async (body: unknown, status: number, error: string) => {
      const res = await saveGameLimit(body);
      expect(res.status, res.text).toBe(status);
      expect(res.body.error).toBe(error);
      expect(res.body.msg).toEqual(expect.any(String));
      expect(res.body.msg).not.toBe(error);
    };
    await refused({ games_id: k3, period_max_per_player: 0, previous: null }, 400, 'AMOUNT_INVALID');
    await refused({ games_id: k3, period_max_per_player: -5, previous: null }, 400, 'AMOUNT_INVALID');
    await refused({ games_id: k3, period_max_per_player: 1.5, previous: null }, 400, 'VALIDATION_FAILED');
    await refused({ games_id: k3, period_max_per_player: '100', previous: null }, 400, 'VALIDATION_FAILED');
    await refused({ games_id: k3, period_max_per_player: 100 }, 400, 'REQUIRED_FIELDS');
    await refused({ games_id: 999_999, period_max_per_player: 100, previous: null }, 404, 'GAME_NOT_FOUND');
    expect(await count(t.app, 'audit_log')).toBe(audits);
    expect((await listed()).period_max_per_player).toBeNull();
  });
});

describe('who may call, and what no call can touch', () => {
  it('a player and a guest are refused (403), no session 401', async () => {
    const player = (await registerPlayer(t.app)).token;
    const guest = await guestToken(t.app);
    for (const token of [player, guest]) {
      expect((await get(API.adminGamesList, token)).status).toBe(403);
      expect((await post(API.adminGamesEnable, { games_id: k3, enabled: false }, token)).status).toBe(403);
      const limit = { games_id: k3, period_max_per_player: 1_000, previous: null };
      expect((await post(API.adminGamesGameLimit, limit, token)).status).toBe(403);
    }
    expect((await call(t.app, 'GET', API.adminGamesList)).status).toBe(401);
    expect((await call(t.app, 'POST', API.adminGamesGameLimit, { body: { games_id: k3 } })).status).toBe(401);
  });

  it('no admin call of the Games screen changes a seed, a commitment or a result', async () => {
    const snapshot = () =>
      t.app.db.selectFrom('periods').select(['id', 'seed', 'commitment', 'result', 'status']).orderBy('id').execute();
    const before = await snapshot();
    const all = await plays();
    await post(API.adminGamesPlays, {
      games_id: k3,
      items: all.slice(0, 3).map((p) => ({ play_id: p.id, ...p.next, odds_bps: p.next.odds_bps - 1 })),
    });
    await post(API.adminGamesEnable, { games_id: k3, enabled: false });
    await post(API.adminGamesEnable, { games_id: k3, enabled: true });
    await post(API.adminGamesSchedule, { games_id: k3, cycle_seconds: 300, seal_seconds: 30 });
    await post(API.adminGamesLimits, { period_max_per_player: 19_000_000, previous: 20_000_000 });
    await post(API.adminGamesGameLimit, { games_id: k3, period_max_per_player: 1_000, previous: null });
    await post(API.adminGamesGameLimit, { games_id: k3, period_max_per_player: null, previous: 1_000 });
    expect(await snapshot()).toEqual(before);
  });
});
