import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addCalendarMonths,
  chooseExclusion,
  EXCLUSION_KINDS,
  exclusionEnd,
  isExclusionActive,
  isSelfExclusion,
  latestExclusion,
  type Exclusion,
  type ExclusionKind,
} from './self-exclusion.ts';

const at = (iso: string) => Date.parse(iso);
const iso = (t: number) => new Date(t).toISOString();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

// Instants from 2000 to 2100, at any millisecond.
const instant = fc.integer({ min: at('2000-01-01T00:00:00Z'), max: at('2100-01-01T00:00:00Z') });
const kind = fc.constantFrom(...EXCLUSION_KINDS);

describe('the choices', () => {
  it('are three time-outs and three self-exclusions of at least six months', () => {
    expect(EXCLUSION_KINDS.filter((k) => !isSelfExclusion(k))).toEqual(['timeout_24h', 'timeout_7d', 'timeout_30d']);
    expect(EXCLUSION_KINDS.filter(isSelfExclusion)).toEqual(['exclusion_6m', 'exclusion_1y', 'exclusion_5y']);
  });
});

describe('exclusionEnd', () => {
  it('adds 24 hours, 7 days and 30 days exactly, on a whole minute', () => {
    const now = at('2026-11-22T07:05:00.000Z');
    expect(iso(exclusionEnd('timeout_24h', now))).toBe('2026-11-23T07:05:00.000Z');
    expect(iso(exclusionEnd('timeout_7d', now))).toBe('2026-11-29T07:05:00.000Z');
    expect(iso(exclusionEnd('timeout_30d', now))).toBe('2026-12-22T07:05:00.000Z');
  });

  it('rounds up to the next whole minute, never down', () => {
    expect(iso(exclusionEnd('timeout_24h', at('2026-11-22T07:05:00.001Z')))).toBe('2026-11-23T07:06:00.000Z');
    expect(iso(exclusionEnd('timeout_24h', at('2026-11-22T07:05:59.999Z')))).toBe('2026-11-23T07:06:00.000Z');
  });

  it('adds calendar months for self-exclusions', () => {
    const now = at('2026-11-22T07:05:00.000Z');
    expect(iso(exclusionEnd('exclusion_6m', now))).toBe('2027-05-22T07:05:00.000Z');
    expect(iso(exclusionEnd('exclusion_1y', now))).toBe('2027-11-22T07:05:00.000Z');
    expect(iso(exclusionEnd('exclusion_5y', now))).toBe('2031-11-22T07:05:00.000Z');
  });

  it('goes to the first of the next month when the day does not exist, never shorter', () => {
    expect(iso(addCalendarMonths(at('2026-08-31T10:00:00Z'), 6))).toBe('2027-03-01T10:00:00.000Z');
    expect(iso(addCalendarMonths(at('2027-08-31T10:00:00Z'), 6))).toBe('2028-03-01T10:00:00.000Z'); // 2028 is leap
    expect(iso(addCalendarMonths(at('2027-08-29T10:00:00Z'), 6))).toBe('2028-02-29T10:00:00.000Z');
    expect(iso(addCalendarMonths(at('2028-02-29T10:00:00Z'), 12))).toBe('2029-03-01T10:00:00.000Z');
    expect(iso(addCalendarMonths(at('2026-12-31T23:59:59.999Z'), 6))).toBe('2027-07-01T23:59:59.999Z');
    expect(iso(addCalendarMonths(at('2026-05-31T00:00:00Z'), 6))).toBe('2026-12-01T00:00:00.000Z');
  });

  it('property: time-outs are their exact length, self-exclusions at least the calendar months', () => {
    const hours: Partial<Record<ExclusionKind, number>> = { timeout_24h: 24, timeout_7d: 168, timeout_30d: 720 };
    const months: Partial<Record<ExclusionKind, number>> = { exclusion_6m: 6, exclusion_1y: 12, exclusion_5y: 60 };
    fc.assert(
      fc.property(instant, kind, (now, k) => {
        const end = exclusionEnd(k, now);
        expect(end % 60_000).toBe(0);
        const h = hours[k];
        if (h !== undefined) {
          expect(end - now).toBeGreaterThanOrEqual(h * HOUR);
          expect(end - now).toBeLessThan(h * HOUR + 60_000);
        } else {
          expect(isSelfExclusion(k)).toBe(true);
          expect(end - now).toBeGreaterThanOrEqual(181 * DAY);
          expect(end).toBeGreaterThanOrEqual(addCalendarMonths(now, months[k] ?? 0));
        }
      }),
    );
  });

  it('refuses an instant that is not a number', () => {
    expect(() => exclusionEnd('timeout_24h', Number.NaN)).toThrow(RangeError);
  });
});

