/**
 * `npm run cluster:chaos`: failures under load on the cluster of `npm run cluster` (docs/scaling.md, "Chaos run").
 * Brings the cluster up when it is not, runs bettors (bettors.ts) and a crowd of live streams (crowd.ts, several
 * processes) through the balancer, then, one K3 draw each (a 60 s game: every whole minute), breaks one piece at a
 * time at a set moment before the draw: a host killed and started again, the scheduler's leader killed 100 ms before
 * the draw, Redis stopped for 30 s, the replica stopped, the balancer restarted. After each draw it checks (checks.ts)
 * and prints a table of figures per fault; takes the cluster down at the end unless --keep. Exit 1 when a check fails.
 *
 * CHAOS_STREAMS (3000), CHAOS_CROWDS (3 processes), CHAOS_PLAYERS (100), CHAOS_BET_EVERY_MS (1500 per player),
 * CHAOS_FAULTS (all: baseline,host,leader,redis,replica,balancer, in that order).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  down,
  killHost,
  listHosts,
  restartBalancer,
  restartHost,
  startRedisServer,
  startReplica,
  stats,
  stopRedisServer,
  stopReplica,
  up,
  databaseUrl,
  balancerUrl,
  type Topology,
} from '../cluster/index.ts';
import { requireTopology } from '../cluster/topology.ts';
import { noCounts } from './phase-counts.ts';
import type { BettorsReport, FromBettors, PhaseCounts, Slip } from './bettors.ts';
import type { CrowdReport, FromCrowd } from './crowd.ts';
import { Checks } from './checks.ts';

const here = import.meta.dirname;
const keep = process.argv.includes('--keep');
const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const STREAMS = num('CHAOS_STREAMS', 3000);
const CROWDS = num('CHAOS_CROWDS', 3);
const PLAYERS = num('CHAOS_PLAYERS', 100);
const BET_EVERY_MS = num('CHAOS_BET_EVERY_MS', 1500);
const GAME = 'df_k3';
/** A stream must hold the draw's result this soon after the draw. */
const RESULT_WITHIN_MS = 5000;
const FAULTS = (process.env.CHAOS_FAULTS ?? 'baseline,host,leader,redis,replica,balancer').split(',');

const log = (msg: string) => console.log(`chaos: ${new Date().toISOString().slice(11, 23)} ${msg}`);
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

// ---------------------------------------------------------------------------------------------------------------
// Children.

type Child<From> = { proc: ChildProcess; next: (type: string) => Promise<From> };

function child<From extends { type: string }>(script: string): Child<From> {
  const proc = fork(resolve(here, script), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const waiting: { type: string; done: (m: From) => void }[] = [];
  proc.on('message', (m: From) => {
    const i = waiting.findIndex((w) => w.type === m.type);
    if (i >= 0) waiting.splice(i, 1)[0]!.done(m);
  });
  return {
    proc,
    next: (type) =>
      new Promise((done, fail) => {
        waiting.push({ type, done });
        proc.once('exit', (code) => fail(new Error(`${script} exited (${code})`)));
      }),
  };
}

type Crowd = Child<FromCrowd>;
type Bettors = Child<FromBettors>;

async function crowdReports(crowds: Crowd[]): Promise<CrowdReport[]> {
  return Promise.all(
    crowds.map(async (c) => {
      const reply = c.next('report');
      c.proc.send({ type: 'report' });
      return ((await reply) as Extract<FromCrowd, { type: 'report' }>).report;
    }),
  );
}

async function bettorsReport(b: Bettors): Promise<BettorsReport> {
  const reply = b.next('report');
  b.proc.send({ type: 'report' });
  return ((await reply) as Extract<FromBettors, { type: 'report' }>).report;
}

// ---------------------------------------------------------------------------------------------------------------
// Faults: each acts around the draw at `drawAt` and answers its figures.

type FaultFigures = Record<string, string>;
type Fault = {
  name: string;
  what: string;
  /** How long before the draw it starts (ms). */
  leadMs: number;
  /** Starts at drawAt − leadMs; resolves once the piece is back, with its figures. */
  run: (drawAt: number, checks: Checks, bettors: Bettors) => Promise<FaultFigures>;
};

async function waitStatus(name: string, want: (status: string) => boolean, timeoutMs: number): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    const s = (await stats().catch(() => [])).find((x) => x.name === name);
    if (s && want(s.status)) return performance.now() - started;
    await sleep(50);
  }
  return NaN;
}

const untilAt = (at: number) => sleep(Math.max(0, at - Date.now()));

