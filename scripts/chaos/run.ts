/**
 * `npm run cluster:chaos`: failures under load on the cluster of `npm run cluster` (docs/scaling.md, "Chaos run").
 * Brings the cluster up when it is not, runs bettors (bettors.ts) and a crowd of live streams (crowd.ts, several
 * processes) and readers of what the replica may serve (readers.ts) through the balancer, then, one K3 draw each (a
 * 60 s game: every whole minute), breaks one piece at a time at a set moment before the draw: a host killed and
 * started again, the scheduler's leader killed 100 ms before the draw, Redis stopped for 30 s, the replica stopped,
 * the balancer restarted. After each draw it checks (checks.ts) and prints a table of figures per fault; takes the
 * cluster down at the end unless --keep. Exit 1 when a check fails.
 *
 * CHAOS_STREAMS (3000), CHAOS_CROWDS (3 processes), CHAOS_PLAYERS (100), CHAOS_BET_EVERY_MS (1500 per player),
 * CHAOS_READERS (2 readers of each public read, 4 bettors' bet lists, 2 registered players' account histories),
 * CHAOS_READ_EVERY_MS (1000 per reader), CHAOS_OWN_READ_EVERY_MS (2000: a bettor reads his own list after his slip),
 * CHAOS_FAULTS (all: baseline,host,leader,redis,replica,balancer, in that order).
 */
import { execFile, fork, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
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
import type { FromReaders, ReadersReport } from './readers.ts';
import { Checks, historyFailures, readFailures, type Window } from './checks.ts';
import { percentile, sumReads, type ReadCounts } from './reads.ts';

const here = import.meta.dirname;
const keep = process.argv.includes('--keep');
const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const STREAMS = num('CHAOS_STREAMS', 3000);
const CROWDS = num('CHAOS_CROWDS', 3);
const PLAYERS = num('CHAOS_PLAYERS', 100);
const BET_EVERY_MS = num('CHAOS_BET_EVERY_MS', 1500);
/** Readers of the history and of the trend (each), of bettors' bet lists, of registered players' account histories. */
const [PUBLIC_READERS = 2, BET_LIST_READERS = 4, ACCOUNT_READERS = 2] = (process.env.CHAOS_READERS ?? '2,4,2')
  .split(',')
  .map(Number);
const READ_EVERY_MS = num('CHAOS_READ_EVERY_MS', 1000);
const OWN_READ_EVERY_MS = num('CHAOS_OWN_READ_EVERY_MS', 2000);
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
type Readers = Child<FromReaders>;

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

async function readersReport(r: Readers): Promise<ReadersReport> {
  const reply = r.next('report');
  r.proc.send({ type: 'report' });
  return ((await reply) as Extract<FromReaders, { type: 'report' }>).report;
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
  /** Set by run when the balancer was away: a read it cut or refused then is allowed (checks.ts, readFailures). */
  cut?: Window;
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
  const balancer: Fault = {
    name: 'balancer',
    what: 'HAProxy restarted 500 ms before the draw: every open connection cut',
    leadMs: 500,
    run: async () => {
      const started = performance.now();
      const from = Date.now();
      await restartBalancer();
      balancer.cut = { from, to: Date.now() };
      return { 'balancer back, hosts UP': `${(performance.now() - started).toFixed(0)} ms` };
    },
  };
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
    balancer,
  ];
  return all.filter((f) => FAULTS.includes(f.name));
}

// ---------------------------------------------------------------------------------------------------------------
// Where the hosts read what may lag.

type LagReads = { replica: number; primary: number };
type HostLagReads = Record<string, LagReads & { pid: number | undefined }>;
const execFileP = promisify(execFile);

/** Each running host's reads that may lag so far, by the server that answered (replica_reads_total, plugins/replica.ts). */
async function hostLagReads(t: Topology): Promise<HostLagReads> {
  const out: HostLagReads = {};
  const hosts = await listHosts();
  await Promise.all(
    t.hosts.map(async (h) => {
      const pid = hosts.find((x) => x.name === h.name)?.pid;
      if (pid === undefined) return;
      try {
        const url = `http://127.0.0.1:${h.metricsPort}/metrics`;
        const { stdout } = await execFileP('ip', ['netns', 'exec', h.namespace, 'curl', '-s', '-m', '2', url]);
        const count = (server: string) =>
          Number(new RegExp(`^replica_reads_total\\{server="${server}"\\} (\\S+)$`, 'm').exec(stdout)?.[1] ?? 0);
        out[h.name] = { replica: count('replica'), primary: count('primary'), pid };
      } catch {
        // A host going or coming back: its reads are not counted.
      }
    }),
  );
  return out;
}

