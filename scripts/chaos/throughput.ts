/**
 * `npm run cluster:throughput`: bets/s and latency through the balancer with one API host and with three, beside
 * pgbench TPC-B on the cluster's primary in the same run, and where the CPU goes (docs/scaling.md, "Throughput: one
 * host and three"). Takes down any cluster that is up and brings up its own, with GAME_CYCLE_OVERRIDE_SECONDS=3600 so
 * that the period bet on stays open through the run; takes it down at the end unless --keep.
 *
 * The players are the chaos run's (players.ts): THROUGHPUT_PLAYERS guests (400), each signed up and betting from a
 * loopback address of its own, so the per-address caps apply to each as to separate players, none raised. At each
 * load level of THROUGHPUT_IN_FLIGHT (32,128) a fixed number of slips is kept in flight — each answered slip is
 * followed at once by the next player's, one item at the minimum stake, a key per slip — for a 3 s warm-up and then
 * THROUGHPUT_SECONDS (12) measured. One host: h2 and h3 are set to maintenance on HAProxy's admin socket (they keep
 * running, idle but for their timers); three: all enabled. Then pgbench (`-i -s 10`, `-c 8 -j 2`) on a database of
 * its own on the same primary, for as long.
 *
 * CPU of each part over each measured window, from /proc: the API hosts' node processes, the cluster's PostgreSQL
 * (primary and replica with their backends), HAProxy, this process (the load generator) and the rest of the machine
 * (Redis, anything else running). Exit 1 on a broken run (more than 0.1 % of slips not answered 2xx), not a slow one.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { cpuSnapshot, processTreesMs } from '../../bench/cpu.ts';
import { pgbenchOn } from '../../bench/pg.ts';
import { adminCommand, balancerPid, stats, waitHealthy } from '../cluster/balancer.ts';
import { hostPid } from '../cluster/hosts.ts';
import { balancerUrl, currentTopology, databaseUrl, down, up } from '../cluster/index.ts';
import { postgresPid, psql } from '../cluster/postgres.ts';
import { sh } from '../cluster/process.ts';
import { requireTopology, type Topology } from '../cluster/topology.ts';
import { call, signUpGuests, type Player } from './players.ts';

const keep = process.argv.includes('--keep');
const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const PLAYERS = num('THROUGHPUT_PLAYERS', 400);
const SECONDS = num('THROUGHPUT_SECONDS', 12);
const WARM_UP_SECONDS = 3;
const LEVELS = (process.env.THROUGHPUT_IN_FLIGHT ?? '32,128').split(',').map(Number);
const BROKEN_SHARE = 0.001;

const log = (msg: string) => console.log(`throughput: ${new Date().toISOString().slice(11, 19)} ${msg}`);

type Level = {
  hosts: number;
  inFlight: number;
  sent: number;
  ok: number;
  errors: Record<string, number>;
  latencies: number[];
  windowMs: number;
  /** CPU ms of each part over the window. */
  cpu: Record<string, number>;
  machineBusyShare: number;
  /** The hosts' bet batches over the window (their metrics): how many, the slips and seconds in them. */
  batches: { count: number; slips: number; seconds: number };
};

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** CPU ms so far of each part; the machine's busy and total ms. */
function cpuNow(t: Topology) {
  const pids = (xs: (number | undefined)[]) => xs.filter((x): x is number => x !== undefined);
  const trees = processTreesMs({
    api: pids(t.hosts.map((h) => hostPid(h))),
    postgres: pids([postgresPid('primary'), postgresPid('replica')]),
    haproxy: pids([balancerPid()]),
  });
  const s = cpuSnapshot();
  return {
    api: trees.api ?? 0,
    postgres: trees.postgres ?? 0,
    haproxy: trees.haproxy ?? 0,
    load: s.selfMs,
    busy: s.machineBusyMs,
    total: s.machineTotalMs,
  };
}

/** The bet batcher's histograms summed over the hosts, from each one's metrics listener (in its namespace). */
function batchTotals(t: Topology) {
  const total = { count: 0, slips: 0, seconds: 0 };
  for (const h of t.hosts) {
    let text = '';
    try {
      text = sh('ip', ['netns', 'exec', h.namespace, 'curl', '-sf', `http://127.0.0.1:${h.metricsPort}/metrics`]);
    } catch {
      continue; // not running
    }
    const metric = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? 0);
    total.count += metric('bet_batch_slips_count');
    total.slips += metric('bet_batch_slips_sum');
    total.seconds += metric('bet_batch_seconds_sum');
  }
  return total;
}

