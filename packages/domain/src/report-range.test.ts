import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { reportRange, type ReportRange } from './report-range.ts';

const REPORT_RANGES: readonly ReportRange[] = ['today', 'yesterday', 'before_yesterday', 'last7'];

const iso = (range: ReportRange, now: string, zone: string) => {
  const { from, to } = reportRange(range, new Date(now), zone);
  return [from.toISOString(), to.toISOString()];
};

describe('reportRange', () => {
  it('cuts Bangkok days at 17:00 UTC, on both sides of midnight', () => {
    // 23:59:59 on 1 June in Bangkok
    expect(iso('today', '2024-06-01T16:59:59.999Z', 'Asia/Bangkok')).toEqual([
      '2024-05-31T17:00:00.000Z',
      '2024-06-01T17:00:00.000Z',
    ]);
    // 00:00 on 2 June in Bangkok
    expect(iso('today', '2024-06-01T17:00:00.000Z', 'Asia/Bangkok')).toEqual([
      '2024-06-01T17:00:00.000Z',
      '2024-06-02T17:00:00.000Z',
    ]);
    expect(iso('yesterday', '2024-06-01T17:00:00.000Z', 'Asia/Bangkok')).toEqual([
      '2024-05-31T17:00:00.000Z',
      '2024-06-01T17:00:00.000Z',
    ]);
    expect(iso('before_yesterday', '2024-06-01T17:00:00.000Z', 'Asia/Bangkok')).toEqual([
      '2024-05-30T17:00:00.000Z',
      '2024-05-31T17:00:00.000Z',
    ]);
    expect(iso('last7', '2024-06-01T17:00:00.000Z', 'Asia/Bangkok')).toEqual([
      '2024-05-26T17:00:00.000Z',
      '2024-06-02T17:00:00.000Z',
    ]);
    // across a month and a year end
    expect(iso('last7', '2024-01-02T03:00:00Z', 'Asia/Bangkok')).toEqual([
      '2023-12-26T17:00:00.000Z',
      '2024-01-02T17:00:00.000Z',
    ]);
  });

  it('has 23- and 25-hour days across a DST change (Europe/London)', () => {
    // Clocks go forward at 01:00 UTC on 31 March 2024.
    expect(iso('today', '2024-03-31T12:00:00Z', 'Europe/London')).toEqual([
      '2024-03-31T00:00:00.000Z',
      '2024-03-31T23:00:00.000Z',
    ]);
    expect(iso('yesterday', '2024-04-01T09:00:00Z', 'Europe/London')).toEqual([
      '2024-03-31T00:00:00.000Z',
      '2024-03-31T23:00:00.000Z',
    ]);
    // Clocks go back at 01:00 UTC on 27 October 2024; 23:30 UTC on the 26th is already the 27th (BST).
    expect(iso('today', '2024-10-26T23:30:00Z', 'Europe/London')).toEqual([
      '2024-10-26T23:00:00.000Z',
      '2024-10-28T00:00:00.000Z',
    ]);
    expect(iso('last7', '2024-10-27T12:00:00Z', 'Europe/London')).toEqual([
      '2024-10-20T23:00:00.000Z',
      '2024-10-28T00:00:00.000Z',
    ]);
  });

  it('starts a day at the first instant that exists when a zone skips or repeats midnight', () => {
    // Santiago skipped 00:00–01:00 on 8 September 2024.
    expect(iso('today', '2024-09-08T12:00:00Z', 'America/Santiago')).toEqual([
      '2024-09-08T04:00:00.000Z',
      '2024-09-09T03:00:00.000Z',
    ]);
    // São Paulo (DST until 2019) skipped midnight on 4 November 2018 and fell back to 23:00 on 18 February 2018.
    expect(iso('today', '2018-11-04T12:00:00Z', 'America/Sao_Paulo')).toEqual([
      '2018-11-04T03:00:00.000Z',
      '2018-11-05T02:00:00.000Z',
    ]);
    expect(iso('today', '2018-02-17T12:00:00Z', 'America/Sao_Paulo')).toEqual([
      '2018-02-17T02:00:00.000Z',
      '2018-02-18T03:00:00.000Z',
    ]);
    expect(iso('today', '2024-06-01T12:00:00Z', 'America/Sao_Paulo')).toEqual([
      '2024-06-01T03:00:00.000Z',
      '2024-06-02T03:00:00.000Z',
    ]);
  });

  it('rejects an invalid date or zone', () => {
    expect(() => reportRange('today', new Date(Number.NaN), 'Asia/Bangkok')).toThrow(RangeError);
    expect(() => reportRange('today', new Date(), 'Mars/Olympus')).toThrow(RangeError);
  });

  it('tiles the days: today holds now, the ranges touch, and a day is 23–25 hours', () => {
    const zones = ['Asia/Bangkok', 'Europe/London', 'America/Sao_Paulo', 'America/New_York', 'Australia/Lord_Howe'];
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) }),
        fc.constantFrom(...zones),
        (t, zone) => {
          const now = new Date(t);
          const [today, yesterday, before, last7] = REPORT_RANGES.map((r) => reportRange(r, now, zone));
          if (!today || !yesterday || !before || !last7) return false;
          const hours = (r: { from: Date; to: Date }) => (r.to.getTime() - r.from.getTime()) / 3_600_000;
          return (
            today.from.getTime() <= t &&
            t < today.to.getTime() &&
            yesterday.to.getTime() === today.from.getTime() &&
            before.to.getTime() === yesterday.from.getTime() &&
            last7.to.getTime() === today.to.getTime() &&
            [today, yesterday, before].every((r) => hours(r) >= 23 && hours(r) <= 25) &&
            hours(last7) >= 7 * 24 - 1 &&
            hours(last7) <= 7 * 24 + 1
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});