/** The reads between two looks, over the hosts; a host started again between them counts from its start. */
function lagReadsBetween(before: HostLagReads, after: HostLagReads): LagReads {
  const total = { replica: 0, primary: 0 };
  for (const [name, a] of Object.entries(after)) {
    const b = before[name]?.pid === a.pid ? before[name] : undefined;
    total.replica += a.replica - (b?.replica ?? 0);
    total.primary += a.primary - (b?.primary ?? 0);
  }
  return total;
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
  reads: ReadFigures;
  /** The reads' checks (checks.ts, readFailures and historyFailures); taken again on the phase's whole counts at the end. */
  readFailures: string[];
  /** The hosts' reads that may lag (every client's, the readers' among them), by the server that answered. */
  lagReads: LagReads;
};

type ReadFigures = {
  /** The readers' reads (readers.ts) by kind, and all of them. */
  byKind: Record<string, ReadCounts>;
  all: ReadCounts;
  /** The bettors' reads of their own bet list right after a slip, and how many listed it. */
  own: ReadCounts;
  ownShown: number;
  /** Reads the balancer cut or refused while it restarted (allowed). */
  cut: number;
  /** From the period's draw to a history answer first listing it, ms (NaN: never). */
  historyMs: number;
};

/** The phase's reads from the readers' and the bettors' counts, and what their checks found. */
function readFigures(
  fault: Fault,
  issue: string,
  drawnAt: number,
  readers: ReadersReport,
  counts: PhaseCounts,
): { figures: ReadFigures; failures: string[] } {
  const byKind = readers.phases[fault.name] ?? {};
  const own = counts.ownReads;
  const checked = readFailures({ ...byKind, 'own bet list': own }, counts.ownStale, fault.cut);
  const seenAt = readers.historyFirstSeen[issue];
  const failures = [...checked.failures, ...historyFailures(issue, drawnAt, seenAt)];
  for (const [kind, c] of Object.entries({ ...byKind, 'own bet list': own })) {
    if (c.sent === 0) failures.push(`no ${kind} reads in the phase`);
  }
  if (Object.keys(byKind).length === 0) failures.push('no reads in the phase');
  return {
    figures: {
      byKind,
      all: sumReads(Object.values(byKind)),
      own,
      ownShown: counts.ownShown,
      cut: checked.cut,
      historyMs: seenAt === undefined ? NaN : seenAt - drawnAt,
    },
    failures,
  };
}

const sum = (r: Record<string, number>) => Object.values(r).reduce((a, b) => a + b, 0);
const listed = (r: Record<string, number>) =>
  Object.entries(r)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ') || 'none';
