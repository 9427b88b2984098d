import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';

/** The machine's Redis the shared cases use (REDIS_URL, else 127.0.0.1:6379), under a key prefix of this run's own. */
export const TEST_REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

/** A key prefix no other run uses: tests on one Redis never see each other's keys. */
export function testKeyPrefix(): string {
  return `fairdraw-test:${randomBytes(6).toString('hex')}:`;
}

/** True when something at `url` answers PING within half a second. */
export function redisAnswers(url: string): Promise<boolean> {
  const u = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(u.port || 6379), u.hostname);
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (d) => done(d.toString().startsWith('+PONG')));
  });
}
