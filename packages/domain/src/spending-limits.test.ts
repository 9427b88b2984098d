import { describe, expect, it } from 'vitest';
import { limitChangeEffectiveAt, limitPassed, limitWindow, resolveLimit } from './spending-limits.ts';

const BKK = 'Asia/Bangkok';
const at = (iso: string) => new Date(iso);

describe('limitWindow', () => {
  it('days, Monday weeks and months in the business time zone, half-open', () => {
    // Sunday 2031-01-12 23:59:59.999 in Bangkok, then Monday 00:00.
    expect(limitWindow('day', at('2031-01-12T16:59:59.999Z'), BKK)).toEqual({
      from: at('2031-01-11T17:00:00Z'),
      to: at('2031-01-12T17:00:00Z'),
    });
    expect(limitWindow('week', at('2031-01-12T16:59:59.999Z'), BKK)).toEqual({
      from: at('2031-01-05T17:00:00Z'),
      to: at('2031-01-12T17:00:00Z'),
    });
    expect(limitWindow('week', at('2031-01-12T17:00:00Z'), BKK).from).toEqual(at('2031-01-12T17:00:00Z'));
    expect(limitWindow('month', at('2031-01-31T16:59:59Z'), BKK)).toEqual({
      from: at('2030-12-31T17:00:00Z'),
      to: at('2031-01-31T17:00:00Z'),
    });
    expect(limitWindow('month', at('2031-12-31T17:00:00Z'), BKK).from).toEqual(at('2031-12-31T17:00:00Z'));
  });

  it('follows a DST change (a 23-hour day)', () => {
    const w = limitWindow('day', at('2031-03-30T12:00:00Z'), 'Europe/Lisbon');
    expect(w.to.getTime() - w.from.getTime()).toBe(23 * 3_600_000);
  });
});

describe('resolveLimit and limitChangeEffectiveAt', () => {
  const now = at('2031-01-10T05:00:00Z');
  const later = at('2031-01-11T05:00:00Z');
  it('a tightening or a first limit applies now; a loosening or removal after 24 hours', () => {
    expect(limitChangeEffectiveAt(null, 100, now)).toEqual(now);
    expect(limitChangeEffectiveAt(100, 50, now)).toEqual(now);
    expect(limitChangeEffectiveAt(100, 150, now)).toEqual(later);
    expect(limitChangeEffectiveAt(100, null, now)).toEqual(later);
  });
  it('the latest choice in force binds; a later tightening cancels a waiting loosening', () => {
    const rows = [
      { amount: 100, effectiveAt: now, createdAt: now },
      { amount: 200, effectiveAt: later, createdAt: now },
    ];
    expect(resolveLimit(rows, now)).toEqual({ current: 100, pending: { amount: 200, effectiveAt: later } });
    expect(resolveLimit(rows, later)).toEqual({ current: 200, pending: null });
    const tightened = [...rows, { amount: 50, effectiveAt: at('2031-01-10T06:00:00Z'), createdAt: now }];
    expect(resolveLimit(tightened, later)).toEqual({ current: 50, pending: null });
  });
});

describe('limitPassed', () => {
  const uses = [
    { kind: 'stake' as const, period: 'day' as const, amount: 1_000, used: 200 },
    { kind: 'stake' as const, period: 'week' as const, amount: 900, used: 400 },
    { kind: 'deposit' as const, period: 'day' as const, amount: 10, used: 10 },
  ];
  it('the limit with least left binds; spending exactly what is left passes', () => {
    expect(limitPassed(uses, 'stake', 500)).toBeNull();
    expect(limitPassed(uses, 'stake', 501)).toMatchObject({ period: 'week', left: 500 });
    expect(limitPassed(uses, 'loss', 10_000)).toBeNull();
    expect(limitPassed(uses, 'deposit', 1)).toMatchObject({ period: 'day', left: 0 });
  });
});
