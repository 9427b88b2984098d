/**
 * Shared by the PostgreSQL benchmarks (bench/bets.ts, bench/settle.ts): throw-away databases on the local server
 * and the API started on one of them, the way e2e/harness.ts starts it but with DATABASE_URL set.
 *
 * BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres) is the maintenance connection used to create
 * and drop the databases; each benchmark database is fd_bench_<random> and is dropped at the end, failure or not.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startSite, type Site } from '../e2e/harness.ts';
import { cpuBetween, cpuSnapshot } from './cpu.ts';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The URL of database `name` on the same server as ADMIN_URL. */
export function urlOf(name: string): string {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

export type Scratch = { name: string; url: string; drop: () => Promise<void> };

/** Creates an empty database fd_bench_<random>[_suffix]; `drop()` removes it (terminating leftover sessions). */
export async function createScratchDatabase(suffix = ''): Promise<Scratch> {
  const name = `fd_bench_${randomBytes(5).toString('hex')}${suffix ? `_${suffix}` : ''}`;
  await admin((c) => c.query(`create database ${name}`));
  let dropped = false;
  return {
    name,
    url: urlOf(name),
    drop: async () => {
      if (dropped) return;
      dropped = true;
      await admin((c) => c.query(`drop database if exists ${name} with (force)`));
    },
  };
}

export type Api = Site;

/** Starts apps/api/src/server.ts on PostgreSQL `databaseUrl` (migrates and seeds it) and waits for /readyz. */
export function startApi(databaseUrl: string, extraEnv: Record<string, string> = {}): Promise<Api> {
  return startSite({ LOG_LEVEL: 'error', ...extraEnv }, { needsWeb: false, databaseUrl });
}

/** Runs a command to completion; resolves with its stdout, rejects with its stderr on a non-zero exit. */
export function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  return new Promise((ok, fail) => {
    const child = spawn(cmd, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr.on('data', (b: Buffer) => (err += b.toString()));
    child.once('error', fail);
    child.once('exit', (code) => (code === 0 ? ok(out) : fail(new Error(`${cmd} exited ${code}:\n${err}${out}`))));
  });
}

type PgbenchOptions = { scale: number; clients: number; threads: number; seconds: number };

/** pgbench TPC-B on a scratch database of its own (same server): `pgbench -i -s scale`, then clients × seconds. */
export async function pgbenchTps(opts: PgbenchOptions) {
  const db = await createScratchDatabase('pgbench');
  try {
    return await pgbenchOn(db.url, opts);
  } finally {
    await db.drop();
  }
}

/**
 * pgbench TPC-B on the (empty, throw-away) database at `url`: `pgbench -i -s scale`, then clients × seconds. Besides
 * TPS: the transactions run, and the whole machine's CPU time over the timed run (pgbench, its server processes and
 * the kernel alike: what one transaction costs the machine) with how busy that left it.
 */
export async function pgbenchOn(url: string, opts: PgbenchOptions) {
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.slice(1));
  const conn = ['-h', u.hostname, '-p', u.port || '5432', '-U', decodeURIComponent(u.username) || 'postgres'];
  await run('pgbench', [...conn, '-i', '-q', '-s', String(opts.scale), name]);
  const before = cpuSnapshot();
  const out = await run('pgbench', [
    ...conn,
    '-c',
    String(opts.clients),
    '-j',
    String(opts.threads),
    '-T',
    String(opts.seconds),
    name,
  ]);
  const cpu = cpuBetween(before, cpuSnapshot());
  const tps = /tps = ([\d.]+)/.exec(out);
  const lat = /latency average = ([\d.]+) ms/.exec(out);
  const transactions = /number of transactions actually processed: (\d+)/.exec(out);
  if (!tps) throw new Error(`pgbench: no tps in\n${out}`);
  return {
    tps: Number(tps[1]),
    latencyMs: lat ? Number(lat[1]) : NaN,
    transactions: transactions ? Number(transactions[1]) : NaN,
    machineBusyMs: cpu.machineBusyMs,
    busyShare: cpu.busyShare,
  };
}

/**
 * Runs `bench` on the API started on each engine of `engines` in turn — `pglite` (the embedded default, a data
 * directory of its own) or `postgres` (a scratch database, dropped after) — with `env`, and gathers the lines each
 * run returns.
 */
export async function onEachEngine(
  engines: readonly string[],
  env: Record<string, string>,
  bench: (engine: string, site: Site) => Promise<string[]>,
): Promise<string[]> {
  const lines: string[] = [];
  for (const engine of engines) {
    if (engine === 'pglite') {
      const site = await startSite(env, { needsWeb: false });
      try {
        lines.push(...(await bench(engine, site)));
      } finally {
        await site.stop();
      }
    } else if (engine === 'postgres') {
      const db = await createScratchDatabase();
      try {
        const site = await startApi(db.url, env);
        try {
          lines.push(...(await bench(engine, site)));
        } finally {
          await site.stop();
        }
      } finally {
        await db.drop();
      }
    } else throw new Error(`unknown engine ${engine}: pglite or postgres`);
  }
  return lines;
}