function faults(t: Topology): Fault[] {
  const kill = async (host: string) => {
    const killedAt = performance.now();
    killHost(host);
    const outMs = await waitStatus(host, (s) => s.startsWith('DOWN'), 15_000);
    return { killedAt, outMs };
  };
  const bringBack = async (host: string) => {
    const started = performance.now();
    await restartHost(host);
    return performance.now() - started;
  };
  const all: Fault[] = [
    {
      name: 'baseline',
      what: 'no fault: the load alone',
      leadMs: 0,
      run: () => Promise.resolve({}),
    },
    {
      name: 'host',
      what:
        'SIGKILL of a host that is not the scheduler leader 12 s before the draw, 30 ms after every player sent a ' +
        'slip (slips in flight on it), started again',
      leadMs: 12_000,
      run: async (_drawAt, checks, bettors) => {
        const leader = await checks.schedulerLeader(t);
        const victim = t.hosts.map((h) => h.name).find((n) => n !== leader) ?? 'h1';
        bettors.proc.send({ type: 'burst' });
        await sleep(30);
        const { outMs } = await kill(victim);
        const inMs = await bringBack(victim);
        return { host: victim, 'balancer out': `${outMs.toFixed(0)} ms`, 'back in': secs(inMs) };
      },
    },
    {
      name: 'leader',
      what: "SIGKILL of the scheduler's leader (holder of its advisory lock) 100 ms before the draw, started again",
      leadMs: 100,
      run: async (drawAt, checks) => {
        const leader = (await checks.schedulerLeader(t)) ?? 'h1';
        const killedAt = Date.now();
        killHost(leader);
        const started = performance.now();
        let next: string | undefined;
        while (performance.now() - started < 20_000) {
          next = await checks.schedulerLeader(t);
          if (next && next !== leader) break;
          await sleep(50);
        }
        const movedMs = performance.now() - started;
        const outMs = await waitStatus(leader, (s) => s.startsWith('DOWN'), 15_000);
        await untilAt(drawAt + 6000);
        const inMs = await bringBack(leader);
        return {
          host: leader,
          'killed before draw': `${drawAt - killedAt} ms`,
          'leader moved to': `${next ?? '?'} in ${movedMs.toFixed(0)} ms`,
          // From the kill: the wait for the lock to move, then for HAProxy's DOWN.
          'balancer out': `${(movedMs + outMs).toFixed(0)} ms`,
          'back in': secs(inMs),
        };
      },
    },
    {
      name: 'redis',
      what: 'Redis stopped 20 s before the draw, for 30 s',
      leadMs: 20_000,
      run: async () => {
        await stopRedisServer();
        await sleep(30_000);
        await startRedisServer();
        return {};
      },
    },
    {
      name: 'replica',
      what: 'PostgreSQL replica stopped 15 s before the draw, started 10 s after it',
      leadMs: 15_000,
      run: async (drawAt) => {
        stopReplica();
        await untilAt(drawAt + 10_000);
        const started = performance.now();
        await startReplica();
        return { 'replica streaming again': secs(performance.now() - started) };
      },
    },
    {
      name: 'balancer',
      what: 'HAProxy restarted 500 ms before the draw: every open connection cut',
      leadMs: 500,
      run: async () => {
        const started = performance.now();
        await restartBalancer();
        return { 'balancer back, hosts UP': `${(performance.now() - started).toFixed(0)} ms` };
      },
    },
  ];
  return all.filter((f) => FAULTS.includes(f.name));
}

// ---------------------------------------------------------------------------------------------------------------
// Figures.

type Row = {
  fault: string;
  issue: string;
  bets: PhaseCounts;
  settled: string;
  streams: string;
  reconnects: number;
  maxMs: number;
  p99Ms: number;
  late: number;
  drawLateMs: number;
  extra: FaultFigures;
  /** Stream attempts that failed before 200 in this phase, by reason. */
  streamFailures: Record<string, number>;
  failures: string[];
};

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Every stream's delay from the draw to its knowing the result; null for one that never did. */
function delays(reports: CrowdReport[], issue: string, drawAt: number): (number | null)[] {
  return reports.flatMap((r) => {
    const seen = r.issues[issue];
    if (!seen) return new Array<null>(r.streams).fill(null);
    return seen.arrivals.map((a) => (a == null ? null : Math.max(0, a - drawAt)));
  });
}

