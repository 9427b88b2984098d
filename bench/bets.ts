/**
 * `npm run bench:bets`: bet placement throughput on PostgreSQL, against a reference measured in the same run on the
 * same server — pgbench's TPC-B (`pgbench -i -s 10`, then 8 clients, 2 threads) on a scratch database of its own.
 *
 * The API (apps/api/src/server.ts) runs on a fresh database fd_bench_<random> with GAME_CYCLE_OVERRIDE_SECONDS=3600
 * (so the period stays open through the run). BENCH_PLAYERS guests (default 200; guests stake demo money, the same
 * code path and ledger posting as cash) each get a session; autocannon then drives POST /api/game/bet for
 * BENCH_SECONDS (default 15) at each load level of BENCH_CONNECTIONS (requests in flight; default 32,64,128, each
 * after a 3 s warm-up), every request with the next guest's token, its own
 * Idempotency-Key (as the web sends one per slip), the open issue from POST /api/game/current_game and one item at
 * the minimum stake. Afterwards the ledger check runs
 * (`npm run ledger:check` on that DATABASE_URL) and the slips in the database are counted against the 2xx answers.
 * Both databases are dropped at the end, failure or not.
 *
 * Each level prints bets/s, p50/p99 and the ratio bets/s ÷ pgbench TPS. Goal: the ratio bench/baseline.json gives
 * `bets.best` (3) at a level whose p99 ≤ 50 ms (the best such level is named). The run fails on any error answer or
 * an unclean ledger.
 *
 * It also prints what the work costs the whole machine's CPU (every process and the kernel, from /proc/stat): a
 * pgbench transaction, a bet at each level, and a request to a bare node:http server answering a bet's bytes under
 * the same load generator (HTTP alone). Where both keep the cores busy, bets/s ÷ TPS cannot pass a pgbench
 * transaction's cost ÷ a bet's; HTTP alone is the part of a bet's cost no API or database change removes.
 *
 * BENCH_EXPLAIN=1: every statement the database runs for the API (nested ones too: each statement of a batch's
 * function) is written to the server's log with its duration and plan (auto_explain, loaded for the scratch database
 * by the superuser the benchmark connects as); `node bench/explain-log.ts <log file> <database>` sums them by statement
 * (the run prints the scratch database's name). The
 * logging slows the run: read where the time goes, not the bets/s.
 */
import autocannon from 'autocannon';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { availableParallelism } from 'node:os';
import { startBareServer } from './bare-server.ts';
import { cpuBetween, cpuSnapshot } from './cpu.ts';
import { readBaseline, recordFigure } from './figures.ts';
import { createScratchDatabase, pgbenchTps, run, startApi, type Api } from './pg.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 15);
/** The load at which HTTP alone is measured (a bare server answering a bet's bytes). */
const HTTP_CONNECTIONS = 64;
/** The goal of the best ratio, as bench/baseline.json holds it (the figure bench:all guards). */
const GOAL = readBaseline().full['bets.best']?.goal ?? NaN;
// The offered load: concurrent requests in flight (autocannon connections), one run per level.
const levels = (process.env.BENCH_CONNECTIONS ?? '32,64,128').split(',').map(Number);
const players = Number(process.env.BENCH_PLAYERS ?? 200);
const GAME = process.env.BENCH_GAME;
const CYCLE = 3600;
const cores = availableParallelism();

type Envelope<T> = { code: number; data: T; error?: string; msg?: string };

async function post<T>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', lang: 'en', ...headers },
    body: JSON.stringify(body ?? {}),
  });
  const json = (await res.json()) as Envelope<T>;
  if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

