import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from './helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('errors raised by the router itself', () => {
  it('an overlong path parameter gets the envelope with a key and a translated message', async () => {
    const res = await call(t.app, 'POST', `/api/pay/webhook/${'x'.repeat(500)}`, { headers: { lang: 'en' } });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body.error).toBe('VALIDATION_FAILED');
    expect(res.body.msg).toBe('Invalid input');
  });

  it('a malformed URL gets the envelope too', async () => {
    const res = await call(t.app, 'GET', '/api/game/%E0%A4%A', { headers: { lang: 'en' } });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body.error).toBe('VALIDATION_FAILED');
    expect(res.body.msg).toBe('Invalid input');
  });
});
