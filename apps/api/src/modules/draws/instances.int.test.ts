import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameFamily } from '@fairdraw/domain';
import { buildTestApp } from '../../test/helper.ts';
import type { TestApp } from '../../test/helper.ts';
import { movedClock } from '../../test/moved-clock.ts';
import { isListening, isLockAcquired, startServer } from '../../test/process-helper.ts';
import type { ServerProcess } from '../../test/process-helper.ts';
import { ledgerCheck } from '../ledger/ledger.service.ts';
import { PERIOD_CHANNEL } from './events.ts';
import type { PeriodEvent } from './events.ts';
import { verifyPeriodRecord } from './periods.service.ts';
import { scheduledGames } from './draws.service.ts';

// docs/trust.md 11: two real API processes on one database with 10-second cycles; the leader is SIGKILLed just before a
// draw and the other takes over. PostgreSQL only: the leader election is a PostgreSQL advisory lock between
// processes (on PGlite there is one process and nothing to elect). The test never waits for a draw time to come: both
// processes run on one movable wall clock (test/moved-clock.ts), which it moves on a cycle at a time, and it waits
// only for what the processes do (a draw, a takeover).
const onPostgres = Boolean(process.env.DATABASE_URL);
const CYCLE = 10;
const CYCLE_MS = CYCLE * 1000;

let t: TestApp;
const servers: ServerProcess[] = [];
let listener: pg.Client | undefined;
beforeAll(async () => {
  if (onPostgres) t = await buildTestApp();
});
afterAll(async () => {
  for (const s of servers) await s.kill();
  await listener?.end();
  if (onPostgres) await t.close();
});

