import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call } from '../test/helper.ts';
import type { TestApp } from '../test/helper.ts';

// TRUST_PROXY as the balancers' addresses (the cluster: 10.89.0.2): X-Forwarded-For is believed from them only. The
// per-IP rate limit shows which address a request was counted for: 3 calls a minute per client here.
const BALANCER = '10.89.0.2';

describe('TRUST_PROXY naming the balancer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ TRUST_PROXY: `${BALANCER}, 192.0.2.0/28`, RATE_LIMIT_MAX: '3' });
  });
  afterAll(async () => {
    await t.close();
  });

  /** The statuses of one call per forwarded-for value, each from `peer`. */
  async function from(peer: string, forwarded: string[]) {
    const statuses: number[] = [];
    for (const xff of forwarded) {
      const res = await call(t.app, 'GET', '/api/game/category', { ip: peer, headers: { 'x-forwarded-for': xff } });
      statuses.push(res.status);
    }
    return statuses;
  }

  it('ignores a forged X-Forwarded-For from an address that is not the balancer: the peer is the client', async () => {
    // A client reaching the host directly, claiming to be a new address each time, has one budget all the same.
    expect(await from('203.0.113.9', ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4'])).toEqual([
      200, 200, 200, 429,
    ]);
    // And that client's budget is not another's: the address it claimed is untouched.
    expect(await from(BALANCER, ['198.51.100.1'])).toEqual([200]);
  });

  it('believes the balancer, and only as far as the first address it did not add itself', async () => {
    // Four clients behind the balancer: four budgets.
    expect(await from(BALANCER, ['198.51.100.11', '198.51.100.12', '198.51.100.13', '198.51.100.14'])).toEqual([
      200, 200, 200, 200,
    ]);
    // One client that puts forged addresses of its own before the one the balancer appended: still one client.
    const forged = ['1.1.1.1', '2.2.2.2', '3.3.3.3', '4.4.4.4'].map((f) => `${f}, 198.51.100.20`);
    expect(await from(BALANCER, forged)).toEqual([200, 200, 200, 429]);
    // A range in the list is trusted as a whole.
    expect(await from('192.0.2.5', ['198.51.100.31', '198.51.100.32', '198.51.100.33', '198.51.100.34'])).toEqual([
      200, 200, 200, 200,
    ]);
  });
});