async function openPeriod(db: pg.Client, base: URL, needSeconds: number) {
  // With the override every game draws at the same instants; take the one whose open period seals last.
  for (;;) {
    const game = (
      await db.query<{ id: number; play_id: number; stake: string; seal_at: Date | null }>(
        `select g.id, pi.id as play_id, pi.min_stake as stake, p.seal_at
         from games g join periods p on p.game_id = g.id and p.status = 'open'
         join lateral (select id, min_stake from play_items where game_id = g.id and enabled and group_code <> 'all-in'
                       order by sort, id limit 1) pi on true
         where g.enabled order by p.seal_at desc, g.id limit 1`,
      )
    ).rows[0];
    if (game) {
      const a = await call(new URL(`/api/game/current_game?games_id=${game.id}`, base), undefined, 'POST', {}, '{}');
      const cur = (JSON.parse(a.body) as { data: { issue: string | null; status: string; seal_at: number } }).data;
      const left = (cur.seal_at - Date.now()) / 1000;
      if (cur.status === 'open' && cur.issue && left > needSeconds)
        return { gameId: game.id, playId: game.play_id, stake: Number(game.stake), issue: cur.issue };
      if (cur.status === 'open') {
        log(`period ${cur.issue} seals in ${left.toFixed(0)} s: waiting for the next`);
        await sleep(left * 1000 + 2000);
        continue;
      }
    }
    await sleep(500);
  }
}

/** Keeps `inFlight` slips in flight for `seconds`: each answer is followed at once by the next slip. */
async function drive(
  t: Topology,
  players: Player[],
  slip: (n: number) => { body: string; key: string },
  inFlight: number,
  seconds: number,
): Promise<Omit<Level, 'hosts' | 'inFlight' | 'cpu' | 'machineBusyShare' | 'batches'>> {
  const url = new URL('/api/game/bet', balancerUrl(t));
  const out = { sent: 0, ok: 0, errors: {} as Record<string, number>, latencies: [] as number[], windowMs: 0 };
  const started = performance.now();
  const end = started + seconds * 1000;
  let n = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (performance.now() < end) {
        const i = n++;
        const player = players[i % players.length]!;
        const { body, key } = slip(i);
        const t0 = performance.now();
        out.sent += 1;
        let error: string | undefined;
        try {
          const a = await call(url, player.agent, 'POST', { token: player.token, 'idempotency-key': key }, body);
          if (a.status !== 200) {
            const code = (JSON.parse(a.body || '{}') as { error?: string }).error;
            error = `HTTP ${a.status}${code ? ` ${code}` : ''}`;
          }
        } catch (err) {
          error = (err as Error).message.slice(0, 60);
        }
        out.latencies.push(performance.now() - t0);
        if (error) out.errors[error] = (out.errors[error] ?? 0) + 1;
        else out.ok += 1;
      }
    }),
  );
  out.windowMs = performance.now() - started;
  return out;
}

async function setHosts(t: Topology, count: number) {
  for (const h of t.hosts) {
    await adminCommand(`${h.index <= count ? 'enable' : 'disable'} server hosts/${h.name}`);
  }
  await waitHealthy(
    t.hosts.filter((h) => h.index <= count).map((h) => h.name),
    30_000,
  );
}