describe('two API instances (PostgreSQL)', () => {
  it.skipIf(!onPostgres)(
    'draw every period once; when the leader dies the other takes over and catches up',
    async () => {
      const db = t.app.db;
      const url = t.config.databaseUrl ?? '';
      // Every result announcement (NOTIFY, sent by whoever drew): a period drawn twice would be announced twice.
      const results = new Map<number, number>();
      listener = new pg.Client({ connectionString: url });
      await listener.connect();
      listener.on('notification', (n) => {
        const e = JSON.parse(n.payload ?? '{}') as PeriodEvent;
        if (e.kind === 'result') results.set(e.period_id, (results.get(e.period_id) ?? 0) + 1);
      });
      await listener.query(`listen ${PERIOD_CHANNEL}`);

      const clock = movedClock();
      const env = { DATABASE_URL: url, GAME_CYCLE_OVERRIDE_SECONDS: String(CYCLE), ...clock.env };
      const a = startServer('A', env);
      const b = startServer('B', env);
      servers.push(a, b);
      await Promise.all([a.waitFor(isListening, 30_000), b.waitFor(isListening, 30_000)]);
      const first = await Promise.race([a.waitFor(isLockAcquired), b.waitFor(isLockAcquired)]);
      const [leader, follower] = a.lines.includes(first) ? [a, b] : [b, a];

      // The processes' time, as the test moves it; and as one of them tells it (each reads the clock's file every
      // 100 ms), from the answer of a public read.
      const movedNow = () => Date.now() + clock.offset();
      const game = (await sql<{ id: number }>`select id from games order by id limit 1`.execute(db)).rows[0]?.id;
      const told = async (server: ServerProcess) => {
        const origin = String(server.lines.find(isListening)?.msg).slice('listening on '.length);
        const res = await fetch(`${origin}/api/game/current_game?games_id=${game}`, { method: 'POST' });
        return ((await res.json()) as { data: { server_time: number } }).data.server_time;
      };
      // Every period due by `t` drawn (by whoever leads).
      const drawnBy = async (t: number) => {
        await expect
          .poll(
            async () =>
              (
                await sql<{ n: number }>`select count(*)::int as n from periods
                  where draw_at <= ${new Date(t)} and status not in ('drawn', 'settled')`.execute(db)
              ).rows[0]?.n,
            { timeout: 15_000, interval: 50 },
          )
          .toBe(0);
      };
      // Moves the clock on to half a second past the next draw time (every game draws on the same 10 s grid) and
      // waits until that draw is done: one period per game, none skipped.
      const nextDraw = async () => {
        const draw = Math.ceil(movedNow() / CYCLE_MS) * CYCLE_MS;
        clock.advance(draw + 500 - movedNow());
        await drawnBy(draw);
      };

      // The leader makes each game's periods on the 10-second cycle when it starts (a few seconds' work on a busy
      // machine). A period whose draw time has passed is never made, so the clock moves only once every game has its
      // periods from three cycles on: moved sooner, it would leave the games made last without their first slots.
      // The games it makes them for come from their schedules (counted from the periods made so far, the count raced
      // the leader's first ones and could be 0).
      const games = (await scheduledGames(db)).length;
      expect(games).toBeGreaterThan(0);
      const ahead = Math.ceil(movedNow() / CYCLE_MS) * CYCLE_MS + 3 * CYCLE_MS;
      await expect
        .poll(
          async () =>
            (
              await sql<{ n: number }>`select count(distinct game_id)::int as n from periods
                where draw_at = ${new Date(ahead)}`.execute(db)
            ).rows[0]?.n,
          { timeout: 30_000, interval: 50 },
        )
        .toBe(games);

      // The leader draws two periods per game, then is killed half a second before the next draw, so the follower
      // finds that period due when it takes over.
      await nextDraw();
      await nextDraw();
      expect(follower.lines.some(isLockAcquired), 'both instances acted as leader').toBe(false);
      const boundary = Math.ceil((movedNow() + 1_000) / CYCLE_MS) * CYCLE_MS;
      clock.advance(boundary - 500 - movedNow());
      await expect.poll(() => told(leader), { timeout: 5_000, interval: 20 }).toBeGreaterThanOrEqual(boundary - 500);
      const killedAt = Date.now();
      const killedBefore = boundary - movedNow();
      await leader.kill('SIGKILL');
      const took = await follower.waitFor(isLockAcquired, 10_000);
      const takeoverMs = Number(took.seenAt) - killedAt;
      // The follower draws the period due at the kill (late, by catching up or on its first tick), then two more.
      clock.advance(Math.max(0, boundary + 500 - movedNow()));
      await drawnBy(boundary);
      await nextDraw();
      await nextDraw();
      const end = movedNow();
      await follower.kill('SIGTERM');

      // One leader at a time: the killed one acquired once, the follower only after the kill.
      expect(leader.lines.filter(isLockAcquired)).toHaveLength(1);
      expect(follower.lines.filter(isLockAcquired)).toHaveLength(1);
      expect(Number(took.seenAt)).toBeGreaterThanOrEqual(killedAt);
      expect(takeoverMs).toBeLessThan(3_000);
      const caughtUp = follower.lines.find((l) => l.msg === 'caught up: drew periods whose draw time had passed');

      const { rows } = await sql<{
        id: number;
        game_id: number;
        issue: string;
        status: string;
        draw_at: Date;
        drawn_at: Date | null;
        seed: Buffer;
        commitment: string;
        algorithm: string;
        beacon_value: string | null;
        result: number[] | null;
        code: string;
        family: string;
      }>`
        select p.id, p.game_id, p.issue, p.status, p.draw_at, p.drawn_at, p.seed, p.commitment, p.algorithm,
               p.beacon_value, p.result, g.code, g.family
        from periods p join games g on g.id = p.game_id order by p.game_id, p.draw_at`.execute(db);
      // No duplicate slot: one period per game and draw time (and per issue: UNIQUE (game_id, issue)).
      const slots = new Set(rows.map((r) => `${r.game_id}@${r.draw_at.getTime()}`));
      expect(slots.size).toBe(rows.length);

      const due = rows.filter((r) => r.draw_at.getTime() <= end - 1_500);
      expect(due.length).toBeGreaterThan(0);
      const lateAfterKill: number[] = [];
      for (const r of due) {
        // Drawn (never skipped), on or after its draw time, from its committed seed.
        expect(['drawn', 'settled'], `${r.code} ${r.issue}`).toContain(r.status);
        expect(r.drawn_at).not.toBeNull();
        expect(r.drawn_at?.getTime() ?? 0).toBeGreaterThanOrEqual(r.draw_at.getTime());
        const ok = verifyPeriodRecord({
          gameCode: r.code,
          family: r.family as GameFamily,
          issue: r.issue,
          algorithm: r.algorithm,
          commitment: r.commitment,
          seed: Uint8Array.from(r.seed),
          beacon: r.beacon_value,
          result: r.result,
        });
        expect(ok, `${r.code} ${r.issue} verifies`).toBe(true);
        // Announced at most once (the killed leader may have drawn one and died before its NOTIFY).
        expect(results.get(r.id) ?? 0).toBeLessThanOrEqual(1);
        if (r.draw_at.getTime() === boundary) lateAfterKill.push((r.drawn_at?.getTime() ?? 0) - boundary);
      }
      // No gap: per game, the drawn slots follow each other one cycle apart.
      const byGame = new Map<number, number[]>();
      for (const r of due) byGame.set(r.game_id, [...(byGame.get(r.game_id) ?? []), r.draw_at.getTime()]);
      for (const times of byGame.values()) {
        for (let i = 1; i < times.length; i++) expect((times[i] ?? 0) - (times[i - 1] ?? 0)).toBe(CYCLE * 1000);
      }
      // The period due right after the kill was drawn by the follower (after the kill), with its committed seed. Should
      // a game have none, the message gives each game's due slots (seconds from that draw time) and issues.
      const slotsOf = [...byGame.keys()].map((id) => {
        const mine = due.filter((r) => r.game_id === id);
        return `${mine[0]?.code}: ${mine.map((r) => `${(r.draw_at.getTime() - boundary) / 1000}s ${r.issue}`).join(', ')}`;
      });
      expect(lateAfterKill.length, `boundary ${new Date(boundary).toISOString()}; ${slotsOf.join(' | ')}`).toBe(
        byGame.size,
      );
      for (const late of lateAfterKill) expect(late).toBeGreaterThanOrEqual(0);
      const periodsPerGame = Math.min(...[...byGame.values()].map((v) => v.length));
      console.log(
        `[instances] ${due.length} periods drawn over ${byGame.size} games (≥${periodsPerGame} each); leader ` +
          `${leader.name} killed ${killedBefore} ms before a draw; ${follower.name} took over in ` +
          `${takeoverMs} ms; the missed draw came ${Math.max(...lateAfterKill)} ms late` +
          `${caughtUp ? ` (catch-up drew ${String(caughtUp.drawn)})` : ' (no catch-up needed)'}; ` +
          `${results.size} result notifications, none repeated`,
      );
      expect((await ledgerCheck(db)).ok).toBe(true);
    },
    90_000,
  );
});