const ms = (values: number[]) => `${percentile(values, 99).toFixed(0)} ms`;

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
    'reads',
    'reads 2xx',
    'reads non-2xx',
    'read errors',
    'read p99',
    'own bet listed',
    'history after draw',
    'replica/primary',
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
    String(r.reads.all.sent),
    String(r.reads.all.ok),
    String(sum(r.reads.all.status)),
    String(sum(r.reads.all.errors)),
    ms(r.reads.all.ms),
    `${r.reads.ownShown}/${r.reads.own.sent}`,
    `${(r.reads.historyMs / 1000).toFixed(1)} s`,
    `${r.lagReads.replica}/${r.lagReads.primary}`,
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
    const reads = Object.entries(r.reads.byKind)
      .map(([k, c]) => `${k} ${c.ok}/${c.sent} p99 ${ms(c.ms)}`)
      .join(', ');
    const own = r.reads.own;
    const failures = [...r.failures, ...r.readFailures];
    console.log(
      `${r.fault}: ${extra || '-'}; stream attempts failed: ${streams || 'none'}; bets refused ${refused || 'none'}; replays sent ${r.bets.replaysSent}, answers marked replayed ${r.bets.replayed}` +
        `\n  reads 2xx/sent: ${reads}; non-2xx ${listed(r.reads.all.status)}; errors ${listed(r.reads.all.errors)}` +
        `${r.reads.cut ? ` (${r.reads.cut} cut or refused by the balancer's restart)` : ''}` +
        `\n  own bet list right after a slip: ${own.sent} reads, ${own.ok} 2xx, listed ${r.reads.ownShown}, p99 ${ms(own.ms)}` +
        `, non-2xx ${listed(own.status)}, errors ${listed(own.errors)}` +
        `\n  the hosts' reads that may lag: ${r.lagReads.replica} from the replica, ${r.lagReads.primary} from the primary` +
        (failures.length ? `\n  FAILED: ${failures.join('\n  FAILED: ')}` : ''),
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
  let readers: Readers | undefined;
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
      ownReadEveryMs: OWN_READ_EVERY_MS,
      gameId: game.id,
      playId: game.playId,
      stake: game.stake,
    });
    const { tokens } = (await started) as Extract<FromBettors, { type: 'started' }>;
    log(`${PLAYERS} players signed up and betting`);

    readers = child<FromReaders>('readers.ts');
    const reading = readers.next('started');
    readers.proc.send({
      type: 'start',
      url: balancerUrl(t),
      gameId: game.id,
      bettorTokens: tokens.slice(0, BET_LIST_READERS),
      publicReaders: PUBLIC_READERS,
      registered: ACCOUNT_READERS,
      everyMs: READ_EVERY_MS,
    });
    const { readers: readerCount } = (await reading) as Extract<FromReaders, { type: 'started' }>;
    log(`${readerCount} readers reading (history, trend, bet lists, account histories)`);

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
    const phases: { fault: Fault; issue: string; drawnAt: number }[] = [];
    let reconnectsBefore = 0;
    let streamFailuresBefore: Record<string, number> = {};
    let lagReadsBefore = await hostLagReads(t);
    for (const fault of faults(t)) {
      // The next draw far enough ahead for this fault's lead, and past the previous fault's.
      let drawAt = await checks.nextDraw(game.id);
      while (drawAt - Date.now() < fault.leadMs + 3000) drawAt += game.cycleMs;
      const issue = await checks.issueAt(game.id, drawAt);
      bettors.proc.send({ type: 'phase', name: fault.name });
      readers.proc.send({ type: 'phase', name: fault.name });
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
      // A host's own error, never allowed (the balancer answers 502, 503 or 504 while a host is away).
      const answered500 = streamFailures['HTTP 500'] ?? 0;
      if (answered500 > 0) failures.push(`${answered500} stream connects answered 500 by a host`);

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
      const reads = readFigures(fault, issue, drawAt + drawLateMs, await readersReport(readers), counts);
      const lagReadsNow = await hostLagReads(t);

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
        reads: reads.figures,
        readFailures: reads.failures,
        lagReads: lagReadsBetween(lagReadsBefore, lagReadsNow),
      });
      lagReadsBefore = lagReadsNow;
      reconnectsBefore = reconnects;
      const all = [...failures, ...reads.failures];
      log(`${fault.name}: ${all.length === 0 ? 'ok' : `FAILED: ${all.join('; ')}`}`);
      phases.push({ fault, issue, drawnAt: drawAt + drawLateMs });
    }

    // The end: no new slips; every slip answered and settled; the whole run's periods and ledger.
    bettors.proc.send({ type: 'stop' });
    log('stopping the bets; waiting for the last slips to be answered and settled');
    let report = await bettorsReport(bettors);
    for (let i = 0; i < 120 && report.slips.some((s) => s.id === null && s.code === null); i += 1) {
      await sleep(500);
      report = await bettorsReport(bettors);
    }
    // The reads of each phase, whole now (a phase's reads go on until the next begins), checked again.
    const stopped = readers.next('stopped');
    readers.proc.send({ type: 'stop' });
    await stopped;
    const read = await readersReport(readers);
    phases.forEach((p, i) => {
      const again = readFigures(p.fault, p.issue, p.drawnAt, read, report.phases[p.fault.name] ?? noCounts());
      rows[i]!.reads = again.figures;
      rows[i]!.readFailures = again.failures;
    });
    if (rows.some((r) => r.failures.length > 0 || r.readFailures.length > 0)) ok = false;
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
    const reads = sumReads(rows.map((r) => r.reads.all));
    const own = sumReads(rows.map((r) => r.reads.own));
    console.log(
      `whole run's reads: ${reads.sent} sent, ${reads.ok} 2xx, non-2xx ${listed(reads.status)}, errors ` +
        `${listed(reads.errors)}, p99 ${ms(reads.ms)}; own bet list right after a slip: ${own.sent} reads, ` +
        `${rows.reduce((a, r) => a + r.reads.ownShown, 0)} listed it`,
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
    readers?.proc.kill();
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
