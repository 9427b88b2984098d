import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Redis } from 'ioredis';
import { API } from '@fairdraw/contract';
import { bet, openWhenBetsTaken, openPeriod, playItems, userIdOf } from '../test/bets-helper.ts';
import { redisAnswers, TEST_REDIS_URL, testKeyPrefix } from '../test/redis-helper.ts';
import { buildTestApp, call, registerPlayer } from '../test/helper.ts';
import type { TestApp } from '../test/helper.ts';
import { auth, channels, operatorToken, submitBank } from '../test/money-helper.ts';
import { fund } from '../test/withdraw-helper.ts';
import { writePositions } from '../lib/replica.ts';
import { replicaPairMissing, startReplicaPair } from '../test/pg-replica.ts';
import type { ReplicaPair } from '../test/pg-replica.ts';

// The read replica (plugins/replica.ts, lib/replica.ts): a throw-away primary with a streaming replica of its own
// (test/pg-replica.ts), and two apps side by side on them standing for two hosts behind a balancer, sharing one Redis
// (read-your-writes across hosts). Replay on the replica is paused to make it lag on purpose, and the apps' clocks
// stand still, so the lag they measure moves only when a test moves the clock.
const onPostgres = Boolean(process.env.DATABASE_URL);
const REDIS_URL = TEST_REDIS_URL;
const PREFIX = testKeyPrefix();

const missing = !onPostgres
  ? 'PostgreSQL only (DATABASE_URL)'
  : (replicaPairMissing() ?? ((await redisAnswers(REDIS_URL)) ? undefined : `no Redis answers at ${REDIS_URL}`));

const T0 = new Date('2031-05-06T03:04:05Z');
const MAX_LAG_MS = 2000;

