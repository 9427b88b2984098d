import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import clockPlugin from './clock.ts';

const app = Fastify();
beforeAll(async () => {
  await app.register(clockPlugin);
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

describe('app.clock()', () => {
  it('reads the real clock until a test sets one, and again once it is unset', () => {
    const before = Date.now();
    const real = app.clock().getTime();
    expect(real).toBeGreaterThanOrEqual(before);
    expect(real).toBeLessThanOrEqual(Date.now());

    const fixed = new Date('2031-01-10T05:00:20Z');
    app.setClock(() => fixed);
    expect(app.clock().getTime()).toBe(fixed.getTime());
    // Each call gives a Date of its own: a caller that changes it changes nobody else's "now".
    app.clock().setTime(0);
    expect(app.clock().getTime()).toBe(fixed.getTime());
    expect(fixed.getTime()).toBe(Date.parse('2031-01-10T05:00:20Z'));

    app.setClock(undefined);
    const again = app.clock().getTime();
    expect(again).toBeGreaterThanOrEqual(real);
    expect(again).toBeLessThanOrEqual(Date.now());
  });

  it('clockMs() is the same clock in milliseconds: the real one, a test one, and the real one again', () => {
    const before = Date.now();
    const real = app.clockMs();
    expect(real).toBeGreaterThanOrEqual(before);
    expect(real).toBeLessThanOrEqual(Date.now());
    const fixed = new Date('2031-01-10T05:00:20Z');
    app.setClock(() => fixed);
    expect(app.clockMs()).toBe(fixed.getTime());
    expect(app.clockMs()).toBe(app.clock().getTime());
    app.setClock(undefined);
    expect(app.clockMs()).toBeGreaterThanOrEqual(real);
  });
});
