import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@fairdraw/contract';
import { buildTestApp, registerPlayer } from '../../test/helper.ts';
import type { TestApp } from '../../test/helper.ts';
import { operatorToken } from '../../test/money-helper.ts';
import { fund } from '../../test/withdraw-helper.ts';
import { playItems, userIdOf } from '../../test/bets-helper.ts';
import { sleep } from '../../test/process-helper.ts';
import { getBalances, ledgerCheck } from '../ledger/ledger.service.ts';
import { createUpcomingPeriods, tick } from '../draws/draws.service.ts';
import { settleDrawnPeriods } from './settlement.service.ts';

// docs/trust.md 8: cancels over real HTTP race the seal of their slips' period, on the real clock, with tick sealing
// at seal_at, as bets do in seal.race.int.test.ts. Each slip must end either cancelled and refunded once (never
// settled) or standing and settled (never refunded). PostgreSQL only: PGlite runs one transaction at a time, so the
// period row lock (the cancel's FOR SHARE vs the seal's UPDATE) is never contended.
const onPostgres = Boolean(process.env.DATABASE_URL);
const PLAYERS = 10;
const SLIPS = 100;
// How long before seal_at each cancel is sent; the last ones straddle it.
const BURSTS_MS = [60, 20, 8, 4, 2, 1, 0, -1, -3, -10];

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

const post = (path: string, token: string, body: unknown) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token, lang: 'en' },
    body: JSON.stringify(body),
  });

