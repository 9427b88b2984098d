/**
 * The API hosts: `node apps/api/src/server.ts` in each host's namespace (`ip netns exec` runs it in place, so the pid
 * is node's own), detached, its log in .cluster/logs/<host>.log. Each takes the same variables as `npm start` from
 * the caller's environment; the cluster sets the ones that say where things are.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { API_NODE_FLAGS } from '../../apps/api/src/node-flags.ts';
import { clusterDir, databaseUrl, redisUrl, root, type Host, type Topology } from './topology.ts';
import { isAlive, readPid, startDetached, stopPid } from './process.ts';
import { waitHealthy } from './balancer.ts';

const totpKeyFile = resolve(clusterDir, 'totp.key');
/** By its full path, so `ps` tells this checkout's hosts from any other API running on the machine. */
const serverScript = resolve(root, 'apps/api/src/server.ts');

/**
 * One key for every host: a two-factor secret saved through one host must be read by all. Unset, each host would
 * generate its own in its DATA_DIR.
 */
function sharedTotpKey(): string {
  if (process.env.TOTP_KEY) return process.env.TOTP_KEY;
  if (!existsSync(totpKeyFile)) writeFileSync(totpKeyFile, randomBytes(32).toString('hex'), { mode: 0o600 });
  return readFileSync(totpKeyFile, 'utf8').trim();
}

/** The host's environment: the caller's (README's variables), then what the cluster decides. */
export function hostEnv(t: Topology, host: Host): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    KEEP_ALIVE_TIMEOUT_MS: process.env.KEEP_ALIVE_TIMEOUT_MS ?? '60000',
    PORT: String(host.port),
    HOST: '0.0.0.0',
    METRICS_PORT: String(host.metricsPort),
    METRICS_HOST: '127.0.0.1',
    DATA_DIR: host.dataDir,
    DATABASE_URL: databaseUrl(t),
    DATABASE_REPLICA_URL: databaseUrl(t, t.replicaPort),
    REDIS_URL: redisUrl(t),
    // Only the balancer is believed about the client's address, even were another peer to reach the port.
    TRUST_PROXY: t.balancerSource,
    TOTP_KEY: sharedTotpKey(),
  };
  // One role: the owner migrating at each host's start would grant the runtime role from several hosts at once.
  delete env.MIGRATION_DATABASE_URL;
  return env;
}

export function hostPid(host: Host): number | undefined {
  const pid = readPid(host.pidFile);
  return isAlive(pid) ? pid : undefined;
}

/** Starts the host's API in its namespace (nothing when it runs); answers its pid. */
export function startHost(t: Topology, host: Host): number {
  const running = hostPid(host);
  if (running !== undefined) return running;
  mkdirSync(host.dataDir, { recursive: true });
  return startDetached('ip', ['netns', 'exec', host.namespace, process.execPath, ...API_NODE_FLAGS, serverScript], {
    log: host.log,
    pidFile: host.pidFile,
    env: hostEnv(t, host),
  });
}

/** Starts the host and waits until the balancer sees it healthy. */
export async function startHostAndWait(t: Topology, host: Host, timeoutMs = 60_000): Promise<number> {
  const pid = startHost(t, host);
  await waitHealthy([host.name], timeoutMs);
  return pid;
}

/** SIGKILL: the host dies at once, mid-request, the way a crashed machine would. */
export function killHost(host: Host): number | undefined {
  const pid = hostPid(host);
  if (pid !== undefined) process.kill(pid, 'SIGKILL');
  return pid;
}

/** SIGTERM: the host finishes its requests in flight and closes (server.ts's shutdown). */
export async function stopHost(host: Host): Promise<void> {
  await stopPid(host.pidFile, 12_000);
}
