/**
 * `npm run bench:settle`: how long the settlement of one period with N bets takes on PostgreSQL (target: ≤ 5 s for
 * 10⁶ bets on this machine), through the API's own code path: `tick` (modules/draws/draws.service.ts) draws the
 * period, `settleDrawnPeriods` (modules/bets/settlement.service.ts) settles it, as the scheduler's tick loop and
 * settle loop do (modules/draws/runner.ts).
 *
 * A fresh database fd_bench_<random> is migrated and seeded with the API's own functions, with
 * GAME_CYCLE_OVERRIDE_SECONDS = 3600 semantics (periods every hour). The bets are inserted with set-based SQL
 * (generate_series), mirroring what POST /api/game/bet stores:
 *   - BENCH_PLAYERS players (default 5,000), each with a funded player_cash account: one 'deposit' transaction
 *     (deposits_clearing → player_cash, reference 'bench-deposit:<user id>');
 *   - per bet one cash slip (`bets`) with one item (`bet_items`) on the game's enabled plays in turn (no Mark Six
 *     all-in), stakes 1.00–10.00, and its 'stake' / 'bet:<slip id>' transaction (player_cash → house);
 *   - the cached balances set from the postings afterwards, then ANALYZE.
 * Simplifications (documented): the odds are the play_items row's (what resolvePlay returns for every game but Mark
 * Six zodiac plays, so the default game is df_k3); the per-period stake limit is not applied; all slips have one item.
 *
 * Two pilots are settled first, BENCH_PILOT bets (default 20,000) on the game's current period and 4× that on the
 * next; N (BENCH_BETS, default 1,000,000) is then settled on the period after unless the pilots project more than
 * BENCH_MAX_SECONDS (default 120; BENCH_FORCE=1 runs it anyway) — then the projection is printed instead. The
 * projection fits t = a·nᵇ through the two pilots (b > 1 means settlement slows down as the period grows: see the
 * breakdown), and is a lower bound when b keeps growing with n.
 * Reference measured in the same run: the set-based insert of the same bets (slips, items, ledger postings).
 * Where the time goes: every SQL statement the settlement sends is timed (Kysely's log hook) and summed by shape.
 * The settlement is set-based: one statement folds the items' verdicts into their slips and updates the slips (and
 * the items of slips of several; `with v as … items as (select s.ctid`), then the ledger posts the payouts in a few
 * (`postWalletBatch`: transactions, accounts, balances, postings); the rest of the wall time is JavaScript — the
 * verdict of each play code, not of each bet — and the driver.
 * The ledger check (ledgerCheck, what `npm run ledger:check` runs) must be clean afterwards. The database is dropped
 * at the end, failure or not.
 */
// At run time, not only for its types: it sets how pg reads bigint columns (as numbers), as in the API.
import '../apps/api/src/db/database.ts';
import { Kysely, PostgresDialect, sql } from 'kysely';
import type { LogEvent } from 'kysely';
import pg from 'pg';
import type { Database, Db } from '../apps/api/src/db/database.ts';
import { migrateToLatest } from '../apps/api/src/db/migrate.ts';
import { seed } from '../apps/api/src/db/seed.ts';
import { createUpcomingPeriods, tick } from '../apps/api/src/modules/draws/draws.service.ts';
import { settleDrawnPeriods } from '../apps/api/src/modules/bets/settlement.service.ts';
import { ledgerCheck } from '../apps/api/src/modules/ledger/ledger.service.ts';
// Type-only: the FastifyInstance augmentations (app.db, …) that modules reached from here refer to, for `tsc -p .`.
import type {} from '../apps/api/src/app.ts';
import { insertFundedPlayers, syncBalances } from './ledger-setup.ts';
import { createScratchDatabase } from './pg.ts';
import { recordFigure } from './figures.ts';

