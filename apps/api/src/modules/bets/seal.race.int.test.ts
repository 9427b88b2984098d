import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@fairdraw/contract';
import { buildTestApp, registerPlayer } from '../../test/helper.ts';
import type { TestApp } from '../../test/helper.ts';
import { operatorToken } from '../../test/money-helper.ts';
import { fund } from '../../test/withdraw-helper.ts';
import { playItems } from '../../test/bets-helper.ts';
import { sleep } from '../../test/process-helper.ts';
import { ledgerCheck } from '../ledger/ledger.service.ts';
import { createUpcomingPeriods, tick } from '../draws/draws.service.ts';

// docs/trust.md 7: 100 bets over real HTTP race the seal of their period, on the real clock (so the database's
// created_at and the period's seal_at/sealed_at are comparable), with tick sealing at seal_at. PostgreSQL only:
// PGlite runs one transaction at a time, so the period row lock (FOR SHARE vs the seal UPDATE) is never contended.
const onPostgres = Boolean(process.env.DATABASE_URL);
const PLAYERS = 10;
const BETS = 100;
// How long before seal_at each burst is sent; the last ones straddle it (a batch answers within a few ms, so only
// bets sent within a few ms of seal_at are still between their window check and the period lock when it seals).
const BURSTS_MS = [100, 25, 10, 4, 2, 1, 0, -1, -3, -10];

