/**
 * The cluster's own PostgreSQL: a primary and a streaming replica (pg_basebackup), two server processes of Debian's
 * PostgreSQL 15 on the bridge's address, each on its own port, data under .cluster/pg/. They run as the `postgres`
 * user; trust authentication is limited to the bridge's subnet and loopback. The machine's own server is not touched.
 */
import { chownSync, mkdirSync, writeFileSync, appendFileSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { PG_BIN, logDir, pgDir, pgSocketDir, type Topology } from './topology.ts';
import { asPostgres, isAlive, sh, waitFor } from './process.ts';

type Which = 'primary' | 'replica';

const bin = (name: string) => resolve(PG_BIN, name);
const logOf = (which: Which) => resolve(logDir, `pg-${which}.log`);

function postgresUid(): { uid: number; gid: number } {
  return { uid: Number(sh('id', ['-u', 'postgres'])), gid: Number(sh('id', ['-g', 'postgres'])) };
}

/** A directory (and its parents up to .cluster/) the postgres user owns. */
function postgresDir(path: string, mode = 0o700): void {
  mkdirSync(path, { recursive: true, mode });
  const { uid, gid } = postgresUid();
  chownSync(path, uid, gid);
}

/** A log file the postgres user may append to, in the root-owned .cluster/logs/. */
function postgresLog(which: Which): string {
  const log = logOf(which);
  mkdirSync(logDir, { recursive: true });
  if (!existsSync(log)) writeFileSync(log, '');
  const { uid, gid } = postgresUid();
  chownSync(log, uid, gid);
  return log;
}

/** Runs SQL on the primary as the superuser, through its own socket; answers psql's unaligned output. */
export function psql(t: Topology, sql: string, port = t.primaryPort, database = 'postgres'): string {
  return asPostgres('psql', [
    '-X',
    '-A',
    '-t',
    '-v',
    'ON_ERROR_STOP=1',
    '-h',
    pgSocketDir,
    '-p',
    String(port),
    '-d',
    database,
    '-c',
    sql,
  ]);
}

export function initPrimary(t: Topology): void {
  const data = pgDir('primary');
  postgresDir(resolve(data, '..'), 0o755);
  postgresDir(pgSocketDir, 0o755);
  asPostgres(bin('initdb'), ['-D', data, '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8', '--no-sync']);
  writeFileSync(
    resolve(data, 'pg_hba.conf'),
    [
      '# The cluster: the postgres user over the socket, the bridge subnet and loopback; nothing else.',
      'local all all trust',
      'local replication all trust',
      `host all all ${t.subnet} trust`,
      `host replication all ${t.subnet} trust`,
      'host all all 127.0.0.1/32 trust',
      'host replication all 127.0.0.1/32 trust',
      '',
    ].join('\n'),
  );
  appendFileSync(
    resolve(data, 'postgresql.conf'),
    [
      '',
      '# The cluster (scripts/cluster/postgres.ts): the bridge address only, a socket of its own.',
      `listen_addresses = '${t.gateway}'`,
      `port = ${t.primaryPort}`,
      `unix_socket_directories = '${pgSocketDir}'`,
      'max_connections = 200',
      'shared_buffers = 64MB',
      'wal_level = replica',
      'max_wal_senders = 4',
      'wal_keep_size = 256MB',
      'hot_standby = on',
      '',
    ].join('\n'),
  );
}

export function startPostgres(which: Which): void {
  asPostgres(bin('pg_ctl'), ['-D', pgDir(which), '-l', postgresLog(which), '-w', '-t', '60', 'start']);
}

export function stopPostgres(which: Which): void {
  const data = pgDir(which);
  if (!postgresPid(which)) return;
  try {
    asPostgres(bin('pg_ctl'), ['-D', data, '-m', 'fast', '-w', '-t', '30', 'stop']);
  } catch {
    const pid = postgresPid(which);
    if (pid !== undefined) process.kill(pid, 'SIGKILL');
  }
}

/** The server's pid when it is running (postmaster.pid's first line, checked alive). */
export function postgresPid(which: Which): number | undefined {
  const file = resolve(pgDir(which), 'postmaster.pid');
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
  return isAlive(pid) ? pid : undefined;
}

/** The database and its owner, the one role the hosts run as. */
export function createDatabase(t: Topology): void {
  psql(t, `create role ${t.user} login`);
  psql(t, `create database ${t.database} owner ${t.user}`);
}

/** A copy of the primary (pg_basebackup -R: standby.signal and primary_conninfo), on its own port, following it. */
export async function initReplica(t: Topology): Promise<void> {
  const data = pgDir('replica');
  asPostgres(bin('pg_basebackup'), [
    '-h',
    t.gateway,
    '-p',
    String(t.primaryPort),
    '-U',
    'postgres',
    '-D',
    data,
    '-R',
    '-X',
    'stream',
    '-c',
    'fast',
    '--no-sync',
  ]);
  appendFileSync(resolve(data, 'postgresql.auto.conf'), `port = ${t.replicaPort}\n`);
  startPostgres('replica');
  await waitReplicaStreaming(t);
}

export async function waitReplicaStreaming(t: Topology): Promise<void> {
  await waitFor(
    'the replica to stream from the primary',
    () => psql(t, "select count(*) from pg_stat_replication where state = 'streaming'").trim() !== '0',
    30_000,
  );
}

export function removePostgresData(): void {
  for (const which of ['primary', 'replica'] as const) rmSync(pgDir(which), { recursive: true, force: true });
}
