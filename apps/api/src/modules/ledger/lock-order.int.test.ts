import { performance } from 'node:perf_hooks';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@fairdraw/contract';
import { buildTestApp, call, registerPlayer } from '../../test/helper.ts';
import type { TestApp } from '../../test/helper.ts';
import { auth, bankFields, channels, count } from '../../test/money-helper.ts';

// The one lock order of a player's row (README "Lock order"): every transaction that touches a player takes his
// row first, so requests of one player queue on it instead of deadlocking. PostgreSQL only: PGlite runs one
// statement at a time.
const onPostgres = Boolean(process.env.DATABASE_URL);

let t: TestApp;
const log: string[] = [];

beforeAll(async () => {
  // The app's error log, to find "deadlock detected" in it.
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      log.push(chunk.toString());
      done();
    },
  });
  t = await buildTestApp({}, { logger: { level: 'error', stream } });
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('one player, many money requests at once', () => {
  it.skipIf(!onPostgres)(
    'twenty deposits of one new player at once, each with its own key, are all accepted: no deadlock',
    async () => {
      const player = await registerPlayer(t.app);
      const other = await registerPlayer(t.app);
      const ch = await channels(t.app);
      // Warm: the first read of a route compiles its serializer, which is no wait.
      expect((await call(t.app, 'GET', API.wallet, auth(other.token))).status).toBe(200);
      const depositsBefore = await count(t.app, 'deposits');
      const started = performance.now();
      const walletTimes: number[] = [];
      let submitting = true;
      const submits = Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          call(t.app, 'POST', API.rechargeSubmit, {
            ...auth(player.token, { 'idempotency-key': `parallel-deposit-${i}` }),
            body: { channel_id: ch.bank, amount: 10_000 + i, ...bankFields },
          }),
        ),
      ).finally(() => {
        submitting = false;
      });
      // Meanwhile another player reads his wallet, again and again.
      const reads = (async () => {
        while (submitting) {
          const s = performance.now();
          const res = await call(t.app, 'GET', API.wallet, auth(other.token));
          walletTimes.push(performance.now() - s);
          expect(res.status).toBe(200);
        }
      })();
      const answers = await submits;
      const wall = performance.now() - started;
      await reads;
      const statuses = answers.map((a) => a.status);
      console.log(
        `20 parallel deposits of one player: ${JSON.stringify(countBy(statuses))} in ${wall.toFixed(0)} ms; ` +
          `another player's wallet meanwhile: ${walletTimes.length} reads, median ${quantile(walletTimes, 0.5).toFixed(0)} ms, ` +
          `p95 ${quantile(walletTimes, 0.95).toFixed(0)} ms, ` +
          `max ${Math.max(...walletTimes).toFixed(0)} ms`,
      );
      expect(answers.filter((a) => a.status !== 200).map((a) => a.text)).toEqual([]);
      expect(await count(t.app, 'deposits')).toBe(depositsBefore + 20);
      expect(log.filter((l) => l.includes('deadlock'))).toEqual([]);
    },
    60_000,
  );
});

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;
}

function countBy(values: number[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of values) out[v] = (out[v] ?? 0) + 1;
  return out;
}
