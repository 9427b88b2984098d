/**
 * The cluster's own Redis: Debian's redis-server on the bridge's address and a port of its own, nothing kept on disk
 * (no RDB snapshots, no append-only file): what it holds (shared rate-limit counters) may be lost on a restart.
 */
import { createConnection } from 'node:net';
import { resolve } from 'node:path';
import { logDir, runDir, type Topology } from './topology.ts';
import { isAlive, readPid, startDetached, stopPid, waitFor } from './process.ts';

const pidFile = resolve(runDir, 'redis.pid');

export function redisPid(): number | undefined {
  const pid = readPid(pidFile);
  return isAlive(pid) ? pid : undefined;
}

/** Answers whether Redis replies PONG on its address. */
export function redisPing(t: Topology): Promise<boolean> {
  return new Promise((done) => {
    const socket = createConnection({ host: t.gateway, port: t.redisPort });
    let reply = '';
    socket.setTimeout(1000, () => socket.destroy());
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (b: Buffer) => {
      reply += b.toString();
      if (reply.includes('\r\n')) socket.end();
    });
    socket.on('close', () => done(reply.startsWith('+PONG')));
    socket.on('error', () => undefined);
  });
}

export async function startRedis(t: Topology): Promise<void> {
  if (redisPid() !== undefined) return;
  startDetached(
    'redis-server',
    [
      '--bind',
      t.gateway,
      '--port',
      String(t.redisPort),
      '--save',
      '',
      '--appendonly',
      'no',
      '--protected-mode',
      'no',
      '--daemonize',
      'no',
      '--dir',
      runDir,
    ],
    { log: resolve(logDir, 'redis.log'), pidFile },
  );
  await waitFor('Redis to answer', () => redisPing(t), 10_000);
}

export async function stopRedis(): Promise<void> {
  await stopPid(pidFile);
}