const N = Number(process.env.BENCH_BETS ?? 1_000_000);
const PILOT = Math.min(N, Number(process.env.BENCH_PILOT ?? 20_000));
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 5_000);
const GAME = process.env.BENCH_GAME ?? 'df_k3';
const MAX_SECONDS = Number(process.env.BENCH_MAX_SECONDS ?? 120);
const FORCE = process.env.BENCH_FORCE === '1';
const TARGET_SECONDS_PER_MILLION = 5;
const CTX = { timeZone: 'Asia/Bangkok', cycleOverrideSeconds: 3600 };
const FUNDING = 1_000_000_000; // minor units per player, far above what its stakes need

// Per-statement timing while `tracing` is on: summed by the statement's shape (first words, numbers blanked).
let tracing = false;
const spent = new Map<string, { ms: number; count: number }>();
function onLog(event: LogEvent) {
  if (!tracing) return;
  const shape = event.query.sql.replace(/\s+/g, ' ').replace(/\$\d+/g, '?').slice(0, 70);
  const s = spent.get(shape) ?? { ms: 0, count: 0 };
  s.ms += event.queryDurationMillis;
  s.count += 1;
  spent.set(shape, s);
}

const secs = (t0: number) => (performance.now() - t0) / 1000;

const scratch = await createScratchDatabase();
const pool = new pg.Pool({ connectionString: scratch.url, max: 10 });
// The scratch database is dropped WITH (FORCE) at the end: a client the pool still holds idle then hears "terminating
// connection", which is expected there, not a failure of the run.
pool.on('error', () => undefined);
// BENCH_EXPLAIN=1: every statement of the settlement that takes BENCH_EXPLAIN_MS (500) or more prints its plan with
// actual rows, times and buffers (auto_explain, as notices to this client; needs a superuser to LOAD it). The timing
// of the plan's nodes slows the run: read the plans, not the seconds, of such a run.
const EXPLAIN_MS = Number(process.env.BENCH_EXPLAIN_MS ?? 500);
if (process.env.BENCH_EXPLAIN === '1') {
  pool.on('connect', (client) => {
    client.on('notice', (n) => {
      if (tracing) console.log(String(n.message));
    });
    void client
      .query(
        `load 'auto_explain'; set auto_explain.log_min_duration = ${EXPLAIN_MS}; set auto_explain.log_analyze = on;
         set auto_explain.log_buffers = on; set auto_explain.log_nested_statements = on;
         set auto_explain.log_level = 'notice'`,
      )
      .catch((err: unknown) => console.error('auto_explain:', err));
  });
}
const db: Db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: onLog });
let failed = false;

async function q(text: string) {
  return sql.raw(text).execute(db);
}

/** Inserts `n` one-item cash slips on period `periodId` with their stake postings; returns the seconds it took. */
async function insertBets(n: number, periodId: number, gameId: number, issue: string): Promise<number> {
  const t0 = performance.now();
  // The plays in turn; a one-item slip carries its play's code and odds, as place_bet_slips writes it.
  const plays = `
    with items as (
      select id, code, group_code, odds_bps, row_number() over (order by sort, id) - 1 as k, count(*) over () as c
      from play_items where game_id = ${gameId} and enabled and group_code <> 'all-in')`;
  await q(`${plays}
    insert into bets (user_id, game_id, period_id, issue, wallet, total, code, odds_bps)
    select p.id, ${gameId}, ${periodId}, '${issue}', 'cash', 100 * (1 + g % 10), i.code, i.odds_bps
    from generate_series(0, ${n - 1}) g join bench_players p on p.idx = g % ${PLAYERS}
    join items i on i.k = g % i.c`);
  await q(`${plays}
    insert into bet_items (bet_id, play_item_id, code, group_code, odds_bps, amount)
    select b.id, i.id, i.code, i.group_code, i.odds_bps, b.total
    from bets b join items i on i.code = b.code
    where b.period_id = ${periodId}`);
  await q(`
    insert into ledger_transactions (kind, reference, created_at)
    select 'stake', 'bet:' || id, now() from bets where period_id = ${periodId} order by id`);
  await q(`
    insert into ledger_postings (transaction_id, account_id, amount)
    select t.id, x.account_id, x.amount
    from bets b
    join ledger_transactions t on t.kind = 'stake' and t.reference = 'bet:' || b.id
    join ledger_accounts pa on pa.key = 'player_cash:' || b.user_id
    cross join lateral (values (pa.id, -b.total),
                               ((select id from ledger_accounts where key = 'house'), b.total)) as x(account_id, amount)
    where b.period_id = ${periodId}`);
  await syncBalances(db);
  await q(
    'analyze bets; analyze bet_items; analyze ledger_transactions; analyze ledger_postings; analyze ledger_accounts',
  );
  return secs(t0);
}