let t: TestApp;
let base: string;
beforeAll(async () => {
  if (!onPostgres) return;
  t = await buildTestApp({ GAME_CYCLE_OVERRIDE_SECONDS: '10' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  if (onPostgres) await t.close();
});

describe('bets racing the seal (PostgreSQL)', () => {
  it.skipIf(!onPostgres)(
    'no bet is accepted at or after seal_at, nor committed after the seal',
    async () => {
      const db = t.app.db;
      const ctx = t.app.drawsContext;
      const op = await operatorToken(t.app);
      const tokens: string[] = [];
      for (let i = 0; i < PLAYERS; i++) {
        const p = await registerPlayer(t.app);
        await fund(t.app, op, p.token, 100_000);
        tokens.push(p.token);
      }
      const play = (await playItems(t.app, 'df_k3'))[0]?.id;

      // A k3 period (10 s cycles) whose seal is at least 2.5 s away by the clock read after the periods were made
      // (making them can take seconds on a busy machine), opened on the real clock; a warm-up bet first. Should the
      // warm-up leave less than 1.5 s before the seal (or find the period sealed), the next period is taken.
      const body = (p: { game_id: number; issue: string }) =>
        JSON.stringify({ games_id: p.game_id, issue: p.issue, items: [{ play_id: play, amount: 100 }] });
      const bet = (token: string, p: { game_id: number; issue: string }) =>
        fetch(`${base}${API.bet}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', token, lang: 'en' },
          body: body(p),
        });
      let period: { id: number; game_id: number; issue: string; seal_at: Date } | undefined;
      const tries: string[] = [];
      while (!period) {
        expect(tries.length, tries.join('; ')).toBeLessThan(20);
        await createUpcomingPeriods(db, new Date(), ctx);
        await tick(db, new Date(), ctx);
        const found = await db
          .selectFrom('periods')
          .innerJoin('games', 'games.id', 'periods.game_id')
          .select(['periods.id', 'periods.game_id', 'periods.issue', 'periods.seal_at'])
          .where('games.code', '=', 'df_k3')
          .where('periods.status', '=', 'open')
          .where('periods.seal_at', '>', new Date(Date.now() + 2_500))
          .orderBy('periods.seal_at')
          .executeTakeFirst();
        if (!found) {
          tries.push('no open period 2.5 s from its seal');
          await sleep(500);
          continue;
        }
        const warm = await bet(tokens[0] ?? '', found);
        const left = found.seal_at.getTime() - Date.now();
        if (warm.status === 200 && left >= 1_500) period = found;
        else tries.push(`warm-up ${warm.status} ${JSON.stringify(await warm.json())}, ${left} ms before the seal`);
      }
      const S = period.seal_at.getTime();
      const sealed = period;

      // The seal: one tick at seal_at (as the scheduler would), then how many slips exist the moment it returned.
      let countAtSeal = -1;
      const sealing = (async () => {
        // Timers may fire a millisecond early: wait until the clock really reads seal_at.
        while (Date.now() < S) await sleep(Math.max(1, S - Date.now()));
        await tick(db, new Date(), ctx);
        const r = await sql<{ n: string }>`select count(*) as n from bets where period_id = ${sealed.id}`.execute(db);
        countAtSeal = Number(r.rows[0]?.n);
      })();
      // 50 bets sent one every 14 ms from 1 s before the seal, then 50 in ten bursts from 100 ms before it to 10 ms
      // after, so some are between their first window check and the period lock when tick seals.
      await sleep(S - 1_000 - Date.now());
      const answers = await Promise.all(
        Array.from({ length: BETS }, async (_, i) => {
          await sleep((i < BETS / 2 ? S - 1_000 + i * 14 : S - BURSTS_MS[i % BURSTS_MS.length]!) - Date.now());
          const sentAt = Date.now();
          const res = await bet(tokens[i % PLAYERS] ?? '', sealed);
          const json = (await res.json()) as { error?: string; data?: { id: number } };
          return { sentAt, doneAt: Date.now(), status: res.status, error: json.error, id: json.data?.id };
        }),
      );
      await sealing;

      const accepted = answers.filter((a) => a.status === 200);
      const warmId = (
        await db
          .selectFrom('bets')
          .select('id')
          .where('period_id', '=', period.id)
          .orderBy('id')
          .executeTakeFirstOrThrow()
      ).id;
      accepted.push({ sentAt: 0, doneAt: 0, status: 200, error: undefined, id: warmId });
      const refused = answers.filter((a) => a.status !== 200);
      const p = await db
        .selectFrom('periods')
        .select(['status', 'seal_at', 'sealed_at'])
        .where('id', '=', period.id)
        .executeTakeFirstOrThrow();
      const slips = await db
        .selectFrom('bets')
        .select(['id', 'created_at'])
        .where('period_id', '=', period.id)
        .execute();
      console.log(
        `[seal-race] ${accepted.length} accepted, ${refused.length} refused (${
          answers.filter((a) => a.sentAt < S && a.doneAt >= S).length
        } in flight at seal_at); sealed ${
          (p.sealed_at?.getTime() ?? 0) - S
        } ms after seal_at; last accepted answer ${Math.max(...accepted.map((a) => a.doneAt)) - S} ms after seal_at`,
      );
      // The race really happened both ways, and every refusal is the seal (never a 5xx).
      expect(accepted.length).toBeGreaterThan(0);
      expect(refused.length).toBeGreaterThan(0);
      for (const r of refused) expect(r.error).toBe('PERIOD_SEALED');
      expect(p.status).toBe('sealed');
      // Every stored slip is an accepted one, created before seal_at and before the seal.
      expect(slips.map((s) => s.id).sort((x, y) => x - y)).toEqual(
        accepted.map((a) => a.id).sort((x, y) => (x ?? 0) - (y ?? 0)),
      );
      for (const s of slips) {
        expect(s.created_at.getTime()).toBeLessThan(S);
        expect(s.created_at.getTime()).toBeLessThanOrEqual(p.sealed_at?.getTime() ?? 0);
      }
      // Nothing committed after the seal committed: the slips counted right after tick sealed are all there are.
      expect(countAtSeal).toBe(slips.length);
      // One stake posting per accepted slip, and the ledger balances.
      const stakes = await sql<{ n: string }>`
        select count(*) as n from ledger_transactions lt join bets b on lt.reference = 'bet:' || b.id
        where lt.kind = 'stake' and b.period_id = ${period.id}`.execute(db);
      expect(Number(stakes.rows[0]?.n)).toBe(slips.length);
      expect((await ledgerCheck(db)).ok).toBe(true);
    },
    60_000,
  );
});
