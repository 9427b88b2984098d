import { describe, expect, it } from 'vitest';
import { API } from '@fairdraw/contract';
import type { AdminPlays } from '@fairdraw/contract';
import { registerPlayer } from '../../test/helper.ts';
import type { TestApp } from '../../test/helper.ts';
import { fund } from '../../test/withdraw-helper.ts';
import { CTX, gameId, onPostgres, raceAppAtForFile } from '../../test/bets-helper.ts';
import { tick } from '../draws/draws.service.ts';

// An odds change racing the scheduler's open of the next period, and bets racing both, on real PostgreSQL over real
// HTTP (PGlite runs one transaction at a time: nothing would overlap). Whichever commits first, every bet of a
// period has the odds in force at its open time, and a change never starts at or before an opened period's open.
const T = new Date('2031-01-10T05:00:20Z');
const ROUNDS = 8;

let t: TestApp;
let op: string;
let base: string;
raceAppAtForFile(T, (s) => ({ t, op, base } = s));

async function send(path: string, token: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { token, lang: 'en', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as { code: number; error?: string; data: unknown };
}

describe.runIf(onPostgres)('odds change vs the open of the next period (PostgreSQL)', () => {
  it('every bet of a period has the odds in force at its open time, whichever commits first', async () => {
    const k3 = await gameId(t.app, 'df_k3');
    const list = (await send(`${API.adminGamesPlays}?games_id=${k3}`, op)).data as AdminPlays;
    const play = list.plays.find((p) => p.code.startsWith('k3.sum.'))!;
    const player = await registerPlayer(t.app);
    await fund(t.app, op, player.token, 10_000_000);

    for (let round = 0; round < ROUNDS; round += 1) {
      const next = await t.app.db
        .selectFrom('periods')
        .select(['id', 'issue', 'open_at'])
        .where('game_id', '=', k3)
        .where('status', '=', 'scheduled')
        .orderBy('open_at')
        .executeTakeFirstOrThrow();
      const now = new Date(next.open_at.getTime() + 1);
      t.app.setClock(() => now);
      const odds = play.current.odds_bps - 100 * (round + 1);
      const bets = Array.from({ length: 6 }, async (_, i) => {
        await new Promise((r) => setTimeout(r, i * 3));
        return send(API.bet, player.token, {
          games_id: k3,
          issue: next.issue,
          items: [{ play_id: play.id, amount: 100 }],
        });
      });
      const [saved] = await Promise.all([
        send(API.adminGamesPlays, op, {
          games_id: k3,
          items: [{ play_id: play.id, odds_bps: odds, min_stake: 100, max_stake: 5_000_000 }],
        }),
        tick(t.app.db, now, CTX),
        ...bets,
      ]);
      expect(saved.code, JSON.stringify(saved)).toBe(200);
      // One more, surely after both.
      expect(
        (
          await send(API.bet, player.token, {
            games_id: k3,
            issue: next.issue,
            items: [{ play_id: play.id, amount: 100 }],
          })
        ).code,
      ).toBe(200);

      const version = await t.app.db
        .selectFrom('play_item_versions')
        .select(['effective_from', 'odds_bps'])
        .where('play_item_id', '=', play.id)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      const inForce = await t.app.db
        .selectFrom('play_item_versions')
        .select('odds_bps')
        .where('play_item_id', '=', play.id)
        .where('effective_from', '<=', next.open_at)
        .orderBy('effective_from', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      const expected = inForce?.odds_bps ?? play.current.odds_bps;
      // The change starts at this period's open (saved first) or after it (opened first), never before it.
      expect(version.effective_from.getTime()).toBeGreaterThanOrEqual(next.open_at.getTime());
      const items = await t.app.db
        .selectFrom('bet_items')
        .innerJoin('bets', 'bets.id', 'bet_items.bet_id')
        .select('bet_items.odds_bps')
        .where('bets.period_id', '=', next.id)
        .where('bet_items.play_item_id', '=', play.id)
        .execute();
      expect(items.length).toBeGreaterThan(0);
      expect(new Set(items.map((i) => i.odds_bps))).toEqual(new Set([expected]));
    }
  });
});

describe.runIf(onPostgres)("two operators saving one game's limit at once (PostgreSQL)", () => {
  it('one save over the value both saw wins; the others are refused SETTINGS_CHANGED and change nothing', async () => {
    const k3 = await gameId(t.app, 'df_k3');
    const saves = await Promise.all(
      [1_000, 2_000, 3_000, 4_000, 5_000, 6_000, 7_000, 8_000].map((limit) =>
        send(API.adminGamesGameLimit, op, { games_id: k3, period_max_per_player: limit, previous: null }),
      ),
    );
    const won = saves.filter((s) => s.code === 200);
    expect(won).toHaveLength(1);
    expect(saves.filter((s) => s.error === 'SETTINGS_CHANGED')).toHaveLength(saves.length - 1);
    const game = await t.app.db
      .selectFrom('games')
      .select('period_max_per_player')
      .where('id', '=', k3)
      .executeTakeFirstOrThrow();
    const audits = await t.app.db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('action', '=', 'games.game_limit')
      .where('target', '=', `game:${k3}`)
      .execute();
    expect(audits).toHaveLength(1);
    expect(audits[0]!.after).toEqual({ period_max_per_player: game.period_max_per_player });
  });
});
