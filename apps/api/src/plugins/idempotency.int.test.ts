import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@fairdraw/contract';
import { buildTestApp, call } from '../test/helper.ts';
import type { TestApp } from '../test/helper.ts';
import { sql } from 'kysely';
import { hashRequest, purgeExpiredKeys } from './idempotency.ts';
import { auth, bankFields, channels, count, playerToken } from '../test/money-helper.ts';
import type { Channels } from '../test/money-helper.ts';

// docs/trust.md 6: a replay with the same key returns the same status and the same bytes and moves nothing; another
// body → 422; a key claimed and never answered (left by an earlier version) → 409. Race: many parallel requests with
// one key create exactly one deposit and all get its answer. The crashes: idempotency.crash.int.test.ts.

let t: TestApp;
let ch: Channels;
let player: string;
beforeAll(async () => {
  t = await buildTestApp();
  ch = await channels(t.app);
  player = await playerToken(t.app);
});
afterAll(async () => {
  await t.close();
});

let n = 0;
const newKey = () => `key-${Date.now()}-${(n += 1)}`;
const body = (amount = 10_000) => ({ channel_id: ch.bank, amount, ...bankFields });
const submit = (key: string | undefined, b: unknown, token = player) =>
  call(t.app, 'POST', API.rechargeSubmit, {
    ...auth(token, key === undefined ? {} : { 'idempotency-key': key }),
    body: b,
  });

describe('idempotency-key', () => {
  it('same key and body → the same status and bytes, one deposit', async () => {
    const key = newKey();
    const before = await count(t.app, 'deposits');
    const first = await submit(key, body());
    expect(first.status).toBe(200);
    const second = await submit(key, body());
    expect(second.status).toBe(200);
    expect(second.text).toBe(first.text);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await count(t.app, 'deposits')).toBe(before + 1);
  });

  it('same key, different body → 422 IDEMPOTENCY_KEY_REUSED, nothing created', async () => {
    const key = newKey();
    await submit(key, body(10_000));
    const before = await count(t.app, 'deposits');
    const res = await submit(key, body(20_000));
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await count(t.app, 'deposits')).toBe(before);
  });

  it('a refused request is stored too: its retry gets the same refusal', async () => {
    const key = newKey();
    const first = await submit(key, { channel_id: ch.bank, amount: 10_000 });
    expect(first.body.error).toBe('REQUIRED_FIELDS');
    // In another language too: the answer is the one stored, byte for byte.
    const again = await call(t.app, 'POST', API.rechargeSubmit, {
      ...auth(player, { 'idempotency-key': key, lang: 'th' }),
      body: { channel_id: ch.bank, amount: 10_000 },
    });
    expect(again.status).toBe(400);
    expect(again.text).toBe(first.text);
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('keys are per user: another player with the same key runs normally', async () => {
    const key = newKey();
    const a = await submit(key, body());
    const other = await playerToken(t.app);
    const b = await submit(key, body(), other);
    expect(b.status).toBe(200);
    expect((b.body.data as { id: number }).id).not.toBe((a.body.data as { id: number }).id);
  });

  it('without a key each request runs', async () => {
    const before = await count(t.app, 'deposits');
    await submit(undefined, body());
    await submit(undefined, body());
    expect(await count(t.app, 'deposits')).toBe(before + 2);
  });

  it.each(['short', 'has space in it', 'x'.repeat(129), 'semi;colon12', ''])('malformed key %j → 400', async (key) => {
    const before = await count(t.app, 'deposits');
    const res = await submit(key, body());
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('IDEMPOTENCY_KEY_INVALID');
    expect(await count(t.app, 'deposits')).toBe(before);
  });

  it('a key claimed and never answered (by an earlier version) → 409 IDEMPOTENCY_IN_FLIGHT, never run again', async () => {
    // Claims commit with their answer now; a claim committed alone was left by the version that claimed first and
    // stored the answer after. Whether its money moved cannot be known, so it is not run again, however old.
    const key = newKey();
    const user = await t.app.db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'player')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await t.app.db
      .insertInto('idempotency_keys')
      .values({
        user_id: user.id,
        key,
        request_hash: hashRequest('POST', API.rechargeSubmit, body()),
        status: 'in_flight',
        response_status: null,
        response_body: null,
      })
      .execute();
    const before = await count(t.app, 'deposits');
    const res = await submit(key, body());
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('IDEMPOTENCY_IN_FLIGHT');
    await t.app.db
      .updateTable('idempotency_keys')
      .set({ created_at: new Date(Date.now() - 10 * 60_000) } as never)
      .where('key', '=', key)
      .execute();
    expect((await submit(key, body())).status).toBe(409);
    expect(await count(t.app, 'deposits')).toBe(before);
  });

  it('an answer stored before the exact text was kept (jsonb only) still replays', async () => {
    const key = newKey();
    const first = await submit(key, body(10_100));
    expect(first.status).toBe(200);
    await t.app.db
      .updateTable('idempotency_keys')
      .set({ response_text: null, response_body: first.text })
      .where('key', '=', key)
      .execute();
    const again = await submit(key, body(10_100));
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
  });

  it('parallel requests with one key: exactly one deposit, and every request answers it byte for byte', async () => {
    // 50 on PostgreSQL (real concurrency: the duplicates wait on the key's primary key until the first commits, then
    // replay its answer); PGlite runs one transaction at a time, but requests still interleave between statements.
    const parallel = process.env.DATABASE_URL ? 50 : 20;
    const key = newKey();
    const before = await count(t.app, 'deposits');
    const results = await Promise.all(Array.from({ length: parallel }, () => submit(key, body(33_300))));
    expect(await count(t.app, 'deposits')).toBe(before + 1);
    expect(results.map((r) => r.status)).toEqual(results.map(() => 200));
    expect(new Set(results.map((r) => r.text)).size).toBe(1);
    expect(results.filter((r) => r.headers['idempotent-replayed'] === undefined)).toHaveLength(1);
    // Afterwards a retry replays the stored answer.
    const retry = await submit(key, body(33_300));
    expect(retry.text).toBe(results[0]?.text);
  });
});

describe('retention', () => {
  it('purges keys older than a week, oldest first, and keeps the rest answering', async () => {
    const kept = newKey();
    expect((await submit(kept, body(12_300))).status).toBe(200);
    const old = [newKey(), newKey(), newKey()];
    for (const key of old) expect((await submit(key, body(12_400))).status).toBe(200);
    // Age three keys past the week (8, 9 and 10 days), on the database's clock.
    for (const [i, key] of old.entries()) {
      await sql`update idempotency_keys set created_at = now() - make_interval(days => ${8 + i}) where key = ${key}`.execute(
        t.app.db,
      );
    }
    expect(await purgeExpiredKeys(t.app.db, 2)).toBe(2); // the two oldest
    expect(await purgeExpiredKeys(t.app.db)).toBe(1);
    expect(await purgeExpiredKeys(t.app.db)).toBe(0);
    const left = await t.app.db
      .selectFrom('idempotency_keys')
      .select('key')
      .where('key', 'in', [kept, ...old])
      .execute();
    expect(left.map((r) => r.key)).toEqual([kept]);
    const replay = await submit(kept, body(12_300));
    expect(replay.headers['idempotent-replayed']).toBe('true');
  });
});
