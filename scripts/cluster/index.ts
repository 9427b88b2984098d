/**
 * Several API hosts behind HAProxy, all on this machine (docs/scaling.md): `up` builds the whole topology and waits
 * until the balancer sees every host healthy, `down` removes all of it. The other exports are for tests that break
 * one piece at a time (a host, Redis, the replica, the balancer) and watch the rest.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  balancerUrl,
  clusterDir,
  currentTopology,
  databaseUrl,
  hostOf,
  plannedTopology,
  redisUrl,
  requireTopology,
  root,
  runDir,
  topologyFile,
  type Host,
  type Topology,
} from './topology.ts';
import { ensureCommand, isAlive, sh, trySh } from './process.ts';
import { clusterNamespaces, createBridge, createNamespace, networkExists, removeNetwork } from './network.ts';
import {
  createDatabase,
  initPrimary,
  initReplica,
  postgresPid,
  startPostgres,
  stopPostgres,
  waitReplicaStreaming,
} from './postgres.ts';
import { redisPid, startRedis, stopRedis } from './redis.ts';
import {
  balancerPid,
  restartBalancer as restartHaproxy,
  startBalancer,
  stats,
  stopBalancer,
  waitHealthy,
} from './balancer.ts';
import { hostPid, killHost as killHostPid, startHost, startHostAndWait, stopHost } from './hosts.ts';

export { currentTopology, plannedTopology, balancerUrl, databaseUrl, redisUrl, stats, waitHealthy };
export type { Host, Topology };

const HOST_START_MS = 90_000;

// ---------------------------------------------------------------------------------------------------------------
// The helpers: one piece at a time, on the cluster that is up.

export type HostInfo = {
  name: string;
  index: number;
  namespace: string;
  address: string;
  port: number;
  pid: number | undefined;
  /** HAProxy's view: UP, DOWN, "DOWN 1/2"…; undefined when HAProxy does not answer. */
  status: string | undefined;
};

/** Every host with its pid (undefined when not running), address and the balancer's view of it. */
export async function listHosts(): Promise<HostInfo[]> {
  const t = requireTopology();
  const seen = await stats().catch(() => []);
  return t.hosts.map((h) => ({
    name: h.name,
    index: h.index,
    namespace: h.namespace,
    address: h.address,
    port: h.port,
    pid: hostPid(h),
    status: seen.find((s) => s.name === h.name)?.status,
  }));
}

/** Kills host `which` (1-based index or name) with SIGKILL; answers the pid it had. */
export function killHost(which: number | string): number | undefined {
  return killHostPid(hostOf(requireTopology(), which));
}

/** Starts host `which` again and waits until the balancer sees it healthy; answers its new pid. */
export async function restartHost(which: number | string): Promise<number> {
  const t = requireTopology();
  return startHostAndWait(t, hostOf(t, which), HOST_START_MS);
}

export async function stopRedisServer(): Promise<void> {
  await stopRedis();
}

export async function startRedisServer(): Promise<void> {
  await startRedis(requireTopology());
}

/** Stops the replica (fast shutdown); the primary and the hosts go on. */
export function stopReplica(): void {
  stopPostgres('replica');
}

/** Starts the replica again and waits until it streams from the primary. */
export async function startReplica(): Promise<void> {
  const t = requireTopology();
  if (postgresPid('replica') === undefined) startPostgres('replica');
  await waitReplicaStreaming(t);
}

/** Stops HAProxy (its open connections are cut), starts it again and waits until it sees the running hosts healthy. */
export async function restartBalancer(): Promise<void> {
  const t = requireTopology();
  await restartHaproxy(t);
  await waitHealthy(
    t.hosts.filter((h) => hostPid(h) !== undefined).map((h) => h.name),
    HOST_START_MS,
  );
}

// ---------------------------------------------------------------------------------------------------------------
// up, down, status.

/** Whether the cluster described by `t` runs whole: every process alive and every host healthy at the balancer. */
async function isWhole(t: Topology): Promise<boolean> {
  if (!networkExists(t) || !postgresPid('primary') || !postgresPid('replica') || !redisPid() || !balancerPid())
    return false;
  if (t.hosts.some((h) => hostPid(h) === undefined)) return false;
  const seen = await stats().catch(() => []);
  return t.hosts.every((h) => seen.some((s) => s.name === h.name && s.status === 'UP'));
}

const sameShape = (a: Topology, b: Topology) =>
  a.hosts.length === b.hosts.length && a.listen.port === b.listen.port && a.subnet === b.subnet;

function leftovers(): boolean {
  return existsSync(clusterDir) || clusterNamespaces().length > 0 || trySh('ip', ['link', 'show', 'fdc-br']);
}

function ensureWebBuilt(): void {
  const dist = process.env.WEB_DIST ?? resolve(root, 'apps/web/dist');
  if (existsSync(resolve(dist, 'index.html'))) return;
  console.log('cluster: building the web app (apps/web/dist is missing)');
  sh('npm', ['run', 'build']);
}

