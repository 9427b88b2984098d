import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createServerClock } from './server-clock.ts';

describe('server clock', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000_000_300);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps the highest recent offset (a stamp is only ever late) and floors now() to the second', () => {
    const clock = createServerClock({ hidden: () => false });
    const local = Date.now();
    clock.observe(local + 5000 - 120); // 120 ms on the way
    expect(clock.offset()).toBe(4880);
    clock.observe(local + 5000 - 20); // a faster answer: closer to the truth
    expect(clock.offset()).toBe(4980);
    clock.observe(local + 5000 - 900); // a slow one changes nothing
    expect(clock.offset()).toBe(4980);
    expect(clock.now()).toBe(Math.floor((local + 4980) / 1000) * 1000);
    expect(clock.now() % 1000).toBe(0);
  });

  it('starts over when a stamp is far below the estimate (the local clock jumped)', () => {
    const clock = createServerClock({ hidden: () => false });
    clock.observe(Date.now() + 60_000);
    expect(clock.offset()).toBe(60_000);
    clock.observe(Date.now() - 2000);
    expect(clock.offset()).toBe(-2000);
  });

  it('ignores stamps that are not numbers', () => {
    const clock = createServerClock({ hidden: () => false });
    clock.observe(Number.NaN);
    clock.observe(Number.POSITIVE_INFINITY);
    expect(clock.offset()).toBe(0);
  });

  it('ticks just after each server second for its listeners, and stops when none is left', () => {
    const clock = createServerClock({ hidden: () => false });
    clock.observe(Date.now() + 250); // server time ends in …550 ms
    const seen: number[] = [];
    const stop = clock.subscribe(() => seen.push(clock.now()));
    vi.advanceTimersByTime(440); // not yet the next server second
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(30);
    expect(seen).toHaveLength(1);
    vi.advanceTimersByTime(3000);
    expect(seen).toHaveLength(4);
    expect(seen[3]! - seen[0]!).toBe(3000);
    stop();
    vi.advanceTimersByTime(5000);
    expect(seen).toHaveLength(4);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('tells its listeners when the offset changes, and stays quiet while the page is hidden', () => {
    let hidden = false;
    const clock = createServerClock({ hidden: () => hidden });
    const calls = vi.fn();
    clock.subscribe(calls);
    clock.observe(Date.now() + 10_000);
    expect(calls).toHaveBeenCalledTimes(1);
    hidden = true;
    vi.advanceTimersByTime(5000);
    expect(calls).toHaveBeenCalledTimes(1);
    hidden = false;
    vi.advanceTimersByTime(1000);
    expect(calls).toHaveBeenCalledTimes(2);
  });
});
