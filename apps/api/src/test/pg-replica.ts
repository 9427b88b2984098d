import { execFile } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePorts } from './free-ports.ts';

/**
 * A throw-away PostgreSQL primary with a streaming replica of it (pg_basebackup -R), for the read-replica tests: two
 * servers of the machine's PostgreSQL binaries (PG_BIN, Debian's 15 by default) on free ports of 127.0.0.1, their data
 * in a temporary directory, trust authentication on loopback only. As root (CI), the servers run as the `postgres`
 * user, as scripts/cluster/postgres.ts runs the cluster's. Replay on the replica can be paused and resumed
 * (pg_wal_replay_pause), so a test makes the replica lag on purpose instead of hoping it does.
 */

const run = promisify(execFile);
export const PG_BIN = process.env.PG_BIN || '/usr/lib/postgresql/15/bin';
const asRoot = userInfo().uid === 0;

/** Why the pair cannot be started on this machine, or undefined when it can. */
export function replicaPairMissing(): string | undefined {
  for (const tool of ['initdb', 'pg_ctl', 'pg_basebackup'])
    if (!existsSync(join(PG_BIN, tool))) return `${join(PG_BIN, tool)} not found (set PG_BIN)`;
  return undefined;
}

/** Runs a PostgreSQL tool, as the postgres user when this process is root (the server refuses to run as root). */
async function tool(name: string, args: string[]): Promise<void> {
  const bin = join(PG_BIN, name);
  const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  try {
    await run(cmd, argv, { timeout: 60_000 });
  } catch (err) {
    const e = err as { stderr?: string; stdout?: string };
    throw new Error(`${name} ${args.join(' ')} failed: ${e.stderr ?? ''}${e.stdout ?? ''}`, { cause: err });
  }
}

export type ReplicaPair = {
  /** postgres://postgres@127.0.0.1:<port>/<database> of the primary, and of the replica. */
  primaryUrl: string;
  replicaUrl: string;
  /** Runs SQL on the replica (as the superuser); its rows. */
  onReplica: <R extends pg.QueryResultRow>(text: string, values?: unknown[]) => Promise<R[]>;
  /** Stops replaying WAL on the replica, and resolves once it has stopped: from then on it lags, by construction. */
  pauseReplay: () => Promise<void>;
  resumeReplay: () => Promise<void>;
  /** Resolves once the replica has replayed everything the primary has flushed (now). */
  caughtUp: () => Promise<void>;
  stopReplica: () => Promise<void>;
  startReplica: () => Promise<void>;
  /** Stops both servers and removes their data. */
  close: () => Promise<void>;
};

async function query<R extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** Polls `ok` until it answers true (it waits for the servers, not for a time); fails after `timeoutMs`. */
async function until(what: string, ok: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    if (await ok()) return;
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function startReplicaPair(database = 'fairdraw'): Promise<ReplicaPair> {
  const dir = mkdtempSync(join(tmpdir(), 'fd-replica-'));
  if (asRoot) {
    const { stdout: uid } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(uid), Number(gid));
  }
  const primaryDir = join(dir, 'primary');
  const replicaDir = join(dir, 'replica');
  const log = (which: string) => join(dir, `${which}.log`);
  const pgCtl = (data: string, which: string, ...args: string[]) =>
    tool('pg_ctl', ['-D', data, '-l', log(which), '-w', '-t', '30', ...args]);
  const stop = async (data: string, which: string, mode: 'fast' | 'immediate') => {
    if (existsSync(join(data, 'postmaster.pid'))) await pgCtl(data, which, '-m', mode, 'stop').catch(() => undefined);
  };
  /**
   * Starts the server on a port found free; another listener may take it in between (free-ports.ts), so a start that
   * fails is tried again on another port (the last `port` line of the file wins). Answers the port.
   */
  const startOnFreePort = async (data: string, which: string, conf: string): Promise<number> => {
    for (let attempt = 1; ; attempt++) {
      const [port = 0] = await freePorts(1);
      appendFileSync(conf, `port = ${port}\n`);
      try {
        await pgCtl(data, which, 'start');
        return port;
      } catch (err) {
        if (attempt >= 3) throw err;
      }
    }
  };
  try {
    await tool('initdb', ['-D', primaryDir, '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
    appendFileSync(
      join(primaryDir, 'postgresql.conf'),
      [
        '',
        "listen_addresses = '127.0.0.1'",
        `unix_socket_directories = '${dir}'`,
        'max_connections = 60',
        'shared_buffers = 16MB',
        'wal_level = replica',
        'max_wal_senders = 4',
        'hot_standby = on',
        // A throw-away cluster: nothing to keep after a crash of the machine.
        'fsync = off',
        'full_page_writes = off',
        '',
      ].join('\n'),
    );
    const primaryPort = await startOnFreePort(primaryDir, 'primary', join(primaryDir, 'postgresql.conf'));
    const url = (port: number | undefined) => `postgres://postgres@127.0.0.1:${port}/${database}`;
    await query(url(primaryPort).replace(`/${database}`, '/postgres'), `create database ${database}`);
    await tool('pg_basebackup', [
      ...['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', replicaDir],
      ...['-R', '-X', 'stream', '-c', 'fast', '--no-sync'],
    ]);
    const replicaPort = await startOnFreePort(replicaDir, 'replica', join(replicaDir, 'postgresql.auto.conf'));
    const primaryUrl = url(primaryPort);
    const replicaUrl = url(replicaPort);
    const onReplica = <R extends pg.QueryResultRow>(text: string, values?: unknown[]) =>
      query<R>(replicaUrl, text, values);
    const pair: ReplicaPair = {
      primaryUrl,
      replicaUrl,
      onReplica,
      async pauseReplay() {
        await onReplica('select pg_wal_replay_pause()');
        await until('replay to pause', async () => {
          const [row] = await onReplica<{ state: string }>('select pg_get_wal_replay_pause_state() as state');
          return row?.state === 'paused';
        });
      },
      async resumeReplay() {
        await onReplica('select pg_wal_replay_resume()');
      },
      async caughtUp() {
        const [p] = await query<{ lsn: string }>(primaryUrl, 'select pg_current_wal_flush_lsn()::text as lsn');
        await until('the replica to catch up', async () => {
          const [r] = await onReplica<{ ok: boolean }>('select pg_last_wal_replay_lsn() >= $1::pg_lsn as ok', [p?.lsn]);
          return r?.ok === true;
        });
      },
      stopReplica: () => stop(replicaDir, 'replica', 'fast'),
      startReplica: () => pgCtl(replicaDir, 'replica', 'start'),
      async close() {
        await stop(replicaDir, 'replica', 'immediate');
        await stop(primaryDir, 'primary', 'immediate');
        rmSync(dir, { recursive: true, force: true });
      },
    };
    await until('the replica to accept connections', async () =>
      onReplica('select 1').then(
        () => true,
        () => false,
      ),
    );
    await pair.caughtUp();
    return pair;
  } catch (err) {
    await stop(replicaDir, 'replica', 'immediate');
    await stop(primaryDir, 'primary', 'immediate');
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}