/** The last lines of each host's log: what a failed start prints before it takes everything down. */
function tails(t: Topology): string {
  return t.hosts
    .filter((h) => existsSync(h.log))
    .map((h) => {
      const lines = readFileSync(h.log, 'utf8').trimEnd().split('\n').slice(-5);
      return `--- ${h.name} (${h.log}):\n${lines.join('\n')}`;
    })
    .join('\n');
}

/** Builds the whole topology, or says it is up already; prints the balancer's address and each host's status. */
export async function up(): Promise<void> {
  const started = performance.now();
  const planned = plannedTopology();
  const current = currentTopology();
  if (current && sameShape(current, planned) && (await isWhole(current))) {
    console.log('cluster: already up');
    await printStatus(current);
    return;
  }
  if (current || leftovers()) {
    console.log('cluster: a partial or different cluster is there: taking it down to build it again');
    await down();
  }
  ensureCommand('haproxy', 'haproxy');
  ensureCommand('redis-server', 'redis-server');
  ensureCommand('nft', 'nftables');
  ensureWebBuilt();

  const t = planned;
  mkdirSync(runDir, { recursive: true });
  // Written first, so `down` knows what to remove even after a start that failed half-way.
  writeFileSync(topologyFile, `${JSON.stringify(t, null, 2)}\n`);
  try {
    const step = (what: string) =>
      console.log(`cluster: ${what} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
    step(`network: bridge ${t.gateway}, ${t.hosts.length} namespaces`);
    createBridge(t);
    for (const host of t.hosts) createNamespace(t, host);
    step(`PostgreSQL primary on ${t.gateway}:${t.primaryPort}`);
    initPrimary(t);
    startPostgres('primary');
    createDatabase(t);
    step(`PostgreSQL replica on ${t.gateway}:${t.replicaPort}`);
    await initReplica(t);
    step(`Redis on ${t.gateway}:${t.redisPort}`);
    await startRedis(t);
    step(`HAProxy on ${balancerUrl(t)}`);
    await startBalancer(t);
    // The first host alone migrates and seeds the empty database; then the others start together.
    const [first, ...rest] = t.hosts;
    step(`host ${first!.name} (migrates and seeds)`);
    await startHostAndWait(t, first!, HOST_START_MS);
    if (rest.length > 0) {
      step(`hosts ${rest.map((h) => h.name).join(', ')}`);
      for (const host of rest) startHost(t, host);
      await waitHealthy(
        rest.map((h) => h.name),
        HOST_START_MS,
      );
    }
  } catch (err) {
    console.error(`cluster: failed: ${(err as Error).message}`);
    console.error(tails(t));
    console.error('cluster: taking down what was started');
    await down();
    throw err;
  }
  console.log(`cluster: up in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await printStatus(t);
}

/** Stops everything the cluster started and removes its namespaces, links and .cluster/; nothing up is fine. */
export async function down(): Promise<void> {
  const t = currentTopology() ?? plannedTopology();
  // Hosts first (their pid files, then anything else still running in a cluster namespace), so none is left
  // talking to a database or Redis that is going away.
  await Promise.all(t.hosts.map((h) => stopHost(h)));
  for (const ns of clusterNamespaces()) {
    for (const pid of sh('ip', ['netns', 'pids', ns]).split('\n').filter(Boolean).map(Number)) {
      if (isAlive(pid)) process.kill(pid, 'SIGKILL');
    }
  }
  await stopBalancer();
  await stopRedis();
  stopPostgres('replica');
  stopPostgres('primary');
  removeNetwork();
  if (existsSync(runDir)) {
    for (const f of readdirSync(runDir).filter((f) => f.endsWith('.pid'))) {
      const pid = Number(readFileSync(resolve(runDir, f), 'utf8'));
      if (isAlive(pid)) process.kill(pid, 'SIGKILL');
    }
  }
  rmSync(clusterDir, { recursive: true, force: true });
  console.log('cluster: down');
}

/** The balancer's address, then one line per host and one per shared service. */
export async function printStatus(t: Topology = requireTopology()): Promise<void> {
  const seen = await stats().catch(() => []);
  console.log(`cluster: ${balancerUrl(t)}  (HAProxy pid ${balancerPid() ?? '-'}, balance leastconn)`);
  for (const h of t.hosts) {
    const s = seen.find((x) => x.name === h.name);
    const view = s ? `${s.status} (${s.check} ${s.checkMs} ms), ${s.current} open, ${s.total} served` : 'unknown';
    console.log(`  ${h.name}  ${h.namespace}  ${h.address}:${h.port}  pid ${hostPid(h) ?? '-'}  ${view}`);
  }
  const pg = (which: 'primary' | 'replica', port: number) =>
    `  postgres ${which}  ${t.gateway}:${port}  pid ${postgresPid(which) ?? '-'}`;
  console.log(pg('primary', t.primaryPort));
  console.log(pg('replica', t.replicaPort));
  console.log(`  redis  ${t.gateway}:${t.redisPort}  pid ${redisPid() ?? '-'}`);
  console.log(`  logs  .cluster/logs/`);
}
