import { describe, expect, it } from 'vitest';
import { API } from '@fairdraw/contract';
import { registerPlayer } from '../../test/helper.ts';
import type { TestApp } from '../../test/helper.ts';
import { fund } from '../../test/withdraw-helper.ts';
import {
  CTX,
  onPostgres,
  raceAppAtForFile,
  openPeriod,
  playItems,
  preparedSlip,
  userIdOf,
  withGamePeriodLimit,
  withPeriodLimit,
} from '../../test/bets-helper.ts';
import { getBalances, ledgerCheck } from '../ledger/ledger.service.ts';
import { tick } from '../draws/draws.service.ts';
import { settleDrawnPeriods } from './settlement.service.ts';
import { commitSlips, IdempotentReplay } from './slip-batch.ts';

// Races (docs/trust.md 5, 7, 9) on real PostgreSQL over real HTTP. PostgreSQL only: PGlite runs one transaction at a
// time, so requests never overlap inside the database there and these tests could not fail — they would prove
// nothing.
const T = new Date('2031-01-10T05:00:20Z');

let t: TestApp;
let op: string;
let base: string;
raceAppAtForFile(T, (s) => ({ t, op, base } = s));

async function post(token: string, body: unknown): Promise<{ status: number; error: string | undefined }> {
  const res = await fetch(`${base}${API.bet}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token, lang: 'en' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { error?: string };
  return { status: res.status, error: json.error };
}

describe('parallel bets and settlements (PostgreSQL)', () => {
  it.skipIf(!onPostgres)(
    '100 parallel slips against a balance for 10: exactly 10 accepted, balance exact',
    async () => {
      const p = await registerPlayer(t.app);
      await fund(t.app, op, p.token, 10_000);
      const id = await userIdOf(t.app, p.token);
      const k3 = await openPeriod(t.app, 'df_k3');
      const play = (await playItems(t.app, 'df_k3'))[0]?.id;
      const body = { games_id: k3.game_id, issue: k3.issue, items: [{ play_id: play, amount: 1_000 }] };
      const answers = await Promise.all(Array.from({ length: 100 }, () => post(p.token, body)));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
      expect(answers.filter((a) => a.status !== 200).every((a) => a.error === 'INSUFFICIENT_BALANCE')).toBe(true);
      expect((await getBalances(t.app.db, id)).cash).toBe(0);
      const slips = await t.app.db.selectFrom('bets').select('id').where('user_id', '=', id).execute();
      expect(slips).toHaveLength(10);
      expect((await ledgerCheck(t.app.db)).ok).toBe(true);
    },
  );

  it.skipIf(!onPostgres)('parallel slips cannot pass the per-period limit together', async () => {
    const p = await registerPlayer(t.app);
    await fund(t.app, op, p.token, 100_000);
    const id = await userIdOf(t.app, p.token);
    const ssc = await openPeriod(t.app, 'df_ssc');
    const play = (await playItems(t.app, 'df_ssc'))[0]?.id;
    await withPeriodLimit(t.app, 5_000, async () => {
      const body = { games_id: ssc.game_id, issue: ssc.issue, items: [{ play_id: play, amount: 1_000 }] };
      const answers = await Promise.all(Array.from({ length: 20 }, () => post(p.token, body)));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
      expect((await getBalances(t.app.db, id)).cash).toBe(95_000);
    });
  });

  it.skipIf(!onPostgres)("parallel slips of several players cannot pass a game's own per-period limit", async () => {
    const players = await Promise.all(
      Array.from({ length: 3 }, async () => {
        const p = await registerPlayer(t.app);
        await fund(t.app, op, p.token, 100_000);
        return { ...p, id: await userIdOf(t.app, p.token) };
      }),
    );
    const pk = await openPeriod(t.app, 'df_pk10_5');
    const play = (await playItems(t.app, 'df_pk10_5'))[0]?.id;
    // The game's own limit (3,000) is far below the site-wide one (the default): it binds each player.
    await withGamePeriodLimit(t.app, pk.game_id, 3_000, async () => {
      const body = { games_id: pk.game_id, issue: pk.issue, items: [{ play_id: play, amount: 1_000 }] };
      const answers = await Promise.all(players.flatMap((p) => Array.from({ length: 12 }, () => post(p.token, body))));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(9);
      expect(answers.filter((a) => a.status !== 200).every((a) => a.error === 'PERIOD_LIMIT_REACHED')).toBe(true);
      for (const p of players) {
        expect((await getBalances(t.app.db, p.id)).cash).toBe(97_000);
        const staked = await t.app.db
          .selectFrom('bet_period_stakes')
          .select('staked')
          .where('user_id', '=', p.id)
          .where('period_id', '=', pk.id)
          .executeTakeFirstOrThrow();
        expect(staked.staked).toBe(3_000);
      }
    });
    expect((await ledgerCheck(t.app.db)).ok).toBe(true);
  });

  it.skipIf(!onPostgres)(
    'batches committed at once (as from several API instances) share players and keys: no deadlock, each key placed once',
    async () => {
      const PLAYERS = 12;
      const KEYS = 8; // per player
      const BATCHES = 40;
      const players = await Promise.all(
        Array.from({ length: PLAYERS }, async () => {
          const p = await registerPlayer(t.app);
          await fund(t.app, op, p.token, 10_000);
          return userIdOf(t.app, p.token);
        }),
      );
      const k3 = await openPeriod(t.app, 'df_k3');
      const play = (await playItems(t.app, 'df_k3'))[0];
      if (!play) throw new Error('no k3 play');
      // Each batch: 8 slips of random players with random keys, in random order, so the batches overlap in
      // wallets and keys both ways. A key's request is the same wherever it is sent (same hash).
      const pick = (n: number) => Math.floor(Math.random() * n);
      const batches = Array.from({ length: BATCHES }, () =>
        Array.from({ length: 8 }, () => {
          const user = players[pick(PLAYERS)] as number;
          const key = `race-${user}-${pick(KEYS)}`;
          return { ...preparedSlip(k3, play, user, 100), claim: { key, hash: key } };
        }),
      );
      const outcomes = (await Promise.all(batches.map((b) => commitSlips(t.app.db, b, () => T)))).flat();
      for (const o of outcomes) if (!o.ok) expect(o.error).toBeInstanceOf(IdempotentReplay);
      const used = new Set(batches.flat().map((s) => s.claim.key));
      expect(outcomes.filter((o) => o.ok)).toHaveLength(used.size);
      for (const user of players) {
        const keys = [...used].filter((k) => k.startsWith(`race-${user}-`)).length;
        expect((await getBalances(t.app.db, user)).cash).toBe(10_000 - 100 * keys);
        const placed = await t.app.db
          .selectFrom('idempotency_keys')
          .select(['key', 'bet_id'])
          .where('user_id', '=', user)
          .execute();
        expect(placed).toHaveLength(keys);
        expect(placed.every((k) => k.bet_id !== null)).toBe(true);
      }
      expect((await ledgerCheck(t.app.db)).ok).toBe(true);
    },
  );

  it.skipIf(!onPostgres)('two settlements at once pay each slip once', async () => {
    const players = await Promise.all(
      Array.from({ length: 3 }, async () => {
        const p = await registerPlayer(t.app);
        await fund(t.app, op, p.token, 10_000);
        return { ...p, id: await userIdOf(t.app, p.token) };
      }),
    );
    const pk = await openPeriod(t.app, 'df_pk10');
    // Every "position 1 is car n" play: exactly one wins whatever the result.
    const plays = (await playItems(t.app, 'df_pk10')).slice(0, 10);
    for (const p of players) {
      const res = await post(p.token, {
        games_id: pk.game_id,
        issue: pk.issue,
        items: plays.map((x) => ({ play_id: x.id, amount: 100 })),
      });
      expect(res.status).toBe(200);
    }
    await tick(t.app.db, pk.draw_at, CTX);
    const before = await Promise.all(players.map(async (p) => (await getBalances(t.app.db, p.id)).cash));
    const reports = await Promise.all([
      settleDrawnPeriods(t.app.db, pk.draw_at),
      settleDrawnPeriods(t.app.db, pk.draw_at),
      settleDrawnPeriods(t.app.db, pk.draw_at),
    ]);
    const slips = await t.app.db
      .selectFrom('bets')
      .select(['id', 'payout', 'user_id'])
      .where('period_id', '=', pk.id)
      .execute();
    expect(reports.reduce((s, r) => s + (slips.length > 0 ? r.slips : 0), 0)).toBeGreaterThanOrEqual(slips.length);
    for (const s of slips) {
      const posted = await t.app.db
        .selectFrom('ledger_transactions')
        .select('id')
        .where('kind', '=', 'payout')
        .where('reference', '=', `bet:${s.id}`)
        .execute();
      expect(posted).toHaveLength((s.payout ?? 0) > 0 ? 1 : 0);
    }
    const after = await Promise.all(players.map(async (p) => (await getBalances(t.app.db, p.id)).cash));
    players.forEach((p, i) => {
      const payout = slips.find((s) => s.user_id === p.id)?.payout ?? 0;
      expect(after[i]).toBe((before[i] ?? 0) + payout);
    });
    expect((await ledgerCheck(t.app.db)).ok).toBe(true);
  });
});
