/**
 * HAProxy in front of the hosts, on 127.0.0.1:CLUSTER_PORT. Its configuration is written to .cluster/haproxy.cfg;
 * it runs in the foreground of a detached process (its log, one line per request naming the host that answered, in
 * .cluster/logs/haproxy.log) and answers `show stat` on an admin socket in .cluster/run/.
 */
import { writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { resolve } from 'node:path';
import { clusterDir, logDir, runDir, type Topology } from './topology.ts';
import { isAlive, readPid, sh, startDetached, stopPid, waitFor } from './process.ts';

const configFile = resolve(clusterDir, 'haproxy.cfg');
const pidFile = resolve(runDir, 'haproxy.pid');
export const statsSocket = resolve(runDir, 'haproxy.sock');

/**
 * Why each setting (docs/scaling.md says it for people):
 * - leastconn: every open page holds a live stream (SSE) on one host for as long as it is open. Round-robin counts
 *   requests, not what stays open, so a host that has just come back would keep few streams while the others keep
 *   theirs; leastconn sends new connections where the fewest are open, and among equals it takes turns.
 * - timeout client/server 65 s: the longest silence allowed on a connection in either direction. A healthy stream
 *   sends a heartbeat every 15 s, so it is never cut; a stream whose host went silent is, after four missed beats.
 *   timeout tunnel 1 h covers connections switched to a tunnel (an upgrade), where client/server no longer apply.
 * - timeout http-keep-alive 10 s on the client side; towards the hosts, idle connections are pooled and half of them
 *   closed every pool-purge-delay (2 s), long before a host's own keep-alive (KEEP_ALIVE_TIMEOUT_MS, 60 s here)
 *   could close one under a request being sent on it.
 * - abortonclose: a client that leaves closes its connection to the host at once. Without it, a stream whose page
 *   was closed stays open on the host (and holds one of its address's SSE_MAX_PER_IP slots) until a heartbeat
 *   written into the closed connection fails, up to 30 s later.
 * - X-Forwarded-For: whatever the client sent is removed, then HAProxy adds the address it sees; the hosts trust it
 *   (TRUST_PROXY) and accept connections on the API port from the balancer's source address only.
 * - retries: a connection refused (a host just killed) is tried again on another host; a request sent and not
 *   answered is tried again only when it is a GET or HEAD, which change nothing.
 */
export function balancerConfig(t: Topology): string {
  const servers = t.hosts.map((h) => `  server ${h.name} ${h.address}:${h.port} check`);
  return [
    '# Written by scripts/cluster/balancer.ts at each `npm run cluster`; edits are lost.',
    'global',
    '  log stdout format raw local0 info',
    `  stats socket ${statsSocket} mode 600 level admin`,
    '  maxconn 8000',
    '  hard-stop-after 5s',
    '',
    'defaults',
    '  mode http',
    '  log global',
    '  option httplog',
    '  option dontlognull',
    '  timeout connect 2s',
    '  timeout client 65s',
    '  timeout server 65s',
    '  timeout tunnel 1h',
    '  timeout http-request 10s',
    '  timeout http-keep-alive 10s',
    '  timeout queue 5s',
    '  timeout check 2s',
    '  retries 2',
    '  option redispatch',
    '  option abortonclose',
    '',
    'frontend site',
    `  bind ${t.listen.host}:${t.listen.port}`,
    '  http-request del-header X-Forwarded-For',
    '  http-request del-header Forwarded',
    '  option forwardfor',
    '  default_backend hosts',
    '',
    'backend hosts',
    '  balance leastconn',
    '  option httpchk',
    '  http-check send meth GET uri /readyz ver HTTP/1.1 hdr Host fairdraw-cluster',
    '  http-check expect status 200',
    '  http-reuse safe',
    '  retry-on conn-failure empty-response',
    '  http-request disable-l7-retry unless METH_GET || METH_HEAD',
    `  default-server inter 1s fall 2 rise 2 pool-purge-delay 2s source ${t.balancerSource}`,
    ...servers,
    '',
  ].join('\n');
}

export function balancerPid(): number | undefined {
  const pid = readPid(pidFile);
  return isAlive(pid) ? pid : undefined;
}

export async function startBalancer(t: Topology): Promise<void> {
  if (balancerPid() !== undefined) return;
  writeFileSync(configFile, balancerConfig(t));
  sh('haproxy', ['-c', '-f', configFile]);
  startDetached('haproxy', ['-db', '-f', configFile], { log: resolve(logDir, 'haproxy.log'), pidFile });
  await waitFor(
    'HAProxy to answer on its stats socket',
    async () => (await stats().catch(() => [])).length > 0,
    10_000,
    RESTART_POLL_MS,
  );
}

/**
 * How often a restart looks whether HAProxy has stopped and answers again: every client refused meanwhile backs off
 * (the web's reconnects, the chaos crowd's), so the balancer is not left away for a polling step longer than it
 * takes to stop and start (tens of milliseconds).
 */
const RESTART_POLL_MS = 20;

export async function stopBalancer(): Promise<void> {
  await stopPid(pidFile, 6_000, RESTART_POLL_MS);
}

/** Stops HAProxy (open connections are cut) and starts it again with the same configuration. */
export async function restartBalancer(t: Topology): Promise<void> {
  await stopBalancer();
  await startBalancer(t);
}

/** One command on the admin socket; answers the reply. */
export function adminCommand(command: string): Promise<string> {
  return new Promise((done, fail) => {
    const socket = createConnection(statsSocket);
    let reply = '';
    socket.setTimeout(3000, () => socket.destroy(new Error('HAProxy stats socket: no answer')));
    socket.on('connect', () => socket.end(`${command}\n`));
    socket.on('data', (b: Buffer) => (reply += b.toString()));
    socket.on('error', fail);
    socket.on('close', () => done(reply));
  });
}

export type ServerStat = {
  name: string;
  /** UP, DOWN, "UP 1/2" (going down), "DOWN 1/2" (coming up), MAINT… */
  status: string;
  /** The last check's result: L7OK, L4CON (refused), L7STS (wrong status)… */
  check: string;
  /** The last check's duration, ms. */
  checkMs: number;
  /** Connections open now. */
  current: number;
  /** Connections since HAProxy started. */
  total: number;
};

/** The backend's servers as HAProxy sees them (`show stat`). */
export async function stats(): Promise<ServerStat[]> {
  const lines = (await adminCommand('show stat')).split('\n').filter((l) => l.trim() !== '');
  const header = (lines[0] ?? '').replace(/^# /, '').split(',');
  const col = (row: string[], name: string) => row[header.indexOf(name)] ?? '';
  return lines
    .slice(1)
    .map((line) => line.split(','))
    .filter((row) => col(row, 'pxname') === 'hosts' && !['FRONTEND', 'BACKEND'].includes(col(row, 'svname')))
    .map((row) => ({
      name: col(row, 'svname'),
      status: col(row, 'status'),
      check: col(row, 'check_status'),
      checkMs: Number(col(row, 'check_duration') || 0),
      current: Number(col(row, 'scur') || 0),
      total: Number(col(row, 'stot') || 0),
    }));
}

/** Waits until HAProxy has seen `names` pass a check and counts them UP. */
export async function waitHealthy(names: string[], timeoutMs: number): Promise<void> {
  await waitFor(
    `HAProxy to see ${names.join(', ')} healthy`,
    async () => {
      const all = await stats().catch(() => []);
      return names.every((n) => all.some((s) => s.name === n && s.status === 'UP' && s.check === 'L7OK'));
    },
    timeoutMs,
  );
}