describe('latestExclusion and isExclusionActive', () => {
  const now = at('2026-11-22T07:05:00Z');
  const rec = (k: ExclusionKind, endsIso: string): Exclusion => ({ kind: k, ends_at: at(endsIso) });

  it('is running from when it is recorded until, but not at, its end', () => {
    const r = rec('timeout_24h', '2026-11-23T07:05:00Z');
    expect(isExclusionActive(r, now)).toBe(true);
    expect(isExclusionActive(r, r.ends_at - 1)).toBe(true);
    expect(isExclusionActive(r, r.ends_at)).toBe(false);
  });

  it('picks the running record that ends last; none when all have ended', () => {
    const past = rec('exclusion_6m', '2026-01-01T00:00:00Z');
    const short = rec('timeout_24h', '2026-11-23T07:05:00Z');
    const long = rec('timeout_7d', '2026-11-29T07:05:00Z');
    expect(latestExclusion([past, long, short], now)).toBe(long);
    expect(latestExclusion([short, long], now)).toBe(long);
    expect(latestExclusion([past], now)).toBeNull();
    expect(latestExclusion([], now)).toBeNull();
  });
});

describe('chooseExclusion', () => {
  const now = at('2026-11-22T07:05:00Z');

  it('starts any choice now when nothing is running', () => {
    expect(chooseExclusion(null, 'timeout_24h', now)).toEqual({
      ok: true,
      kind: 'timeout_24h',
      starts_at: now,
      ends_at: at('2026-11-23T07:05:00Z'),
    });
    const ended: Exclusion = { kind: 'exclusion_5y', ends_at: now };
    expect(chooseExclusion(ended, 'timeout_24h', now)).toMatchObject({ ok: true });
  });

  it('lengthens: a choice that ends later replaces the running one', () => {
    const running: Exclusion = { kind: 'timeout_24h', ends_at: at('2026-11-23T07:05:00Z') };
    expect(chooseExclusion(running, 'timeout_7d', now)).toMatchObject({ ok: true, kind: 'timeout_7d' });
    expect(chooseExclusion(running, 'exclusion_6m', now)).toMatchObject({ ok: true, kind: 'exclusion_6m' });
    // The same 24 hours an hour later ends an hour later: longer, so accepted.
    expect(chooseExclusion(running, 'timeout_24h', now + HOUR)).toMatchObject({ ok: true });
  });

  it('never shortens or lifts: the same end or an earlier one is refused', () => {
    const running: Exclusion = { kind: 'timeout_7d', ends_at: at('2026-11-29T07:05:00Z') };
    expect(chooseExclusion(running, 'timeout_24h', now)).toEqual({ ok: false, reason: 'not_longer', current: running });
    // Chosen again within the same minute: the same end, so nothing changes.
    expect(chooseExclusion(running, 'timeout_7d', now)).toMatchObject({ ok: false });
    const excluded: Exclusion = { kind: 'exclusion_5y', ends_at: at('2031-11-22T07:05:00Z') };
    for (const k of EXCLUSION_KINDS) expect(chooseExclusion(excluded, k, now).ok).toBe(false);
  });

  it('property: an accepted choice always ends after the running break; a refusal keeps it', () => {
    fc.assert(
      fc.property(instant, kind, kind, fc.integer({ min: 0, max: 400 * DAY }), (start, first, second, later) => {
        const running = chooseExclusion(null, first, start);
        if (!running.ok) throw new Error('first choice refused');
        const current: Exclusion = { kind: running.kind, ends_at: running.ends_at };
        const now = start + later;
        const next = chooseExclusion(current, second, now);
        if (next.ok) {
          expect(next.ends_at > current.ends_at || !isExclusionActive(current, now)).toBe(true);
          expect(next.starts_at).toBe(now);
        } else {
          expect(isExclusionActive(current, now)).toBe(true);
          expect(next.current).toBe(current);
        }
      }),
    );
  });
});
