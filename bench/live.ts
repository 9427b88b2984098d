/**
 * `npm run bench:live`: a crowd on one game's live stream (GET /api/game/events?games_id=), and how late the draw's
 * `result` frame reaches each of them, against a bare node:http SSE server measured in the same run on the same
 * machine with the same crowd.
 *
 * For each engine (`BENCH_ENGINES`, default `pglite,postgres`; PostgreSQL on a scratch database at BENCH_PG_URL,
 * dropped at the end) the API starts with a short game cycle (BENCH_CYCLE_SECONDS, 20) and its caps lifted (rate
 * limit, connections and streams per address, streams in total). For each crowd size of BENCH_STREAMS (default
 * 10000; a list such as `10000,19000`), first the reference, then the API:
 *
 * - the crowd is spread over BENCH_CLIENTS (4) client processes (bench/live-crowd.ts; one process cannot read ten
 *   thousand streams here without losing some) and opened in waves of BENCH_WAVE (1,000, shared among the clients)
 *   with BENCH_PAUSE_MS (100) between waves;
 * - the API: the next draw of the game at least BENCH_LEAD_MS (1,500) after the last wave is awaited; the reference
 *   writes a `result` frame of the same size, then a `next` one, to all its streams at a whole second as far ahead;
 * - each stream notes the delay from the period's draw time to the arrival of the frame with the result.
 *
 * Printed per run: streams opened, got the result, never got it, resets, other failures, p50/p99/max of the delays,
 * and the ratio p99(API) / p99(reference). The ratio is what to compare across commits. The listen backlog of both
 * servers is BENCH_BACKLOG (the API's LISTEN_BACKLOG default when unset).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { API } from '@fairdraw/contract';
import type { Site } from '../e2e/harness.ts';
import { recordFigure } from './figures.ts';
import { onEachEngine } from './pg.ts';
import type { CrowdReport, FromChild } from './live-crowd.ts';

const sizes = (process.env.BENCH_STREAMS ?? '10000').split(',').map((s) => Number(s.trim()));
const engines = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',').map((e) => e.trim());
const clients = Number(process.env.BENCH_CLIENTS ?? 4);
const wave = Number(process.env.BENCH_WAVE ?? 1000);
const pauseMs = Number(process.env.BENCH_PAUSE_MS ?? 100);
const cycle = Number(process.env.BENCH_CYCLE_SECONDS ?? 20);
const leadMs = Number(process.env.BENCH_LEAD_MS ?? 1500);
/** After the draw, how long the streams that have not got the result yet are waited for. */
const graceMs = Number(process.env.BENCH_GRACE_MS ?? 10_000);
const backlog = process.env.BENCH_BACKLOG;
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const DEFAULT_BACKLOG = 4096;

const CROWD = new URL('./live-crowd.ts', import.meta.url).pathname;
const OPEN: Record<string, string> = {
  LOG_LEVEL: 'error',
  RATE_LIMIT_MAX: '10000000',
  MAX_CONNECTIONS_PER_IP: '0',
  SSE_MAX_PER_IP: '100000',
  SSE_MAX_TOTAL: '1000000',
  GAME_CYCLE_OVERRIDE_SECONDS: String(cycle),
  ...(backlog ? { LISTEN_BACKLOG: backlog } : {}),
  ...(process.env.BENCH_CHUNK ? { SSE_FANOUT_CHUNK: process.env.BENCH_CHUNK } : {}),
};

