import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@fairdraw/contract';
import type { BetSlip, Paged } from '@fairdraw/contract';
import { buildTestApp, call } from '../../test/helper.ts';
import type { TestApp } from '../../test/helper.ts';
import { auth, operatorToken } from '../../test/money-helper.ts';
import { cashPlayer, openAt, openPeriod, playItems, preparedSlip } from '../../test/bets-helper.ts';
import { commitSlips } from './slip-batch.ts';
import type { PreparedSlip } from './slip-batch.ts';
import { idsInBlocks } from './slip-ids.ts';

// The bet batch's ids, drawn ahead in blocks per process (slip-ids.ts): unique across processes, each process's in
// increasing order, and a player's slips listed by the time they were placed even when a later slip got a lower id
// (two hosts, each with its own block).

const T = new Date('2031-01-10T05:00:20Z');
let t: TestApp;
let op: string;

beforeAll(async () => {
  t = await buildTestApp({}, { now: T });
  op = await operatorToken(t.app);
  await openAt(t.app, T);
});
afterAll(async () => {
  await t.close();
});

describe('idsInBlocks', () => {
  it('gives each process ids of its own, in increasing order, also for a batch larger than a block', async () => {
    const a = idsInBlocks(t.app.db, 4);
    const b = idsInBlocks(t.app.db, 4);
    const taken: number[] = [];
    for (const [ids, slips, items] of [
      [a, 3, 5],
      [b, 2, 2],
      [a, 9, 11],
      [b, 1, 1],
    ] as const) {
      const got = await ids.take(slips, items);
      expect(got.slips).toHaveLength(slips);
      expect(got.items).toHaveLength(items);
      expect(got.slips).toEqual([...got.slips].sort((x, y) => x - y));
      taken.push(...got.slips);
    }
    expect(new Set(taken).size).toBe(taken.length);
  });
});

describe('a player’s slips from two hosts', () => {
  it('are listed by the time they were placed, though the later one has the lower id', async () => {
    const k3 = await openPeriod(t.app, 'df_k3');
    const play = (await playItems(t.app, 'df_k3'))[0];
    if (!play) throw new Error('no k3 play');
    const p = await cashPlayer(t.app, op, 10_000);
    // Host A draws its block first (the lower ids), host B after it.
    const hostA = idsInBlocks(t.app.db, 8);
    await hostA.take(1, 1);
    const hostB = idsInBlocks(t.app.db, 8);
    await hostB.take(1, 1);
    const keyed = (key: string): PreparedSlip => ({
      ...preparedSlip(k3, play, p.id, 100),
      claim: { key, hash: key },
      answer: (c) => JSON.stringify({ id: c.slip.id }),
    });
    const [earlier] = await commitSlips(t.app.db, [keyed('two-hosts-0001')], () => T, hostB);
    const later = new Date(T.getTime() + 1_000);
    const [then] = await commitSlips(t.app.db, [keyed('two-hosts-0002')], () => later, hostA);
    if (!earlier?.ok || !then?.ok) throw new Error('both slips should be placed');
    expect(then.value.slip.id).toBeLessThan(earlier.value.slip.id);
    expect(then.value.text).toBe(JSON.stringify({ id: then.value.slip.id }));

    const res = await call(t.app, 'GET', `${API.betList}?limit=10`, auth(p.token));
    expect(res.status, res.text).toBe(200);
    const list = (res.body.data as Paged<BetSlip>).list.map((s) => s.id);
    expect(list).toEqual([then.value.slip.id, earlier.value.slip.id]);
  });
});
