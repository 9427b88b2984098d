/**
 * The cluster's layout: names, addresses, ports and files, worked out once from the environment (CLUSTER_HOSTS,
 * CLUSTER_PORT) and kept in .cluster/topology.json while the cluster is up, so `down` and the helpers find what `up`
 * made even when their environment differs.
 *
 * Everything lives on this machine: a bridge (fdc-br, 10.89.0.1/24) with one network namespace per API host
 * (fdc-h<i>, 10.89.0.<10+i>) on a veth pair; PostgreSQL (primary and replica) and Redis listen on the bridge's
 * address, HAProxy on 127.0.0.1 and talks to the hosts from a second bridge address of its own (10.89.0.2), the only
 * address each host's firewall lets in. The namespaces have no default route: nothing they send leaves the machine.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** Everything the cluster writes: databases, logs, pid files, HAProxy's configuration. Git-ignored. */
export const clusterDir = resolve(root, '.cluster');
export const runDir = resolve(clusterDir, 'run');
export const logDir = resolve(clusterDir, 'logs');
export const topologyFile = resolve(clusterDir, 'topology.json');

/** Debian's PostgreSQL 15 server binaries (initdb, pg_ctl, pg_basebackup are not on PATH). */
export const PG_BIN = '/usr/lib/postgresql/15/bin';
/** The prefix of every namespace and link the cluster makes, so `down` can find them without its state. */
export const PREFIX = 'fdc';
export const BRIDGE = `${PREFIX}-br`;

export type Host = {
  /** 1-based. */
  index: number;
  name: string;
  namespace: string;
  /** The veth end left on the bridge, in the machine's own namespace. */
  veth: string;
  address: string;
  port: number;
  /** The metrics listener, on the namespace's own loopback: read it with `ip netns exec <namespace>`. */
  metricsPort: number;
  dataDir: string;
  log: string;
  pidFile: string;
};

export type Topology = {
  subnet: string;
  /** The bridge's address: PostgreSQL and Redis listen here. */
  gateway: string;
  /** HAProxy's own source address towards the hosts: the only one their firewall accepts on the API port. */
  balancerSource: string;
  /** The balancer's listener, on loopback. */
  listen: { host: string; port: number };
  primaryPort: number;
  replicaPort: number;
  redisPort: number;
  database: string;
  /** The database's owner and the hosts' one role (no MIGRATION_DATABASE_URL: see docs/scaling.md). */
  user: string;
  hosts: Host[];
};

function intFrom(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${name} must be an integer from ${min} to ${max}`);
  return n;
}

/** The layout `up` would build now, from the environment. */
export function plannedTopology(): Topology {
  const count = intFrom('CLUSTER_HOSTS', 3, 1, 20);
  const port = intFrom('CLUSTER_PORT', 8088, 1, 65535);
  const net = '10.89.0';
  const hosts: Host[] = Array.from({ length: count }, (_, i) => {
    const index = i + 1;
    const name = `h${index}`;
    return {
      index,
      name,
      namespace: `${PREFIX}-${name}`,
      veth: `${PREFIX}-v${index}`,
      address: `${net}.${10 + index}`,
      port: 8080,
      metricsPort: 9464,
      dataDir: resolve(clusterDir, 'hosts', name),
      log: resolve(logDir, `${name}.log`),
      pidFile: resolve(runDir, `${name}.pid`),
    };
  });
  return {
    subnet: `${net}.0/24`,
    gateway: `${net}.1`,
    balancerSource: `${net}.2`,
    listen: { host: '127.0.0.1', port },
    primaryPort: 5441,
    replicaPort: 5442,
    redisPort: 6391,
    database: 'fairdraw',
    user: 'fairdraw',
    hosts,
  };
}

/** The layout that is up (from .cluster/topology.json), or undefined when none is. */
export function currentTopology(): Topology | undefined {
  if (!existsSync(topologyFile)) return undefined;
  return JSON.parse(readFileSync(topologyFile, 'utf8')) as Topology;
}

/** The layout that is up, or an error saying to run `npm run cluster` first. */
export function requireTopology(): Topology {
  const t = currentTopology();
  if (!t) throw new Error('no cluster is up (npm run cluster)');
  return t;
}

export function hostOf(t: Topology, which: number | string): Host {
  const host = t.hosts.find((h) => h.index === Number(which) || h.name === which);
  if (!host) throw new Error(`no host ${which} (hosts: ${t.hosts.map((h) => h.name).join(', ')})`);
  return host;
}

export const pgDir = (which: 'primary' | 'replica') => resolve(clusterDir, 'pg', which);
export const pgSocketDir = resolve(runDir, 'pg');

export function databaseUrl(t: Topology, port = t.primaryPort): string {
  return `postgres://${t.user}@${t.gateway}:${port}/${t.database}`;
}

export const redisUrl = (t: Topology) => `redis://${t.gateway}:${t.redisPort}`;
export const balancerUrl = (t: Topology) => `http://${t.listen.host}:${t.listen.port}`;