/** A forked child with a typed request/answer over IPC. */
class Child {
  readonly proc: ChildProcess;
  private waiting: ((m: FromChild) => void)[] = [];
  constructor(role: 'client' | 'bare') {
    this.proc = fork(CROWD, [role], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    this.proc.on('message', (m: FromChild) => this.waiting.shift()?.(m));
  }
  ask<T extends FromChild['type']>(msg: object, answer: T): Promise<Extract<FromChild, { type: T }>> {
    return new Promise((ok, fail) => {
      this.waiting.push((m) =>
        m.type === answer ? ok(m as Extract<FromChild, { type: T }>) : fail(new Error(`got ${m.type}`)),
      );
      this.proc.send(msg);
    });
  }
  tell(msg: object) {
    this.proc.send(msg);
  }
  kill() {
    if (this.proc.exitCode === null) this.proc.kill('SIGKILL');
  }
}

type Outcome = CrowdReport & { wanted: number; openMs: number };

/** Opens `n` streams on `url` in waves over the client processes. */
async function openCrowd(crowd: Child[], url: string, n: number): Promise<{ opened: number; openMs: number }> {
  const started = performance.now();
  let opened = 0;
  for (let done = 0; done < n; done += wave) {
    const thisWave = Math.min(wave, n - done);
    const answers = await Promise.all(
      crowd.map((c, i) => {
        const count = Math.floor(thisWave / crowd.length) + (i < thisWave % crowd.length ? 1 : 0);
        return c.ask({ type: 'open', url, count }, 'opened');
      }),
    );
    opened += answers.reduce((a, m) => a + m.opened, 0);
    if (done + wave < n) await sleep(pauseMs);
  }
  return { opened, openMs: performance.now() - started };
}

/** Gathers the crowd's reports, once every stream has the result or the grace has passed. */
async function collect(crowd: Child[], until: number, wanted: number, openMs: number): Promise<Outcome> {
  for (;;) {
    const reports = await Promise.all(crowd.map((c) => c.ask({ type: 'report' }, 'report')));
    const merged: Outcome = { opened: 0, delays: [], never: 0, resets: 0, errors: {}, wanted, openMs };
    for (const { report } of reports) {
      merged.opened += report.opened;
      merged.delays.push(...report.delays);
      merged.never += report.never;
      merged.resets += report.resets;
      for (const [k, v] of Object.entries(report.errors)) merged.errors[k] = (merged.errors[k] ?? 0) + v;
    }
    if (merged.never === 0 || Date.now() > until) return merged;
    await sleep(250);
  }
}

async function closeCrowd(crowd: Child[]) {
  await Promise.all(crowd.map((c) => c.ask({ type: 'close' }, 'closed')));
  // Let the server see the sockets go before the next round.
  await sleep(1000);
}

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
}

function stats(o: Outcome) {
  const d = [...o.delays].sort((a, b) => a - b);
  return { min: d[0] ?? NaN, p50: quantile(d, 0.5), p99: quantile(d, 0.99), max: d.at(-1) ?? NaN, got: d.length };
}

function line(label: string, o: Outcome): string {
  const s = stats(o);
  const other = Object.entries(o.errors)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  return (
    `${label.padEnd(9)} opened ${String(o.opened).padStart(5)}/${o.wanted} (${(o.openMs / 1000).toFixed(1)} s)` +
    `  got ${String(s.got).padStart(5)}  never ${o.never}  resets ${o.resets}${other ? `  other: ${other}` : ''}` +
    `  | min ${s.min.toFixed(0)}  p50 ${s.p50.toFixed(0)} ms  p99 ${s.p99.toFixed(0)} ms  max ${s.max.toFixed(0)} ms`
  );
}

type Period = { issue: string; draw_at: number; status: string };

async function currentPeriod(site: Site, game: number): Promise<Period> {
  const res = await fetch(`${site.url}${API.currentGame}?games_id=${game}`, {
    method: 'POST',
    headers: { lang: 'en' },
  });
  return ((await res.json()) as { data: Period }).data;
}

/** The sizes of the API's `result` and `next` frames for this game, read from one stream over one draw. */
async function frameSizes(site: Site, game: number): Promise<{ result: number; next: number }> {
  const res = await fetch(`${site.url}${API.gameEvents}?games_id=${game}`, { headers: { lang: 'en' } });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const sizes: Record<string, number> = {};
  const deadline = Date.now() + (cycle + 10) * 1000;
  while (!(sizes.result && sizes.next) && Date.now() < deadline) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = text.indexOf('\n\n')) >= 0) {
      const frame = text.slice(0, end + 2);
      text = text.slice(end + 2);
      const name = /^event: (\w+)/.exec(frame)?.[1];
      if (name) sizes[name] = Buffer.byteLength(frame);
    }
  }
  await reader.cancel();
  if (!sizes.result || !sizes.next) throw new Error('no draw seen on the live stream');
  return { result: sizes.result, next: sizes.next };
}

/**
 * One size: the reference's crowd and the API's, both opened first (the reference's, then the API's), then
 * `rounds` rounds of one reference fire and one API draw each.
 */
