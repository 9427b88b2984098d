/**
 * What the chaos run's bettors (bettors.ts) and the throughput run (throughput.ts) share: one HTTP call through the
 * balancer on a player's own agent, and guests signed up each from a loopback address of its own (addresses.ts), so
 * the per-address caps apply to each as to separate players.
 */
import { Agent, request } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { bettorAddress } from './addresses.ts';

export type Player = { agent: Agent; token: string };
export type Answer = { status: number; body: string; replayed: boolean };

/** One request on `agent`; rejects on no answer within 10 s or a broken connection. */
export function call(
  url: URL,
  agent: Agent | undefined,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
): Promise<Answer> {
  return new Promise((done, fail) => {
    const req = request(
      url,
      {
        method,
        agent,
        timeout: 10_000,
        headers: { lang: 'en', ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () =>
          done({ status: res.statusCode ?? 0, body: text, replayed: res.headers['idempotent-replayed'] === 'true' }),
        );
        res.on('error', fail);
      },
    );
    req.on('timeout', () => req.destroy(new Error('no answer within 10 s')));
    req.on('error', fail);
    req.end(body);
  });
}

/** `count` guests signed up through `base`, 20 at a time, player i from bettorAddress(i), each on a keep-alive agent. */
export async function signUpGuests(base: URL, count: number): Promise<Player[]> {
  const players: Player[] = [];
  for (let i = 0; i < count; i += 20) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(20, count - i) }, async (_, j) => {
        const agent = new Agent({ keepAlive: true, localAddress: bettorAddress(i + j) });
        for (let tries = 0; ; tries += 1) {
          try {
            const a = await call(new URL('/api/user/guest', base), agent, 'POST', {}, '{}');
            if (a.status === 200)
              return { agent, token: (JSON.parse(a.body) as { data: { token: string } }).data.token };
            if (tries > 10) throw new Error(`guest sign-up: HTTP ${a.status} ${a.body.slice(0, 200)}`);
          } catch (err) {
            if (tries > 10) throw err;
          }
          await sleep(500);
        }
      }),
    );
    players.push(...batch);
  }
  return players;
}