function printTable(levels: Level[], tps: number) {
  const cores = (ms: number, l: Level) => (ms / l.windowMs).toFixed(2);
  const head = [
    'hosts',
    'in flight',
    'bets/s',
    'p50 ms',
    'p99 ms',
    'errors',
    '÷ pgbench tps',
    'CPU API',
    'PostgreSQL',
    'HAProxy',
    'load gen',
    'other',
    'machine busy',
  ];
  const body = levels.map((l) => {
    const sorted = [...l.latencies].sort((a, b) => a - b);
    const rate = l.ok / (l.windowMs / 1000);
    const errors = l.sent - l.ok;
    const named = l.cpu.api! + l.cpu.postgres! + l.cpu.haproxy! + l.cpu.load!;
    const busyMs = l.machineBusyShare * l.windowMs * coresOfMachine;
    return [
      String(l.hosts),
      String(l.inFlight),
      rate.toFixed(0),
      percentile(sorted, 50).toFixed(1),
      percentile(sorted, 99).toFixed(1),
      `${errors}${
        errors
          ? ` (${Object.entries(l.errors)
              .map(([k, v]) => `${k} ${v}`)
              .join(', ')})`
          : ''
      }`,
      (rate / tps).toFixed(3),
      cores(l.cpu.api!, l),
      cores(l.cpu.postgres!, l),
      cores(l.cpu.haproxy!, l),
      cores(l.cpu.load!, l),
      cores(Math.max(0, busyMs - named), l),
      `${(l.machineBusyShare * 100).toFixed(0)} %`,
    ];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(line(head));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const b of body) console.log(line(b));
  console.log(
    `CPU columns: cores used over the measured window (the machine has ${coresOfMachine}); other: the rest of the ` +
      'machine (Redis, the kernel outside these processes, anything else running).',
  );
  for (const l of levels) {
    const placed = l.ok || 1;
    const per = (ms: number) => `${((ms / placed) * 1000).toFixed(0)} µs`;
    console.log(
      `  ${l.hosts} host(s), ${l.inFlight} in flight: CPU per bet API ${per(l.cpu.api!)}, PostgreSQL ${per(l.cpu.postgres!)}, ` +
        `HAProxy ${per(l.cpu.haproxy!)}, load generator ${per(l.cpu.load!)}; ${l.batches.count} bet batches of ` +
        `${(l.batches.slips / Math.max(1, l.batches.count)).toFixed(1)} slips, ` +
        `${((l.batches.seconds / Math.max(1, l.batches.count)) * 1000).toFixed(1)} ms each on average`,
    );
  }
}

let coresOfMachine = 2;

async function main(): Promise<boolean> {
  if (process.getuid?.() !== 0) throw new Error('needs root: the cluster makes network namespaces and links');
  if (currentTopology()) {
    log('a cluster is up: taking it down to bring one up with a period open through the run');
    await down();
  }
  process.env.GAME_CYCLE_OVERRIDE_SECONDS ??= '3600';
  await up();
  const t = requireTopology();
  const { availableParallelism } = await import('node:os');
  coresOfMachine = availableParallelism();
  const base = new URL(balancerUrl(t));
  const db = new pg.Client({ connectionString: databaseUrl(t) });
  await db.connect();
  const levels: Level[] = [];
  try {
    const hostCounts = t.hosts.length >= 3 ? [1, 3] : [1, t.hosts.length];
    const needSeconds = hostCounts.length * LEVELS.length * (SECONDS + WARM_UP_SECONDS + 5) + 60;
    await sleep(1500); // the scheduler's first tick opens the current periods
    const period = await openPeriod(db, base, needSeconds);
    const players = await signUpGuests(base, PLAYERS);
    log(`${players.length} guests signed up, each from its own address; game ${period.gameId}, period ${period.issue}`);
    const body = JSON.stringify({
      games_id: period.gameId,
      issue: period.issue,
      items: [{ play_id: period.playId, amount: period.stake }],
    });
    const runId = `thru-${Date.now().toString(36)}`;
    let k = 0;
    const slip = () => ({ body, key: `${runId}-${k++}` });

    for (const hosts of [...new Set(hostCounts)]) {
      await setHosts(t, hosts);
      for (const inFlight of LEVELS) {
        await drive(t, players, slip, inFlight, WARM_UP_SECONDS);
        const servedBefore = await stats();
        const batchesBefore = batchTotals(t);
        const before = cpuNow(t);
        const r = await drive(t, players, slip, inFlight, SECONDS);
        const after = cpuNow(t);
        const batchesAfter = batchTotals(t);
        const served = (await stats())
          .map((x) => `${x.name} ${x.total - (servedBefore.find((y) => y.name === x.name)?.total ?? 0)}`)
          .join(', ');
        const batches = {
          count: batchesAfter.count - batchesBefore.count,
          slips: batchesAfter.slips - batchesBefore.slips,
          seconds: batchesAfter.seconds - batchesBefore.seconds,
        };
        const cpu = Object.fromEntries(
          (['api', 'postgres', 'haproxy', 'load'] as const).map((key) => [key, after[key] - before[key]]),
        );
        const machineBusyShare = (after.busy - before.busy) / Math.max(1, after.total - before.total);
        levels.push({ hosts, inFlight, ...r, cpu, machineBusyShare, batches });
        log(
          `${hosts} host(s), ${inFlight} in flight: ${(r.ok / (r.windowMs / 1000)).toFixed(0)} bets/s, ` +
            `${r.sent - r.ok} errors; served by ${served}`,
        );
      }
    }
    await setHosts(t, t.hosts.length);

    log(`pgbench TPC-B on the primary (-i -s 10, -c 8 -j 2 -T ${SECONDS})`);
    psql(t, `create database fd_pgbench owner ${t.user}`);
    let ref: { tps: number; latencyMs: number };
    try {
      const u = new URL(databaseUrl(t));
      u.pathname = '/fd_pgbench';
      ref = await pgbenchOn(u.toString(), { scale: 10, clients: 8, threads: 2, seconds: SECONDS });
    } finally {
      psql(t, 'drop database if exists fd_pgbench with (force)');
    }
    console.log('');
    console.log(
      `pgbench TPC-B on the cluster's primary (s=10, c=8, j=2, ${SECONDS} s): ${ref.tps.toFixed(0)} tps, avg ${ref.latencyMs} ms`,
    );
    printTable(levels, ref.tps);
  } finally {
    await db.end();
  }
  const broken = levels.filter((l) => (l.sent - l.ok) / Math.max(1, l.sent) > BROKEN_SHARE);
  for (const l of broken) {
    console.log(
      `throughput: BROKEN: ${l.hosts} host(s), ${l.inFlight} in flight: ${l.sent - l.ok} of ${l.sent} failed`,
    );
  }
  return broken.length === 0;
}

process.once('SIGINT', () => {
  console.error('throughput: interrupted');
  void (keep ? Promise.resolve() : down()).finally(() => process.exit(130));
});

let ok = false;
try {
  ok = await main();
} catch (err) {
  console.error(`throughput: ${(err as Error).stack ?? String(err)}`);
} finally {
  if (!keep) await down().catch((err: unknown) => console.error(`throughput: down failed: ${String(err)}`));
}
process.exit(ok ? 0 : 1);