/** Draws the period through tick and times settleDrawnPeriods (what the scheduler's two loops call). */
async function drawAndSettle(drawAt: Date) {
  const at = new Date(drawAt.getTime() + 1000);
  // Three ticks, as the scheduler would over time: scheduled → open → sealed → drawn.
  for (let i = 0; i < 3; i++) await tick(db, at, CTX);
  spent.clear();
  tracing = true;
  const t0 = performance.now();
  const report = await settleDrawnPeriods(db, at);
  const seconds = secs(t0);
  tracing = false;
  const sqlMs = [...spent.values()].reduce((s, v) => s + v.ms, 0);
  return { seconds, report, sqlSeconds: sqlMs / 1000, top: [...spent.entries()].sort((a, b) => b[1].ms - a[1].ms) };
}

function printBreakdown(label: string, r: Awaited<ReturnType<typeof drawAndSettle>>) {
  console.log(
    `  where the time goes (${label}): SQL ${r.sqlSeconds.toFixed(2)} s, the rest ${(r.seconds - r.sqlSeconds).toFixed(2)} s`,
  );
  for (const [shape, v] of r.top.slice(0, 8)) {
    console.log(`    ${(v.ms / 1000).toFixed(2).padStart(7)} s  ${String(v.count).padStart(8)}×  ${shape}`);
  }
}

