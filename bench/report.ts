/**
 * `npm run bench:report`: the profit report and the dashboard on 10⁶ bets (BENCH_BETS) on PostgreSQL.
 *
 * A fresh database fd_bench_<random> is migrated and seeded with the API's own functions. Set-based SQL
 * (generate_series) then inserts BENCH_PLAYERS (default 5,000) players with a funding deposit each and N cash slips
 * spread evenly over the seven days before the latest local noon (business time zone Asia/Bangkok; that noon is the
 * benchmark's "now", so today holds half a day of slips at whatever hour it runs), each with its 'stake' / 'bet:<id>'
 * transaction (player_cash → house) at the slip's time, and one slip in three won with its 'payout' transaction
 * (house → player_cash, twice the stake); the cached balances are set from the postings, then ANALYZE.
 *
 * Measured, each the median of several runs:
 *   - reference: `select count(*) from bets` (a scan of the 10⁶ slips), in the same run;
 *   - the summary's rebuild of today (`rebuildReportDay`, what the scheduler's leader runs every
 *     REPORT_REFRESH_SECONDS) and of all eight days at once (`refreshReports` on an empty summary: a first start);
 *   - one player's report (`profitReport`, range last7: what `GET /api/report/profit` runs);
 *   - the dashboard over the seven days (`dashboard`, what `GET /api/admin/dashboard/summary` runs).
 * Each is printed in ms and as a ratio to the reference. The ledger check must be clean afterwards; the database is
 * dropped at the end, failure or not.
 */
// At run time, not only for its types: it sets how pg reads bigint columns (as numbers), as in the API.
import '../apps/api/src/db/database.ts';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database, Db } from '../apps/api/src/db/database.ts';
import { migrateToLatest } from '../apps/api/src/db/migrate.ts';
import { seed } from '../apps/api/src/db/seed.ts';
import { createUpcomingPeriods, tick } from '../apps/api/src/modules/draws/draws.service.ts';
import { ledgerCheck } from '../apps/api/src/modules/ledger/ledger.service.ts';
import { dashboard } from '../apps/api/src/modules/report/dashboard.service.ts';
import { profitReport } from '../apps/api/src/modules/report/profit-report.service.ts';
import { rebuildReportDay, refreshReports } from '../apps/api/src/modules/report/report-rebuild.service.ts';
import { addDays, localDate, zonedInstant } from '../packages/domain/src/time-zone.ts';
// Type-only: the FastifyInstance augmentations (app.db, …) that modules reached from here refer to, for `tsc -p .`.
import type {} from '../apps/api/src/app.ts';
import { insertFundedPlayers, syncBalances } from './ledger-setup.ts';
import { recordFigure } from './figures.ts';
import { createScratchDatabase } from './pg.ts';

const N = Number(process.env.BENCH_BETS ?? 1_000_000);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 5_000);
const TZ = 'Asia/Bangkok';
const WEEK_SECONDS = 7 * 86_400;
const FUNDING = 1_000_000_000;

const scratch = await createScratchDatabase();
const pool = new pg.Pool({ connectionString: scratch.url, max: 4 });
// BENCH_EXPLAIN=1: the rebuild's insert statement is captured and its plan printed (EXPLAIN ANALYZE, rolled back).
let captured: { sql: string; parameters: readonly unknown[] } | undefined;
const db: Db = new Kysely<Database>({
  dialect: new PostgresDialect({ pool }),
  log: (e) => {
    if (e.query.sql.includes('insert into report_daily')) captured = e.query;
  },
});
let failed = false;

const q = (text: string) => sql.raw(text).execute(db);
const secs = (t0: number) => (performance.now() - t0) / 1000;

