/**
 * `npm run bench:reads`: the reads every phone makes — Home, the games, a game's plays, its current period, its draw
 * history, its trend, the long-dragon list — each in requests per second against a reference measured in the same run
 * on the same machine: a bare node:http server answering the very same bytes, in a process of its own as the API is
 * (bench/bare-server.ts). Run on the embedded PGlite and on
 * PostgreSQL (`BENCH_ENGINES`, default `pglite,postgres`; PostgreSQL at BENCH_PG_URL, on a scratch database dropped
 * at the end). The ratio is what to compare across commits; the absolute numbers depend on the machine.
 *
 * Each read is measured in BENCH_ROUNDS (5) rounds, the reference and the read one after the other in each, and the
 * ratio is the median of the rounds' ratios: a moment when the machine is busy lowers a round, not the figure.
 * BENCH_SECONDS (default 2, per window) and BENCH_CONNECTIONS (32) set each window; BENCH_READS picks reads by name,
 * in the order given (a name twice measures it twice). The API is left quiet BENCH_QUIET_MS (12 s) after its start
 * before the first read, as a site is before a crowd comes.
 */
import autocannon from 'autocannon';
import { API } from '@fairdraw/contract';
import type { Site } from '../e2e/harness.ts';
import { startBareServer } from './bare-server.ts';
import { recordFigure } from './figures.ts';
import { onEachEngine } from './pg.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 2);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
// Longer than V8's memory reducer waits (8 s) before it looks whether the process has gone quiet.
const quietMs = Number(process.env.BENCH_QUIET_MS ?? 12_000);
const engines = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',').map((e) => e.trim());
// The load comes from one address: no per-address caps.
const OPEN = { LOG_LEVEL: 'error', RATE_LIMIT_MAX: '10000000', MAX_CONNECTIONS_PER_IP: '0' };

type Read = { name: string; method: 'GET' | 'POST'; path: string };

/** The reads of a phone on Home and on the K3 game page (the game the lobby lists first of its family). */
function reads(k3: number): Read[] {
  return [
    { name: 'home', method: 'GET', path: API.home },
    { name: 'games', method: 'GET', path: API.games },
    { name: 'category', method: 'GET', path: API.category },
    { name: 'play_items', method: 'GET', path: `${API.playItems}?group_id=${k3}` },
    { name: 'current_game', method: 'POST', path: `${API.currentGame}?games_id=${k3}` },
    { name: 'history', method: 'GET', path: `${API.history}?games_id=${k3}` },
    { name: 'trend', method: 'GET', path: `${API.trend}?games_id=${k3}` },
    { name: 'long_dragon', method: 'GET', path: API.longDragon },
  ];
}

async function measure(url: string, method: 'GET' | 'POST') {
  const result = await autocannon({ url, method, connections, duration: seconds, headers: { lang: 'en' } });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

async function bench(engine: string, site: Site): Promise<string[]> {
  // A site is quiet for a while before a crowd comes (a night, or the minutes after a deploy); a process that has
  // been quiet may have changed state (apps/api/src/node-flags.ts), so the crowd is measured after such a moment.
  await new Promise((resolve) => setTimeout(resolve, quietMs));
  const categories = (await (await fetch(`${site.url}${API.category}`)).json()) as {
    data: { games: { id: number; code: string }[] }[];
  };
  const k3 = categories.data.flatMap((c) => c.games).find((g) => g.code === 'df_k3')?.id ?? 0;
  const chosen = process.env.BENCH_READS?.split(',').map((s) => s.trim());
  const lines: string[] = [];
  const all = reads(k3);
  const unknown = chosen?.filter((name) => !all.some((r) => r.name === name));
  if (unknown?.length) throw new Error(`BENCH_READS: no read named ${unknown.join(', ')}`);
  for (const read of chosen ? chosen.map((name) => all.find((r) => r.name === name)!) : all) {
    const url = `${site.url}${read.path}`;
    const answer = await fetch(url, { method: read.method, headers: { lang: 'en' } });
    if (!answer.ok) throw new Error(`${read.name}: HTTP ${answer.status}`);
    const ref = await startBareServer(answer);
    try {
      await measure(url, read.method); // warm-up
      await measure(ref.url, read.method);
      const ratios: number[] = [];
      let ours = { rps: 0, p99: 0, errors: 0 };
      let bare = { rps: 0, p99: 0, errors: 0 };
      for (let round = 0; round < rounds; round++) {
        bare = await measure(ref.url, read.method);
        ours = await measure(url, read.method);
        ratios.push(ours.rps / bare.rps);
      }
      const ratio = [...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)] ?? 0;
      const line =
        `${engine.padEnd(8)} ${read.name.padEnd(13)} ${ours.rps.toFixed(0).padStart(6)} req/s  p99 ${String(ours.p99).padStart(4)} ms` +
        `  errors ${ours.errors}  | reference ${bare.rps.toFixed(0).padStart(6)} req/s  | ratio ${ratio.toFixed(3)}` +
        `  (rounds ${ratios.map((r) => r.toFixed(2)).join(' ')})`;
      console.log(line);
      lines.push(line);
      recordFigure({ name: `reads.${engine}.${read.name}`, value: ratio, unit: 'ratio', better: 'higher' });
    } finally {
      ref.close();
    }
  }
  return lines;
}

const summary = await onEachEngine(engines, OPEN, bench);
console.log(
  `\nreads vs a bare node:http server (${connections} connections, median of ${rounds} rounds of ${seconds} s):`,
);
for (const line of summary) console.log(line);