describe('cancels racing the seal (PostgreSQL)', () => {
  it.skipIf(!onPostgres)(
    'each slip is either refunded once and never settled, or stands and is settled; never both',
    async () => {
      const db = t.app.db;
      const ctx = t.app.drawsContext;
      const op = await operatorToken(t.app);
      const players: { token: string; id: number }[] = [];
      for (let i = 0; i < PLAYERS; i++) {
        const p = await registerPlayer(t.app);
        await fund(t.app, op, p.token, 100_000);
        players.push({ token: p.token, id: await userIdOf(t.app, p.token) });
      }
      const play = (await playItems(t.app, 'df_k3'))[0]?.id;

      // A k3 period (10 s cycles) whose seal is at least 3.5 s away by the clock read after its periods were made
      // (making them can take seconds on a busy machine), opened on the real clock, and its slips, placed well before
      // the seal: SLIPS / PLAYERS each. Should placing them leave less than 1.2 s before the seal, or be refused, the
      // next period is taken (the slips left behind are never drawn, so no balance below counts them twice).
      type Slip = { id: number; owner: (typeof players)[number]; amount: number };
      const place = (p: { game_id: number; issue: string }) =>
        Promise.all(
          Array.from({ length: SLIPS }, async (_, i) => {
            const owner = players[i % PLAYERS]!;
            const res = await post(API.bet, owner.token, {
              games_id: p.game_id,
              issue: p.issue,
              items: [{ play_id: play, amount: 100 + i }],
            });
            const json = (await res.json()) as { data?: { id: number }; error?: string };
            return { id: json.data?.id ?? 0, owner, amount: 100 + i, refused: res.status === 200 ? '' : json.error };
          }),
        );
      let period: { id: number; game_id: number; issue: string; seal_at: Date; draw_at: Date } | undefined;
      let slips: Slip[] = [];
      const tries: string[] = [];
      while (!period) {
        expect(tries.length, tries.join('; ')).toBeLessThan(20);
        await createUpcomingPeriods(db, new Date(), ctx);
        await tick(db, new Date(), ctx);
        const found = await db
          .selectFrom('periods')
          .innerJoin('games', 'games.id', 'periods.game_id')
          .select(['periods.id', 'periods.game_id', 'periods.issue', 'periods.seal_at', 'periods.draw_at'])
          .where('games.code', '=', 'df_k3')
          .where('periods.status', '=', 'open')
          .where('periods.seal_at', '>', new Date(Date.now() + 3_500))
          .orderBy('periods.seal_at')
          .executeTakeFirst();
        if (!found) {
          tries.push('no open period 3.5 s from its seal');
          await sleep(500);
          continue;
        }
        const placed = await place(found);
        const left = found.seal_at.getTime() - Date.now();
        const refused = placed.filter((p) => p.refused).map((p) => p.refused);
        if (refused.length === 0 && left >= 1_200) {
          period = found;
          slips = placed;
        } else tries.push(`slips placed ${left} ms before the seal, refused: ${refused.join(', ') || 'none'}`);
      }
      const S = period.seal_at.getTime();
      const target = period;

      // The seal: one tick at seal_at (as the scheduler would), then how many slips are cancelled the moment it returned.
      let cancelledAtSeal = -1;
      const sealing = (async () => {
        while (Date.now() < S) await sleep(Math.max(1, S - Date.now()));
        await tick(db, new Date(), ctx);
        const r = await sql<{ n: string }>`
          select count(*) as n from bets where period_id = ${target.id} and status = 'cancelled'`.execute(db);
        cancelledAtSeal = Number(r.rows[0]?.n);
      })();
      // A warm-up cancel first; then one cancel per slip: half sent one every 14 ms from 1 s before the seal, half in
      // ten bursts from 60 ms before it to 10 ms after, so some are between their first reads and the period lock
      // when tick seals.
      const warm = slips.pop()!;
      const warmed = await post(API.betCancel, warm.owner.token, { id: warm.id });
      expect(warmed.status).toBe(200);
      await sleep(S - 1_000 - Date.now());
      const answers = await Promise.all(
        slips.map(async (slip, i) => {
          const half = slips.length / 2;
          await sleep((i < half ? S - 1_000 + i * 14 : S - BURSTS_MS[i % BURSTS_MS.length]!) - Date.now());
          const sentAt = Date.now() - S;
          const res = await post(API.betCancel, slip.owner.token, { id: slip.id });
          const json = (await res.json()) as { error?: string; data?: { status: string } };
          return {
            slip,
            sentAt,
            doneAt: Date.now() - S,
            status: res.status,
            error: json.error,
            slipStatus: json.data?.status,
          };
        }),
      );
      await sealing;

      const accepted = answers.filter((a) => a.status === 200);
      accepted.push({ slip: warm, sentAt: 0, doneAt: 0, status: 200, error: undefined, slipStatus: 'cancelled' });
      const refused = answers.filter((a) => a.status !== 200);
      console.log(
        `[cancel-seal-race] ${accepted.length} cancelled, ${refused.length} refused at the seal (${
          answers.filter((a) => a.sentAt < 0 && a.doneAt >= 0).length
        } in flight at seal_at)`,
      );
      expect(accepted.length).toBeGreaterThan(0);
      expect(refused.length).toBeGreaterThan(0);
      for (const r of refused) expect(r.error, JSON.stringify(r)).toBe('PERIOD_SEALED');
      for (const a of accepted) expect(a.slipStatus).toBe('cancelled');
      // Nothing was cancelled after the seal committed.
      expect(cancelledAtSeal).toBe(accepted.length);

      // Draw and settle the period (tick and settlement at its draw time; no waiting for it).
      await tick(db, target.draw_at, ctx);
      await settleDrawnPeriods(db, target.draw_at);
      const rows = await sql<{ id: number; status: string; total: number; cancels: number; payouts: number }>`
        select b.id, b.status, b.total::int8 as total,
               (select count(*)::int from ledger_transactions t
                 where t.kind = 'cancel' and t.reference = 'bet-cancel:' || b.id) as cancels,
               (select count(*)::int from ledger_transactions t
                 where t.kind = 'payout' and t.reference = 'bet:' || b.id) as payouts
          from bet_results b where b.period_id = ${target.id} order by b.id`.execute(db);
      expect(rows.rows).toHaveLength(SLIPS);
      const cancelledIds = new Set(accepted.map((a) => a.slip.id));
      for (const r of rows.rows) {
        if (cancelledIds.has(r.id)) {
          expect(r, 'refunded once, never settled').toMatchObject({ status: 'cancelled', cancels: 1, payouts: 0 });
        } else {
          expect(['won', 'lost', 'push'], `slip ${r.id} stands and is settled`).toContain(r.status);
          expect(r.cancels, `slip ${r.id} was never refunded`).toBe(0);
        }
      }
      // Every player's cash: what he had, less what his standing slips staked, plus what they paid.
      for (const p of players) {
        const mine = await sql<{ staked: number; paid: number }>`
          select coalesce(sum(total), 0)::int8 as staked, coalesce(sum(payout), 0)::int8 as paid
            from bets where user_id = ${p.id} and status <> 'cancelled'`.execute(db);
        const m = mine.rows[0]!;
        expect((await getBalances(db, p.id)).cash).toBe(100_000 - m.staked + m.paid);
      }
      expect((await ledgerCheck(db)).ok).toBe(true);
    },
    60_000,
  );
});