/** The median of `runs` timings of `fn`, in ms (after one warm-up run). */
async function median(runs: number, fn: () => Promise<unknown>): Promise<number> {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

try {
  await migrateToLatest(db);
  const now = new Date();
  await seed(db, { now, timeZone: TZ });
  await createUpcomingPeriods(db, now, { timeZone: TZ });
  await tick(db, now, { timeZone: TZ });
  const period = await db
    .selectFrom('periods')
    .innerJoin('games', 'games.id', 'periods.game_id')
    .select(['periods.id', 'periods.issue', 'periods.game_id'])
    .where('games.code', '=', 'df_k3')
    .orderBy('periods.draw_at')
    .executeTakeFirstOrThrow();

  // The slips end at the latest local noon, the benchmark's "now": today then holds half a day of them whatever the
  // hour it runs at (ending at the real now, today held from none to all of a day's slips, and its rebuild took from
  // a fifth to all of a past day's time).
  const noonOf = (day: string) => zonedInstant(day, 12 * 3600, TZ);
  const realToday = localDate(Date.now(), TZ);
  const anchor = new Date(
    noonOf(realToday) <= Date.now() ? noonOf(realToday) : noonOf(addDays(realToday, -1)),
  ).toISOString();
  const t0 = performance.now();
  await insertFundedPlayers(db, PLAYERS, FUNDING, { depositsDaysAgo: 7 });
  // The slips: spread over the seven days before it; one in three won twice its stake.
  await q(`
    insert into bets (user_id, game_id, period_id, issue, wallet, total, status, payout, created_at, settled_at)
    select p.id, ${period.game_id}, ${period.id}, '${period.issue}', 'cash', 100 * (1 + g % 10),
           case when g % 3 = 0 then 'won' else 'lost' end,
           case when g % 3 = 0 then 200 * (1 + g % 10) else 0 end,
           '${anchor}'::timestamptz - make_interval(secs => (g::bigint * ${WEEK_SECONDS} / ${N})),
           '${anchor}'::timestamptz - make_interval(secs => (g::bigint * ${WEEK_SECONDS} / ${N}))
    from generate_series(0, ${N - 1}) g join bench_players p on p.idx = g % ${PLAYERS}`);
  await q(`
    insert into ledger_transactions (kind, reference, created_at)
    select 'stake', 'bet:' || id, created_at from bets order by id`);
  await q(`
    insert into ledger_transactions (kind, reference, created_at)
    select 'payout', 'bet:' || id, settled_at from bets where status = 'won' order by id`);
  await q(`
    insert into ledger_postings (transaction_id, account_id, amount)
    select t.id, x.account_id, x.amount
    from ledger_transactions t
    join bets b on b.id = split_part(t.reference, ':', 2)::bigint
    join ledger_accounts pa on pa.key = 'player_cash:' || b.user_id
    cross join lateral (
      values (pa.id, case when t.kind = 'stake' then -b.total else b.payout end),
             ((select id from ledger_accounts where key = 'house'),
              case when t.kind = 'stake' then b.total else -b.payout end)) as x(account_id, amount)
    where t.kind in ('stake', 'payout')`);
  await syncBalances(db);
  await q('analyze');
  const counts = await sql<{ bets: number; tx: number; postings: number }>`
    select (select count(*) from bets)::int as bets, (select count(*) from ledger_transactions)::int as tx,
           (select count(*) from ledger_postings)::int as postings`.execute(db);
  const c = counts.rows[0]!;
  console.log(
    `seeded ${c.bets} slips, ${c.tx} ledger transactions, ${c.postings} postings for ${PLAYERS} players ` +
      `in ${secs(t0).toFixed(1)} s`,
  );

  const reference = await median(5, () => sql`select count(*) from bets`.execute(db));
  const tFull = performance.now();
  const at = new Date(anchor);
  const full = await refreshReports(db, at, TZ);
  const fullMs = performance.now() - tFull;
  const today = localDate(at.getTime(), TZ);
  const rebuildToday = await median(3, () => rebuildReportDay(db, today, at, TZ));
  const rebuildPast = await median(3, () => rebuildReportDay(db, addDays(today, -3), at, TZ));
  const player = await db
    .selectFrom('bench_players' as never)
    .select('id' as never)
    .executeTakeFirstOrThrow();
  const userId = (player as { id: number }).id;
  const ctx = { now: at, timeZone: TZ, lang: 'en' as const };
  const report = await median(21, () => profitReport(db, userId, { range: 'last7' }, ctx));
  const one = await profitReport(db, userId, { range: 'last7' }, ctx);
  const dash = await median(5, () => dashboard(db, {}, { ...ctx, currency: 'THB' }));
  const d = await dashboard(db, {}, { ...ctx, currency: 'THB' });
  if (process.env.BENCH_EXPLAIN === '1' && captured) {
    const c = await pool.connect();
    try {
      await c.query('begin');
      await c.query('delete from report_daily');
      const plan = await c.query(`explain (analyze, buffers) ${captured.sql}`, [...captured.parameters]);
      await c.query('rollback');
      console.log('\nplan of the rebuild of today:');
      for (const r of plan.rows as { 'QUERY PLAN': string }[]) console.log(`  ${r['QUERY PLAN']}`);
    } finally {
      c.release();
    }
  }
  const summaryRows = await sql<{ n: number }>`select count(*)::int as n from report_daily`.execute(db);

  const line = (label: string, ms: number, figure: string) => {
    console.log(`${label.padEnd(58)} ${ms.toFixed(1).padStart(9)} ms   ${(ms / reference).toFixed(2).padStart(7)}×`);
    recordFigure({ name: `report.${figure}`, value: ms / reference, unit: 'ratio', better: 'lower' });
  };
  console.log(
    `\nreference: select count(*) from bets (${c.bets} rows)`.padEnd(59) + ` ${reference.toFixed(1).padStart(9)} ms`,
  );
  line(`first rebuild of every day (${full.days} days, ${full.rows} summary rows)`, fullMs, 'first_rebuild');
  line(`rebuild of today (the leader's periodic job)`, rebuildToday, 'rebuild_today');
  line(`rebuild of one whole past day`, rebuildPast, 'rebuild_past_day');
  line(`one player's report, last 7 days (GET /api/report/profit)`, report, 'player_report');
  line(`dashboard, last 7 days (GET /api/admin/dashboard/summary)`, dash, 'dashboard');
  console.log(
    `\nsummary: ${summaryRows.rows[0]!.n} rows; the player staked ${one.totals.stakes} in ${one.games[0]?.slips ?? 0} ` +
      `slips; the dashboard counts ${d.totals.slips} slips by ${d.totals.players} players, hold ${d.totals.hold} %`,
  );
  if (d.totals.slips + 0 < 1) throw new Error('the dashboard saw no slips');

  const check = await ledgerCheck(db);
  if (!check.ok) {
    failed = true;
    console.error('ledger check NOT clean', check);
  } else console.log('ledger check clean');
} catch (err) {
  failed = true;
  console.error(err);
} finally {
  await db.destroy();
  // pool.end() does not wait for the server to see a session's end: the drop may terminate one that is still open,
  // which its client then reports (57P01) on a pool that has no more use for it.
  pool.on('error', () => {});
  await scratch.drop();
}
if (failed) process.exit(1);