const metric = async (t: TestApp, name: string, labels = '') => {
  const text = await t.app.metrics.getSingleMetricAsString(name);
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels} `));
  return line ? Number(line.split(' ')[1]) : undefined;
};
const fromReplica = (t: TestApp) => metric(t, 'replica_reads_total', '{server="replica"}').then((n) => n ?? 0);
const fromPrimary = (t: TestApp) => metric(t, 'replica_reads_total', '{server="primary"}').then((n) => n ?? 0);
const readyz = async (t: TestApp) => {
  const res = await call(t.app, 'GET', '/readyz');
  return { status: res.status, replica: res.body.replica };
};

type Deposit = { id: number; status: string };
const deposits = async (t: TestApp, token: string) => {
  const res = await call(t.app, 'GET', `${API.rechargeList}?range=today`, auth(token));
  expect(res.status, res.text).toBe(200);
  return (res.body.data as { list: Deposit[] }).list;
};
const slips = async (t: TestApp, token: string) => {
  const res = await call(t.app, 'GET', API.betList, auth(token));
  expect(res.status, res.text).toBe(200);
  return (res.body.data as { list: { id: number }[] }).list;
};

describe.skipIf(missing !== undefined)(`the read replica${missing ? ` (skipped: ${missing})` : ''}`, () => {
  let pair: ReplicaPair;
  let a: TestApp;
  let b: TestApp;
  let op: string;
  beforeAll(async () => {
    pair = await startReplicaPair();
    const env = {
      DATABASE_URL: pair.primaryUrl,
      DATABASE_REPLICA_URL: pair.replicaUrl,
      REPLICA_MAX_LAG_MS: String(MAX_LAG_MS),
      REDIS_URL,
      REDIS_KEY_PREFIX: PREFIX,
      // Each app reads the database at every call: what a read answers is the server's, never a kept copy.
      READ_CACHE_MS: '0',
      SESSION_CACHE_MS: '0',
    };
    // One after the other: the first migrates and seeds the new database.
    a = await buildTestApp(env, { now: T0 });
    b = await buildTestApp(env, { now: T0 });
    // No probe on a timer: the tests probe when they mean to, so each state they see is the one they made.
    a.app.replica.stop();
    b.app.replica.stop();
    await vi.waitFor(
      () => {
        if (!a.app.sharedStore.available() || !b.app.sharedStore.available()) throw new Error('Redis not connected');
      },
      { timeout: 10_000, interval: 20 },
    );
    op = await operatorToken(a.app);
    const at = await openWhenBetsTaken(a.app, 'df_k3', T0);
    b.app.setClock(() => at);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await pair?.close();
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${PREFIX}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  /** Both hosts measure the replica now. */
  const probe = () => Promise.all([a.app.replica.probe(), b.app.replica.probe()]);
  /** The replica has replayed everything so far, and both hosts have seen it. */
  const settled = async () => {
    await pair.resumeReplay();
    await pair.caughtUp();
    await probe();
  };

  it('is in use, in /readyz and the metrics', async () => {
    await settled();
    for (const t of [a, b]) {
      expect(await readyz(t)).toEqual({ status: 200, replica: 'in-use' });
      expect(await metric(t, 'replica_configured')).toBe(1);
      expect(await metric(t, 'replica_in_use')).toBe(1);
      expect(await metric(t, 'replica_lag_seconds')).toBe(0);
    }
    // The draw history, a public read, comes from the replica.
    const k3 = await openPeriod(a.app, 'df_k3');
    const before = await fromReplica(b);
    expect((await call(b.app, 'GET', `${API.history}?games_id=${k3.game_id}`)).status).toBe(200);
    expect(await fromReplica(b)).toBe(before + 1);
  });

  it("a player's own slip and deposit, written through one host, are listed at once through the other while the replica is held back; another player's list comes from the replica", async () => {
    const p = await registerPlayer(a.app);
    await fund(a.app, op, p.token, 100_000);
    const q = await registerPlayer(a.app);
    const ch = await channels(a.app);
    const qDeposit = await submitBank(a.app, q.token, ch.bank, 20_000);
    expect(qDeposit.status, qDeposit.text).toBe(200);
    const qDepositId = (qDeposit.body.data as Deposit).id;
    await settled();
    // Both players' last writes are on the replica: their lists may come from it.
    const [pId, qId] = [await userIdOf(a.app, p.token), await userIdOf(a.app, q.token)];
    expect(await b.app.replica.targetFor(pId)).toBe('replica');
    expect(await b.app.replica.targetFor(qId)).toBe('replica');

    await pair.pauseReplay();
    // The operator approves Q's deposit; P bets and deposits again: all through host A, none replayed on the replica.
    const approved = await call(a.app, 'POST', API.adminRechargeApprove, { ...auth(op), body: { id: qDepositId } });
    expect(approved.status, approved.text).toBe(200);
    const k3 = await openPeriod(a.app, 'df_k3');
    const play = (await playItems(a.app, 'df_k3'))[0]?.id;
    const placed = await bet(a.app, p.token, {
      games_id: k3.game_id,
      issue: k3.issue,
      items: [{ play_id: play, amount: 100 }],
    });
    expect(placed.status, placed.text).toBe(200);
    const slipId = (placed.body.data as { id: number }).id;
    const pDeposit = await submitBank(a.app, p.token, ch.bank, 30_000);
    expect(pDeposit.status, pDeposit.text).toBe(200);
    const pDepositId = (pDeposit.body.data as Deposit).id;
    // The replica has none of it, and the hosts still use it (the clock has not moved: no lag measured).
    expect(await pair.onReplica('select 1 from bets where id = $1', [slipId])).toEqual([]);
    expect(await pair.onReplica('select 1 from deposits where id = $1', [pDepositId])).toEqual([]);
    await probe();
    expect(await readyz(b)).toEqual({ status: 200, replica: 'in-use' });

    // P, through host B: his slip and his deposit, read from the primary.
    const primaryReads = await fromPrimary(b);
    expect((await slips(b, p.token)).map((s) => s.id)).toContain(slipId);
    expect((await deposits(b, p.token)).map((d) => d.id)).toContain(pDepositId);
    expect(await fromPrimary(b)).toBe(primaryReads + 2);
    // The operator, through host B, sees his own approval in the queue.
    const queue = await call(b.app, 'GET', `${API.adminRechargeList}?status=success`, auth(op));
    expect(queue.status, queue.text).toBe(200);
    expect((queue.body.data as { list: Deposit[] }).list.map((d) => d.id)).toContain(qDepositId);

    // Q, through host B: his list comes from the replica, which has not seen the approval yet (it may lag).
    const replicaReads = await fromReplica(b);
    expect((await deposits(b, q.token)).find((d) => d.id === qDepositId)?.status).toBe('pending');
    expect(await fromReplica(b)).toBe(replicaReads + 1);

    // Replay goes on: once the replica has P's writes, P's lists come from it again, and Q sees the approval.
    await settled();
    expect(await b.app.replica.targetFor(pId)).toBe('replica');
    expect((await slips(b, p.token)).map((s) => s.id)).toContain(slipId);
    expect((await deposits(b, q.token)).find((d) => d.id === qDepositId)?.status).toBe('success');
    expect(await fromReplica(b)).toBe(replicaReads + 3);
  });

  it("a user's position in Redis is only ever raised, compared by both halves", async () => {
    const [one, two] = [a, b].map((t) => writePositions(t.app.sharedStore, 60_000, () => t.app.clock().getTime()));
    const user = 2_000_000_001;
    await one?.raise(user, 0x2_0000_0000n);
    // A write answered later on another host, whose position is earlier (its low half is larger): no change.
    await two?.raise(user, 0x1_ffff_ffffn);
    expect(await two?.get(user)).toBe(0x2_0000_0000n);
    await two?.raise(user, 0x2_0000_0001n);
    expect(await one?.get(user)).toBe(0x2_0000_0001n);
  });

  it('a replica behind by REPLICA_MAX_LAG_MS or more serves nothing until it catches up', async () => {
    const q = await registerPlayer(a.app);
    const ch = await channels(a.app);
    const d = await submitBank(a.app, q.token, ch.bank, 20_000);
    const id = (d.body.data as Deposit).id;
    await settled();
    await pair.pauseReplay();
    expect((await call(a.app, 'POST', API.adminRechargeApprove, { ...auth(op), body: { id } })).status).toBe(200);
    await probe();
    const start = b.app.clock();
    try {
      // The clock moves just short of the bound: still in use, Q's list is the replica's.
      b.app.setClock(() => new Date(start.getTime() + MAX_LAG_MS - 1));
      await b.app.replica.probe();
      expect(b.app.replica.state()).toBe('in-use');
      expect((await deposits(b, q.token)).find((x) => x.id === id)?.status).toBe('pending');
      // At the bound: lagging, and every read goes to the primary.
      b.app.setClock(() => new Date(start.getTime() + MAX_LAG_MS));
      await b.app.replica.probe();
      expect(await readyz(b)).toEqual({ status: 200, replica: 'lagging' });
      expect(await metric(b, 'replica_in_use')).toBe(0);
      expect(await metric(b, 'replica_lag_seconds')).toBe(MAX_LAG_MS / 1000);
      expect((await deposits(b, q.token)).find((x) => x.id === id)?.status).toBe('success');
      await settled();
      expect(await readyz(b)).toEqual({ status: 200, replica: 'in-use' });
    } finally {
      b.app.setClock(() => start);
    }
  });

  it('with the replica stopped, reads answer from the primary and /readyz says so', async () => {
    const p = await registerPlayer(a.app);
    const ch = await channels(a.app);
    const d = await submitBank(a.app, p.token, ch.bank, 20_000);
    const id = (d.body.data as Deposit).id;
    await settled();
    await pair.stopReplica();
    // Before any probe has noticed: the read fails on the replica and is read again from the primary.
    expect(b.app.replica.state()).toBe('in-use');
    const k3 = await openPeriod(a.app, 'df_k3');
    const primaryReads = await fromPrimary(b);
    expect((await call(b.app, 'GET', `${API.history}?games_id=${k3.game_id}`)).status).toBe(200);
    expect(await fromPrimary(b)).toBe(primaryReads + 1);
    // The probe notices: down, ready all the same, every read on the primary.
    await probe();
    for (const t of [a, b]) {
      expect(await readyz(t)).toEqual({ status: 200, replica: 'down' });
      expect(await metric(t, 'replica_in_use')).toBe(0);
      expect(await metric(t, 'replica_lag_seconds')).toBeNaN();
    }
    expect((await deposits(b, p.token)).map((x) => x.id)).toContain(id);
    expect((await call(b.app, 'GET', `${API.history}?games_id=${k3.game_id}`)).status).toBe(200);
    expect(await fromPrimary(b)).toBe(primaryReads + 3);
    // Started again, it is used again once a probe has seen it.
    await pair.startReplica();
    await settled();
    expect(await readyz(b)).toEqual({ status: 200, replica: 'in-use' });
  });
});
