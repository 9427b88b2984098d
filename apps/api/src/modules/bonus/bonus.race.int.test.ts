import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../db/database.ts';
import type { Db } from '../../db/database.ts';
import { buildTestApp } from '../../test/helper.ts';
import type { TestApp } from '../../test/helper.ts';
import { operatorToken } from '../../test/money-helper.ts';
import { readyPlayer } from '../../test/withdraw-helper.ts';
import { bet, CTX, openAt, openPeriod, playItems } from '../../test/bets-helper.ts';
import { tick } from '../draws/draws.service.ts';
import { settleDrawnPeriods } from '../bets/settlement.service.ts';
import { computeDailyRebates, saveRebateSettings } from './bonus.service.ts';

// Exactly once under two racing instances (PostgreSQL only: PGlite runs one statement at a time). Two connection
// pools stand for two API instances whose scheduler each believes it should compute the day (a leader that lost its
// lock mid-job, a clock skew): both run the job at once, many times; one set of rebates exists afterwards.
const onPostgres = Boolean(process.env.DATABASE_URL);

let t: TestApp;
let other: Db | undefined;
beforeAll(async () => {
  if (!onPostgres) return;
  t = await buildTestApp({ SESSION_TTL_HOURS: String(24 * 365) }, { now: new Date('2031-07-01T00:00:00Z') });
  other = createDb({ databaseUrl: t.config.databaseUrl, dataDir: 'memory://' });
});
afterAll(async () => {
  await other?.destroy();
  if (onPostgres) await t.close();
});

describe('the daily computation under two racing instances (PostgreSQL)', () => {
  it.skipIf(!onPostgres)('computes each player’s rebate once', async () => {
    const op = await operatorToken(t.app, 'oprace');
    const operator = await t.app.db
      .selectFrom('users')
      .select('id')
      .where('account', '=', 'oprace')
      .executeTakeFirstOrThrow();
    await saveRebateSettings(
      t.app.db,
      { userId: operator.id, account: 'oprace' },
      { rates: [{ family: 'k3', rate_bps: 150, multiple: 3 }] },
    );
    await openAt(t.app, new Date('2031-07-01T03:00:00Z'));
    const period = await openPeriod(t.app, 'df_k3');
    const plays = await playItems(t.app, 'df_k3');
    const players = await Promise.all(Array.from({ length: 8 }, () => readyPlayer(t.app, op, 50_000)));
    for (const p of players) {
      for (const play of plays.slice(0, 6)) {
        const r = await bet(t.app, p.token, {
          games_id: period.game_id,
          issue: period.issue,
          items: [{ play_id: play.id, amount: 1_000 }],
        });
        expect(r.status, r.text).toBe(200);
      }
    }
    await tick(t.app.db, period.draw_at, CTX);
    await settleDrawnPeriods(t.app.db, period.draw_at);

    const at = new Date('2031-07-01T17:10:00Z');
    const started = performance.now();
    const reports = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        computeDailyRebates(i % 2 === 0 ? t.app.db : (other as Db), at, CTX.timeZone),
      ),
    );
    const elapsed = Math.round(performance.now() - started);
    const computed = reports.filter((r) => r.computed);
    console.log(`[rebate race] 10 parallel runs on two pools: ${computed.length} computed, ${elapsed} ms`);
    expect(computed).toHaveLength(1);
    const rows = await t.app.db.selectFrom('bonus_rebates').selectAll().execute();
    expect(rows).toHaveLength(computed[0]?.players ?? -1);
    expect(new Set(rows.map((r) => r.user_id)).size).toBe(rows.length);
    expect(rows.reduce((s, r) => s + r.amount, 0)).toBe(computed[0]?.total);
    const days = await t.app.db.selectFrom('bonus_rebate_days').selectAll().execute();
    expect(days).toHaveLength(1);
    expect(days[0]).toMatchObject({ day: '2031-07-01', players: rows.length });
  });
});