function printTable(rows: Row[]) {
  const head = [
    'fault',
    'issue',
    'req sent',
    'req failed',
    'retried ok',
    'unanswered',
    'bets accepted',
    'settled once',
    'streams live',
    'reconnects',
    'result max',
    'result p99',
    '> 5 s',
    'draw late',
  ];
  const body = rows.map((r) => [
    r.fault,
    r.issue,
    String(r.bets.sent),
    String(r.bets.failed),
    String(r.bets.retriedOk),
    String(r.bets.unanswered),
    String(r.bets.accepted),
    r.settled,
    r.streams,
    String(r.reconnects),
    `${r.maxMs.toFixed(0)} ms`,
    `${r.p99Ms.toFixed(0)} ms`,
    String(r.late),
    `${r.drawLateMs.toFixed(0)} ms`,
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(line(head));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const b of body) console.log(line(b));
  console.log('');
  for (const r of rows) {
    const extra = Object.entries(r.extra)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
    const refused = Object.entries(r.bets.refused)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
    const streams = Object.entries(r.streamFailures)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
    console.log(
      `${r.fault}: ${extra || '-'}; stream attempts failed: ${streams || 'none'}; bets refused ${refused || 'none'}; replays sent ${r.bets.replaysSent}, answers marked replayed ${r.bets.replayed}` +
        (r.failures.length ? `\n  FAILED: ${r.failures.join('\n  FAILED: ')}` : ''),
    );
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The run.

async function main(): Promise<boolean> {
  if (process.getuid?.() !== 0) throw new Error('needs root: the cluster makes network namespaces and links');
  await up();
  const t = requireTopology();
  const checks = new Checks(databaseUrl(t));
  const crowds: Crowd[] = [];
  let bettors: Bettors | undefined;
  let ok = true;
  try {
    const game = await checks.game(GAME);
    const runStart = new Date();
    log(`game ${GAME} (id ${game.id}), play ${game.playCode} at ${game.stake}; ${PLAYERS} players, ${STREAMS} streams`);

    bettors = child<FromBettors>('bettors.ts');
    const started = bettors.next('started');
    bettors.proc.send({
      type: 'start',
      url: balancerUrl(t),
      players: PLAYERS,
      everyMs: BET_EVERY_MS,
      gameId: game.id,
      playId: game.playId,
      stake: game.stake,
    });
    await started;
    log(`${PLAYERS} players signed up and betting`);

    const per = Math.ceil(STREAMS / CROWDS);
    for (let i = 0; i < CROWDS; i += 1) crowds.push(child<FromCrowd>('crowd.ts'));
    const opened = await Promise.all(
      crowds.map(async (c, i) => {
        const reply = c.next('opened');
        const count = Math.max(0, Math.min(per, STREAMS - i * per));
        c.proc.send({
          type: 'open',
          url: `${balancerUrl(t)}/api/game/events?games_id=${game.id}`,
          count,
          first: i * per,
        });
        return ((await reply) as Extract<FromCrowd, { type: 'opened' }>).live;
      }),
    );
    log(`${opened.reduce((a, b) => a + b, 0)} of ${STREAMS} streams live`);

    const rows: Row[] = [];
    let reconnectsBefore = 0;
    let streamFailuresBefore: Record<string, number> = {};
    for (const fault of faults(t)) {
      // The next draw far enough ahead for this fault's lead, and past the previous fault's.
      let drawAt = await checks.nextDraw(game.id);
      while (drawAt - Date.now() < fault.leadMs + 3000) drawAt += game.cycleMs;
      const issue = await checks.issueAt(game.id, drawAt);
      bettors.proc.send({ type: 'phase', name: fault.name });
      log(`${fault.name}: ${fault.what}; draw ${issue} at ${new Date(drawAt).toISOString().slice(11, 19)}`);
      await untilAt(drawAt - fault.leadMs);
      const extra = await fault.run(drawAt, checks, bettors);
      await untilAt(drawAt + RESULT_WITHIN_MS + 1000);
      const settled = await checks.waitSettled(game.id, issue, 60_000);
      const failures: string[] = [];
      if (!settled) failures.push(`period ${issue} not settled within 60 s of its draw`);

      const reports = await crowdReports(crowds);
      const d = delays(reports, issue, drawAt);
      const known = d.filter((x): x is number => x !== null).sort((a, b) => a - b);
      const late = d.filter((x) => x === null || x > RESULT_WITHIN_MS).length;
      if (late > 0) failures.push(`${late} of ${d.length} streams without the result of ${issue} within 5 s`);
      const results = new Set(reports.flatMap((r) => r.issues[issue]?.results ?? []));
      if (results.size > 1) failures.push(`streams saw ${results.size} different results for ${issue}`);
      const duplicates = reports.reduce((a, r) => a + (r.issues[issue]?.duplicates ?? 0), 0);
      if (duplicates > 0) failures.push(`${duplicates} result frames of ${issue} received twice on one connection`);
      const reconnects = reports.reduce((a, r) => a + r.reconnects, 0);
      const live = reports.reduce((a, r) => a + r.live, 0);
      const streamFailuresNow: Record<string, number> = {};
      for (const r of reports) {
        for (const [k, v] of Object.entries(r.failures)) streamFailuresNow[k] = (streamFailuresNow[k] ?? 0) + v;
      }
      const streamFailures = Object.fromEntries(
        Object.entries(streamFailuresNow)
          .map(([k, v]) => [k, v - (streamFailuresBefore[k] ?? 0)] as const)
          .filter(([, v]) => v > 0),
      );
      streamFailuresBefore = streamFailuresNow;

      const report = await bettorsReport(bettors);
      const counts = report.phases[fault.name] ?? noCounts();
      failures.push(...idempotencyFailures(report.slips.filter((s) => s.phase === fault.name)));
      const drawn = checks.slipsOfIssues(report.slips, issue);
      const settlement = await checks.settlement(drawn);
      failures.push(...settlement.failures);
      failures.push(...(await checks.periods(runStart)).failures);
      const ledger = await checks.ledger();
      if (!ledger.ok) failures.push(`ledger: ${ledger.text}`);
      const drawLateMs = await checks.drawLateMs(game.id, issue);

      rows.push({
        fault: fault.name,
        issue,
        bets: counts,
        settled: `${settlement.settledOnce}/${drawn.length}`,
        streams: `${live}/${STREAMS}`,
        reconnects: reconnects - reconnectsBefore,
        maxMs: known.at(-1) ?? NaN,
        p99Ms: percentile(known, 99),
        late,
        drawLateMs,
        extra,
        streamFailures,
        failures,
      });
      reconnectsBefore = reconnects;
      log(`${fault.name}: ${failures.length === 0 ? 'ok' : `FAILED: ${failures.join('; ')}`}`);
      if (failures.length > 0) ok = false;
    }

    // The end: no new slips; every slip answered and settled; the whole run's periods and ledger.
    bettors.proc.send({ type: 'stop' });
    log('stopping the bets; waiting for the last slips to be answered and settled');
    let report = await bettorsReport(bettors);
    for (let i = 0; i < 120 && report.slips.some((s) => s.id === null && s.code === null); i += 1) {
      await sleep(500);
      report = await bettorsReport(bettors);
    }
    const lastIssue = report.slips.reduce((a, s) => (s.issue > a ? s.issue : a), '');
    if (lastIssue && !(await checks.waitSettled(game.id, lastIssue, 120_000))) {
      ok = false;
      console.log(`chaos: FAILED: the last period ${lastIssue} not settled`);
    }
    const finalFailures = [
      ...idempotencyFailures(report.slips),
      ...(await checks.settlement(report.slips)).failures,
      ...(await checks.strays(runStart, report.slips)),
      ...(await checks.periods(runStart)).failures,
    ];
    const ledger = await checks.ledger();
    if (!ledger.ok) finalFailures.push(`ledger: ${ledger.text}`);
    const accepted = report.slips.filter((s) => s.id !== null).length;
    console.log('');
    printTable(rows);
    console.log(
      `whole run: ${report.slips.length} slips sent, ${accepted} accepted and settled once each` +
        `${finalFailures.length ? '' : ''}; ledger ${ledger.ok ? 'clean' : 'NOT CLEAN'} (${ledger.text})`,
    );
    if (finalFailures.length > 0) {
      ok = false;
      for (const f of finalFailures) console.log(`FAILED: ${f}`);
    }
    console.log(ok ? 'chaos: every check passed' : 'chaos: some checks FAILED');
    const hosts = await listHosts();
    console.log(`hosts at the end: ${hosts.map((h) => `${h.name} ${h.status ?? '?'}`).join(', ')}`);
  } finally {
    for (const c of crowds) c.proc.kill();
    bettors?.proc.kill();
    await checks.close();
  }
  return ok;
}

/** Each key answered once: every answer received for it names the same slip. */
function idempotencyFailures(slips: Slip[]): string[] {
  const out: string[] = [];
  const twice = slips.filter((s) => new Set(s.ids).size > 1);
  if (twice.length) out.push(`${twice.length} keys answered with different slips (${twice[0]!.key})`);
  const badReplays = slips.filter((s) => s.code?.startsWith('replay'));
  if (badReplays.length) out.push(`${badReplays.length} replays not answered as the first (${badReplays[0]!.code})`);
  const unanswered = slips.filter((s) => s.code === 'unanswered');
  if (unanswered.length) out.push(`${unanswered.length} slips never answered within 60 s of retries`);
  return out;
}

// Ctrl-C: the cluster still comes down (unless --keep); the children die with this process's group.
process.once('SIGINT', () => {
  console.error('chaos: interrupted');
  void (keep ? Promise.resolve() : down()).finally(() => process.exit(130));
});

let ok = false;
try {
  ok = await main();
} catch (err) {
  console.error(`chaos: ${(err as Error).stack ?? String(err)}`);
} finally {
  if (!keep) await down().catch((err: unknown) => console.error(`chaos: down failed: ${String(err)}`));
}
process.exit(ok ? 0 : 1);