async function measureSize(site: Site, game: number, n: number, bytes: { result: number; next: number }) {
  const server = new Child('bare');
  const bareCrowd = Array.from({ length: clients }, () => new Child('client'));
  const apiCrowd = Array.from({ length: clients }, () => new Child('client'));
  try {
    const { port } = await server.ask({ type: 'listen', backlog: Number(backlog ?? DEFAULT_BACKLOG) }, 'listening');
    const bareOpen = await openCrowd(bareCrowd, `http://127.0.0.1:${port}/`, n);
    const apiOpen = await openCrowd(apiCrowd, `${site.url}${API.gameEvents}?games_id=${game}`, n);
    const out: { bare: Outcome; api: Outcome }[] = [];
    for (let round = 0; round < rounds; round++) {
      // The reference: a whole second at least leadMs ahead.
      for (const c of bareCrowd) c.tell({ type: 'arm', issue: 'bare' });
      const at = Math.ceil((Date.now() + leadMs) / 1000) * 1000;
      const fired = server.ask({ type: 'fire', at, resultBytes: bytes.result, nextBytes: bytes.next }, 'fired');
      await sleep(Math.max(0, at - Date.now()));
      await fired;
      const bare = await collect(bareCrowd, at + graceMs, n, bareOpen.openMs);
      // The API: the first period drawn at least leadMs from now.
      let period = await currentPeriod(site, game);
      while (period.draw_at < Date.now() + leadMs) {
        await sleep(Math.max(250, period.draw_at - Date.now() + 250));
        period = await currentPeriod(site, game);
      }
      for (const c of apiCrowd) c.tell({ type: 'arm', issue: period.issue });
      await sleep(Math.max(0, period.draw_at - Date.now()));
      const api = await collect(apiCrowd, period.draw_at + graceMs, n, apiOpen.openMs);
      out.push({ bare, api });
    }
    await Promise.all([closeCrowd(bareCrowd), closeCrowd(apiCrowd)]);
    return out;
  } finally {
    for (const c of [server, ...bareCrowd, ...apiCrowd]) c.kill();
  }
}

async function bench(engine: string, site: Site): Promise<string[]> {
  const categories = (await (await fetch(`${site.url}${API.category}`)).json()) as {
    data: { games: { id: number; code: string }[] }[];
  };
  const game = categories.data.flatMap((c) => c.games).find((g) => g.code === 'df_k3')?.id ?? 0;
  const bytes = await frameSizes(site, game);
  const lines: string[] = [];
  const say = (l: string) => {
    console.log(l);
    lines.push(l);
  };
  for (const n of sizes) {
    say(`${engine} ${n} streams over ${clients} client processes, waves of ${wave}, ${rounds} rounds:`);
    const results = await measureSize(site, game, n, bytes);
    const ratios: number[] = [];
    results.forEach(({ api, bare }, i) => {
      const ratio = stats(api).p99 / stats(bare).p99;
      ratios.push(ratio);
      say(line(`  api  ${i + 1}`, api));
      say(line(`  bare ${i + 1}`, bare));
      say(`  round ${i + 1}: p99(api)/p99(bare) ${ratio.toFixed(2)}`);
    });
    const median = [...ratios].sort((x, y) => x - y)[Math.floor(ratios.length / 2)] ?? NaN;
    say(`  ${engine} ${n}: median ratio p99(api)/p99(bare) ${median.toFixed(2)}`);
    recordFigure({ name: `live.${engine}.${n}.p99_ratio`, value: median, unit: 'ratio', better: 'lower' });
    const p99s = results.map(({ api }) => stats(api).p99).sort((x, y) => x - y);
    const p99 = p99s[Math.floor(p99s.length / 2)] ?? NaN;
    recordFigure({ name: `live.${engine}.${n}.p99_ms`, value: p99, unit: 'ms', better: 'lower' });
    // Every stream of every round must get the result: the share of the crowd that did, in the worst round.
    const got = Math.min(...results.map(({ api }) => stats(api).got / api.wanted));
    recordFigure({ name: `live.${engine}.${n}.got_share`, value: got, unit: 'share', better: 'higher' });
  }
  return lines;
}

const fdLimit = execFileSync('sh', ['-c', 'ulimit -n']).toString().trim();
let somaxconn = '?';
try {
  somaxconn = execFileSync('sysctl', ['-n', 'net.core.somaxconn']).toString().trim();
} catch {
  // not readable here
}
console.log(
  `bench:live: open files per process ${fdLimit}, net.core.somaxconn ${somaxconn}, listen backlog ` +
    `${backlog ?? `${DEFAULT_BACKLOG} (default)`}, game cycle ${cycle} s`,
);
const summary = await onEachEngine(engines, OPEN, bench);
console.log('\nlive streams: delay from draw time to the result frame, against a bare node:http SSE server');
for (const l of summary) console.log(l);
