import { randomInt } from 'node:crypto';
import { createServer, type Server } from 'node:net';

/**
 * Ports for servers the tests start themselves, taken below the kernel's ephemeral range (32768 and up on Linux):
 * a port the kernel hands out for `listen(0)` is also the kind it hands every outgoing connection, so one found free
 * a moment ago can be some client's local port by the time the server binds it. All `count` ports are held open
 * together while they are found, so they differ from each other. A server may still lose one to another test's
 * listener in between: a caller that sees EADDRINUSE asks again.
 */
const LOW = 20_000;
const HIGH = 32_767;

function tryListen(port: number): Promise<Server | undefined> {
  return new Promise((ok) => {
    const srv = createServer();
    srv.once('error', () => ok(undefined));
    srv.listen(port, '127.0.0.1', () => ok(srv));
  });
}

export async function freePorts(count: number): Promise<number[]> {
  const held: Server[] = [];
  const ports: number[] = [];
  try {
    for (let tries = 0; ports.length < count; tries++) {
      if (tries > 200) throw new Error(`no free port between ${LOW} and ${HIGH}`);
      const port = randomInt(LOW, HIGH + 1);
      if (ports.includes(port)) continue;
      const srv = await tryListen(port);
      if (!srv) continue;
      held.push(srv);
      ports.push(port);
    }
    return ports;
  } finally {
    await Promise.all(held.map((s) => new Promise((r) => s.close(r))));
  }
}

/** True when a server's output says it could not bind its port. */
export const lostPort = (output: string): boolean => output.includes('EADDRINUSE');