try {
  await migrateToLatest(db);
  const now = new Date();
  await seed(db, { now, timeZone: CTX.timeZone });
  await createUpcomingPeriods(db, now, CTX);
  await tick(db, now, CTX);
  const game = await db.selectFrom('games').select(['id', 'family']).where('code', '=', GAME).executeTakeFirstOrThrow();
  const periods = await db
    .selectFrom('periods')
    .select(['id', 'issue', 'draw_at', 'status'])
    .where('game_id', '=', game.id)
    .where('status', 'in', ['open', 'scheduled'])
    .orderBy('draw_at')
    .limit(3)
    .execute();
  const [pilotPeriod, pilot2Period, fullPeriod] = periods;
  if (!pilotPeriod || !pilot2Period || !fullPeriod) throw new Error('no periods');

  // Players with funded cash accounts, and the house accounts.
  const t0 = performance.now();
  await insertFundedPlayers(db, PLAYERS, FUNDING);
  console.log(`${PLAYERS} funded players in ${secs(t0).toFixed(1)} s; game ${GAME}`);

  // Pilot.
  const pilotInsert = await insertBets(PILOT, pilotPeriod.id, game.id, pilotPeriod.issue);
  const pilot = await drawAndSettle(pilotPeriod.draw_at);
  const pilotRate = PILOT / pilot.seconds;
  console.log(
    `pilot: ${PILOT} bets (${pilot.report.slips} slips) inserted in ${pilotInsert.toFixed(2)} s, ` +
      `settled in ${pilot.seconds.toFixed(2)} s = ${pilotRate.toFixed(0)} bets/s`,
  );
  printBreakdown('pilot', pilot);

  const PILOT2 = Math.min(N, PILOT * 4);
  let projected = N / pilotRate;
  let exponent = 1;
  if (PILOT2 > PILOT) {
    const insert2 = await insertBets(PILOT2, pilot2Period.id, game.id, pilot2Period.issue);
    const pilot2 = await drawAndSettle(pilot2Period.draw_at);
    console.log(
      `pilot: ${PILOT2} bets (${pilot2.report.slips} slips) inserted in ${insert2.toFixed(2)} s, ` +
        `settled in ${pilot2.seconds.toFixed(2)} s = ${(PILOT2 / pilot2.seconds).toFixed(0)} bets/s`,
    );
    printBreakdown(`pilot ${PILOT2}`, pilot2);
    exponent = Math.log(pilot2.seconds / pilot.seconds) / Math.log(PILOT2 / PILOT);
    projected = pilot2.seconds * (N / PILOT2) ** Math.max(1, exponent);
    console.log(`growth: t ∝ n^${exponent.toFixed(2)} between the pilots; ${N} bets project ${projected.toFixed(0)} s`);
  }
  let measured: { n: number; insert: number; settle: Awaited<ReturnType<typeof drawAndSettle>> } | undefined;
  if (N > PILOT && (projected <= MAX_SECONDS || FORCE)) {
    const insert = await insertBets(N, fullPeriod.id, game.id, fullPeriod.issue);
    measured = { n: N, insert, settle: await drawAndSettle(fullPeriod.draw_at) };
  } else if (N === PILOT) {
    measured = { n: PILOT, insert: pilotInsert, settle: pilot };
  }

  const ledger = await ledgerCheck(db);
  // The slips and items rewritten, and how many of those stayed on their page with no index touched (HOT): the
  // statistics reach pg_stat_user_tables within a second of the commit.
  await new Promise((ok) => setTimeout(ok, 1500));
  const hot = await sql<{ relname: string; upd: string; hot: string }>`
    select relname, n_tup_upd as upd, n_tup_hot_upd as hot from pg_stat_user_tables
    where relname in ('bets', 'bet_items') order by relname`.execute(db);
  const target = (TARGET_SECONDS_PER_MILLION * N) / 1_000_000;
  console.log('');
  if (measured) {
    const s = measured.settle.seconds;
    if (measured !== undefined && measured.n !== PILOT) printBreakdown(`${measured.n} bets`, measured.settle);
    console.log(`reference: set-based insert of the same ${measured.n} bets ${measured.insert.toFixed(2)} s`);
    console.log(
      `settlement of ${measured.n} bets: ${s.toFixed(2)} s = ${(measured.n / s).toFixed(0)} bets/s  ` +
        `(ratio settle/insert ${(s / measured.insert).toFixed(2)})`,
    );
    console.log(`target ≤ ${target.toFixed(1)} s for ${N} bets: ${s <= target ? 'MET' : 'NOT MET'}`);
    recordFigure({ name: 'settle.ratio', value: s / measured.insert, unit: 'ratio', better: 'lower' });
    recordFigure({ name: 'settle.seconds', value: s, unit: 's', better: 'lower' });
  } else {
    console.log(`reference: set-based insert of the ${PILOT} pilot bets ${pilotInsert.toFixed(2)} s`);
    console.log(
      `settlement of ${N} bets NOT RUN: the pilots project ` +
        `${projected.toFixed(0)} s (t ∝ n^${Math.max(1, exponent).toFixed(2)}; > BENCH_MAX_SECONDS ${MAX_SECONDS}; BENCH_FORCE=1 runs it)`,
    );
    console.log(
      `target ≤ ${target.toFixed(1)} s for ${N} bets: NOT MET (projected ${(projected / target).toFixed(1)}× the target)`,
    );
  }
  console.log(
    `rows rewritten (all runs): ${hot.rows.map((r) => `${r.relname} ${r.upd}, ${r.hot} of them HOT`).join('; ')}`,
  );
  console.log(
    `ledger check: ${ledger.ok ? 'clean' : 'NOT CLEAN'} (${ledger.transactions} transactions, ${ledger.postings} postings, ` +
      `total ${ledger.total}, ${ledger.unbalanced.length} unbalanced, ${ledger.mismatches.length} mismatches)`,
  );
  if (!ledger.ok) failed = true;
} catch (err) {
  failed = true;
  console.error(err);
} finally {
  await db.destroy().catch(() => undefined);
  await scratch.drop();
}
if (failed) process.exitCode = 1;