const db = await createScratchDatabase();
let api: Api | undefined;
let failed = false;
try {
  if (process.env.BENCH_EXPLAIN === '1') {
    const admin = new pg.Client({ connectionString: db.url });
    await admin.connect();
    for (const [name, value] of [
      ['session_preload_libraries', 'auto_explain'],
      ['auto_explain.log_min_duration', '0'],
      ['auto_explain.log_nested_statements', 'on'],
      ['auto_explain.log_format', 'json'],
    ])
      await admin.query(`alter database ${db.name} set ${name} = '${value}'`);
    await admin.end();
    console.log(`BENCH_EXPLAIN: statements to the server log; sum them: node bench/explain-log.ts <log> ${db.name}`);
  }
  api = await startApi(db.url, {
    GAME_CYCLE_OVERRIDE_SECONDS: String(CYCLE),
    RATE_LIMIT_MAX: '10000000',
    AUTH_RATE_LIMIT_MAX: '10000000',
    // Every connection of the load comes from one address: no per-address cap (128 > MAX_CONNECTIONS_PER_IP).
    MAX_CONNECTIONS_PER_IP: '0',
    OPERATOR_ACCOUNT: 'benchop',
    OPERATOR_PASSWORD: 'bench-operator-pw-1',
  });
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  // BENCH_GAME, else the game whose open period seals last (with the override every game draws at the same
  // instants; they differ in how long before the draw they seal), so a run rarely has to wait for the next period.
  await new Promise((r) => setTimeout(r, 1500)); // the scheduler's first tick opens the current periods
  const game = (
    await client.query<{ id: number; code: string }>(
      `select g.id, g.code from games g left join periods p on p.game_id = g.id and p.status = 'open'
       where g.enabled and ($1::text is null or g.code = $1) order by p.seal_at desc nulls last, g.id limit 1`,
      [GAME ?? null],
    )
  ).rows[0];
  if (!game) throw new Error(`no game ${GAME ?? ''}`);
  const play = (
    await client.query<{ id: number; code: string; min_stake: string }>(
      `select id, code, min_stake from play_items where game_id = $1 and enabled and group_code <> 'all-in'
       order by sort, id limit 1`,
      [game.id],
    )
  ).rows[0];
  if (!play) throw new Error(`no play item for ${game.code}`);
  const stake = Number(play.min_stake);

  // The scheduler opens the current period within a second of start; wait for one that stays open long enough.
  let current: { issue: string | null; status: string | null; seal_at: number | null; server_time: number };
  for (;;) {
    current = await post(`${api.url}/api/game/current_game?games_id=${game.id}`, {});
    const left = current.seal_at !== null ? (current.seal_at - current.server_time) / 1000 : 0;
    if (current.status === 'open' && left > levels.length * (seconds + 3) + 30) break;
    // Not open yet (the scheduler opens it within a second of start), or sealing too soon: wait for the next one.
    const wait = current.status === 'open' ? left * 1000 + 1000 : 500;
    if (current.status === 'open') console.log(`period ${current.issue} seals in ${left.toFixed(0)} s: waiting…`);
    await new Promise((r) => setTimeout(r, wait));
  }
  const issue = current.issue ?? '';

  const t0 = performance.now();
  const tokens: string[] = [];
  for (let i = 0; i < players; i += 20) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(20, players - i) }, () =>
        post<{ token: string }>(`${api!.url}/api/user/guest`, {}),
      ),
    );
    tokens.push(...batch.map((b) => b.token));
  }
  console.log(
    `${players} guests in ${((performance.now() - t0) / 1000).toFixed(1)} s; ${game.code} ${issue}, play ${play.code}`,
  );

  const body = JSON.stringify({ games_id: game.id, issue, items: [{ play_id: play.id, amount: stake }] });
  let n = 0;
  const runId = randomBytes(6).toString('hex');
  const fire = (connections: number, duration: number, url = `${api!.url}/api/game/bet`) =>
    autocannon({
      url,
      connections,
      duration,
      requests: [
        {
          method: 'POST',
          setupRequest: (req) => ({
            ...req,
            body,
            headers: {
              'content-type': 'application/json',
              lang: 'en',
              token: tokens[n % tokens.length] ?? '',
              // A key per slip, as the web sends (apps/web lib/idempotency.ts).
              'idempotency-key': `bench-${runId}-${n++}`,
            },
          }),
        },
      ],
    });
  // How the slips were batched (the API's own histograms, read before and after each level).
  const batchStats = async () => {
    const metrics = await (await fetch(api!.metricsUrl)).text();
    const metric = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(metrics)?.[1] ?? NaN);
    // How long the batches took: the cumulative count of the histogram's buckets (le = seconds).
    const buckets = new Map<string, number>(
      [...metrics.matchAll(/^bet_batch_seconds_bucket\{le="([^"]+)"\} (\S+)$/gm)].map((m) => [
        m[1] ?? '',
        Number(m[2]),
      ]),
    );
    return {
      buckets,
      batches: metric('bet_batch_slips_count'),
      // The batches timed so far: the shares over 10, 25 and 50 ms are of these (a batch is counted by the two
      // histograms one after the other, so their counts may differ by one when read).
      timed: metric('bet_batch_seconds_count'),
      slips: metric('bet_batch_slips_sum'),
      seconds: metric('bet_batch_seconds_sum'),
      apiCpuMs: metric('process_cpu_seconds_total') * 1000,
      cpu: cpuSnapshot(),
    };
  };
  const results: {
    connections: number;
    r: autocannon.Result;
    batchLine: string;
    cpuLine: string;
    /** The whole machine's CPU time a bet took (µs): the API, PostgreSQL, the load generator and the kernel. */
    machineUsPerBet: number;
  }[] = [];
  // One bet's answer, for the bare server that answers its bytes (below).
  const answer = await fetch(`${api.url}/api/game/bet`, {
    method: 'POST',
    body,
    headers: {
      'content-type': 'application/json',
      lang: 'en',
      token: tokens[0] ?? '',
      'idempotency-key': `bench-${runId}-one`,
    },
  });
  if (!answer.ok) throw new Error(`a bet was refused: ${answer.status} ${await answer.text()}`);
  let answered = 1;
  // What earlier work left unwritten (a test suite's databases, in CI) is flushed first: the bets, measured before
  // the reference, would otherwise share the disk with a checkpoint the reference does not meet.
  await client.query('checkpoint');
  for (const connections of levels) {
    answered += (await fire(connections, 3))['2xx']; // warm-up (JIT, pool, plans)
    const before = await batchStats();
    const r = await fire(connections, seconds);
    const after = await batchStats();
    answered += r['2xx'];
    const batches = after.batches - before.batches;
    const timed = after.timed - before.timed;
    const batchLine =
      `batches ${batches}, ${((after.slips - before.slips) / batches).toFixed(1)} slips and ` +
      `${(((after.seconds - before.seconds) / batches) * 1000).toFixed(1)} ms each on average; ` +
      [...after.buckets]
        .filter(([le]) => ['0.01', '0.025', '0.05'].includes(le))
        .map(
          ([le, n]) =>
            `${(((timed - (n - (before.buckets.get(le) ?? 0))) / timed) * 100).toFixed(1)} % over ${Number(le) * 1000} ms`,
        )
        .join(', ');
    // Where the CPU of a bet goes: the API process, the PostgreSQL server, the load generator (this process).
    const cpu = cpuBetween(before.cpu, after.cpu);
    const placed = after.slips - before.slips;
    const perBet = (ms: number) => `${((ms / placed) * 1000).toFixed(0)} µs`;
    const cpuLine =
      `CPU per bet: API ${perBet(after.apiCpuMs - before.apiCpuMs)}, PostgreSQL ${perBet(cpu.postgresMs)}, ` +
      `load generator ${perBet(cpu.selfMs)}; machine ${(cpu.busyShare * 100).toFixed(0)} % busy ` +
      `(${cores} cores: at most ${((cores * 1000) / (((after.apiCpuMs - before.apiCpuMs + cpu.postgresMs) / placed) * 1000)).toFixed(0)}k bets/s for API + PostgreSQL alone)`;
    results.push({ connections, r, batchLine, cpuLine, machineUsPerBet: (cpu.machineBusyMs / placed) * 1000 });
  }
  await api.stop();

  // HTTP alone: a bare node:http server answering a bet's bytes (bench/bare-server.ts), driven as the bets were
  // (the same load generator, bodies and headers). What a request costs the machine there is a floor no bet
  // through HTTP can go under here, whatever the API and the database do.
  const bare = await startBareServer(answer);
  let http: { rps: number; machineUsPerRequest: number; loadUsPerRequest: number };
  try {
    await fire(HTTP_CONNECTIONS, 2, bare.url); // warm-up
    const before = cpuSnapshot();
    const r = await fire(HTTP_CONNECTIONS, seconds, bare.url);
    const cpu = cpuBetween(before, cpuSnapshot());
    if (r.errors + r.non2xx + r.timeouts > 0) throw new Error('the bare server answered with errors');
    http = {
      rps: r.requests.average,
      machineUsPerRequest: (cpu.machineBusyMs / r.requests.total) * 1000,
      loadUsPerRequest: (cpu.selfMs / r.requests.total) * 1000,
    };
  } finally {
    bare.close();
  }

  const slips = Number((await client.query<{ n: string }>('select count(*) as n from bets')).rows[0]?.n ?? 0);
  await client.end();

  const ref = await pgbenchTps({ scale: 10, clients: 8, threads: 2, seconds });

  let ledger = 'clean';
  try {
    const out = await run('npm', ['run', '--silent', 'ledger:check'], { ...process.env, DATABASE_URL: db.url });
    ledger = `clean (${out.trim().split('\n').at(-1) ?? ''})`;
  } catch (err) {
    ledger = `NOT CLEAN: ${String(err).slice(0, 2000)}`;
    failed = true;
  }

  // What a transaction of the reference costs the whole machine, measured as a bet's is (every process and the
  // kernel): where both keep the cores busy, bets/s ÷ TPS cannot pass the ratio of the two costs.
  const refUsPerTx = (ref.machineBusyMs / ref.transactions) * 1000;
  console.log(
    `reference pgbench TPC-B (s=10, c=8, j=2, ${seconds} s)  ${ref.tps.toFixed(0)} tps  avg ${ref.latencyMs} ms  ` +
      `(the machine's CPU ${refUsPerTx.toFixed(0)} µs a transaction, ${(ref.busyShare * 100).toFixed(0)} % busy)`,
  );
  let best: { connections: number; ratio: number } | undefined;
  for (const { connections, r, batchLine, cpuLine, machineUsPerBet } of results) {
    const betsPerSecond = r.requests.average;
    const errors = r.errors + r.non2xx + r.timeouts;
    const ratio = betsPerSecond / ref.tps;
    recordFigure({ name: `bets.at_${connections}`, value: ratio, unit: 'ratio', better: 'higher' });
    if (errors > 0) failed = true;
    if (r.latency.p99 <= 50 && errors === 0 && (!best || ratio > best.ratio)) best = { connections, ratio };
    console.log(
      `POST /api/game/bet  ${connections} connections  ${betsPerSecond.toFixed(0)} bets/s  p50 ${r.latency.p50} ms  ` +
        `p99 ${r.latency.p99} ms (p90 ${r.latency.p90}, p97.5 ${r.latency.p97_5}, max ${r.latency.max})  errors ${errors} (non-2xx ${r.non2xx})  ratio ${ratio.toFixed(3)}  (${batchLine})`,
    );
    console.log(
      `    ${cpuLine}; the machine's CPU ${machineUsPerBet.toFixed(0)} µs a bet, so a pgbench transaction's pays for ` +
        `${(refUsPerTx / machineUsPerBet).toFixed(2)} bets`,
    );
  }
  console.log(`${players} players, ${seconds} s per level; slips in the database ${slips}, 2xx answers ${answered}`);
  console.log(
    `HTTP alone (a bare node:http server answering a bet's bytes, ${HTTP_CONNECTIONS} in flight, the same load ` +
      `generator): ${http.rps.toFixed(0)} requests/s, the machine's CPU ${http.machineUsPerRequest.toFixed(0)} µs a ` +
      `request (the load generator ${http.loadUsPerRequest.toFixed(0)}). At ${GOAL} × pgbench with the cores busy, a bet may cost the machine ${(refUsPerTx / GOAL).toFixed(0)} µs ` +
      `(pgbench's ${refUsPerTx.toFixed(0)} ÷ ${GOAL}), its HTTP request included`,
  );
  recordFigure({ name: 'bets.best', value: best?.ratio ?? 0, unit: 'ratio', better: 'higher' });
  const met = best !== undefined && best.ratio >= GOAL;
  console.log(
    `best ratio with p99 ≤ 50 ms: ${best ? `${best.ratio.toFixed(3)} at ${best.connections} connections` : 'none'}` +
      `  goal ≥ ${GOAL}: ${met ? 'MET' : 'NOT MET'}`,
  );
  console.log(`ledger check: ${ledger}`);
} catch (err) {
  failed = true;
  console.error(err);
  if (api) console.error(api.logs.join('').slice(-4000));
} finally {
  await api?.stop();
  await db.drop();
}
if (failed) process.exitCode = 1;
