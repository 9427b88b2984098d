import { describe, expect, it } from 'vitest';
import {
  effectiveSchedule,
  localDate,
  nextSlot,
  parseIssue,
  periodTimes,
  previousSlot,
  slotAfter,
  slotOf,
  slotsInDay,
  upcomingSlots,
  upcomingSlotsByDay,
  zonedInstant,
} from './schedule.ts';
import type { Schedule } from './schedule.ts';

const BKK = 'Asia/Bangkok'; // UTC+7, no DST
const k3: Schedule = { cycleSeconds: 60, sealSeconds: 10, dailyAt: null, timeZone: BKK };
const l28: Schedule = { cycleSeconds: 210, sealSeconds: 30, dailyAt: null, timeZone: BKK };
const ms: Schedule = { cycleSeconds: 86_400, sealSeconds: 900, dailyAt: '21:30', timeZone: BKK };
const at = (iso: string) => Date.parse(iso);

describe('issue numbering', () => {
  it('a 1-minute game runs 0001 at 00:00 to 1440 at 23:59 local time', () => {
    expect(slotsInDay('2026-11-22', k3)).toBe(1440);
    expect(slotOf('2026-11-22', 1, k3)).toMatchObject({
      issue: '20261122-0001',
      drawAt: at('2026-11-21T17:00:00Z'),
    });
    expect(slotOf('2026-11-22', 1440, k3)).toMatchObject({
      issue: '20261122-1440',
      drawAt: at('2026-11-22T16:59:00Z'),
    });
    expect(() => slotOf('2026-11-22', 1441, k3)).toThrow(RangeError);
  });

  it('around local midnight the date follows the business zone, not UTC', () => {
    // 23:59:30 Bangkok = 16:59:30 UTC: the next draw is 00:00 of the next local day.
    expect(slotAfter(at('2026-11-22T16:59:30Z'), k3).issue).toBe('20261123-0001');
    // Exactly at a draw instant, the current period is the next one.
    expect(slotAfter(at('2026-11-22T17:00:00Z'), k3).issue).toBe('20261123-0002');
    expect(slotAfter(at('2026-11-22T16:58:59.999Z'), k3).issue).toBe('20261122-1440');
    // 06:59 UTC on the 22nd is 13:59 in Bangkok on the 22nd; 17:30 UTC is already the 23rd in Bangkok.
    expect(localDate(at('2026-11-22T17:30:00Z'), BKK)).toBe('2026-11-23');
    expect(localDate(at('2026-11-22T16:59:59Z'), BKK)).toBe('2026-11-22');
  });

  it("slot 0001 opens at the previous day's last draw and seals 10 s before its own", () => {
    const first = periodTimes(slotOf('2026-11-23', 1, k3), k3);
    expect(first.openAt).toBe(slotOf('2026-11-22', 1440, k3).drawAt);
    expect(first.sealAt).toBe(first.drawAt - 10_000);
    expect(previousSlot(slotOf('2026-11-23', 1, k3), k3).issue).toBe('20261122-1440');
    expect(nextSlot(slotOf('2026-11-22', 1440, k3), k3).issue).toBe('20261123-0001');
  });

  it('a 210 s game numbers its slots from 00:00: 412 a day, the last at 23:58:30', () => {
    expect(slotsInDay('2026-11-22', l28)).toBe(412);
    const last = slotOf('2026-11-22', 412, l28);
    expect(last.issue).toBe('20261122-0412');
    expect(new Date(last.drawAt).toISOString()).toBe('2026-11-22T16:58:30.000Z');
    const first = periodTimes(nextSlot(last, l28), l28);
    expect(first.issue).toBe('20261123-0001');
    // The period across midnight is 90 s long, not 210: the schedule restarts at 00:00.
    expect(first.drawAt - first.openAt).toBe(90_000);
    expect(slotOf('2026-11-22', 2, l28).drawAt - slotOf('2026-11-22', 1, l28).drawAt).toBe(210_000);
    expect(slotAfter(at('2026-11-22T17:03:29Z'), l28).issue).toBe('20261123-0002');
    expect(slotAfter(at('2026-11-22T17:03:30Z'), l28).issue).toBe('20261123-0003');
  });

  it('Mark Six has one slot a day at 21:30, issue -0001', () => {
    expect(slotsInDay('2026-11-22', ms)).toBe(1);
    const s = slotOf('2026-11-22', 1, ms);
    expect(s.issue).toBe('20261122-0001');
    expect(new Date(s.drawAt).toISOString()).toBe('2026-11-22T14:30:00.000Z');
    // After 21:30 the next draw is tomorrow's; before it, today's.
    expect(slotAfter(at('2026-11-22T14:29:59Z'), ms).issue).toBe('20261122-0001');
    expect(slotAfter(at('2026-11-22T14:30:00Z'), ms).issue).toBe('20261123-0001');
    const p = periodTimes(s, ms);
    expect(p.openAt).toBe(s.drawAt - 86_400_000);
    expect(p.sealAt).toBe(s.drawAt - 900_000);
  });

  it('parses issues and refuses impossible ones', () => {
    expect(parseIssue('20261122-0042')).toEqual({ date: '2026-11-22', slot: 42 });
    expect(parseIssue('20261122-0000')).toBeNull();
    expect(parseIssue('20261340-0001')).toBeNull();
    expect(parseIssue('2026112-0001')).toBeNull();
  });

  it('answers an issue asked again as the first time, past the number of answers it keeps', () => {
    expect(parseIssue('20240229-0007')).toEqual({ date: '2024-02-29', slot: 7 });
    expect(parseIssue('20230229-0007')).toBeNull();
    // More distinct issues than it keeps (4,096), each right, then the first ones again.
    for (let slot = 1; slot <= 9999; slot++) {
      expect(parseIssue(`20261122-${String(slot).padStart(4, '0')}`)?.slot).toBe(slot);
    }
    expect(parseIssue('20240229-0007')).toEqual({ date: '2024-02-29', slot: 7 });
    expect(parseIssue('20230229-0007')).toBeNull();
    expect(Object.isFrozen(parseIssue('20261122-0042'))).toBe(true);
  });

  it('handles a DST zone: 23- and 25-hour days', () => {
    const ny: Schedule = { ...k3, timeZone: 'America/New_York' };
    expect(slotsInDay('2026-03-08', ny)).toBe(23 * 60);
    expect(slotsInDay('2026-11-01', ny)).toBe(25 * 60);
    expect(new Date(zonedInstant('2026-03-08', 0, 'America/New_York')).toISOString()).toBe('2026-03-08T05:00:00.000Z');
    const dailyNy: Schedule = { ...ms, timeZone: 'America/New_York' };
    expect(new Date(slotOf('2026-07-01', 1, dailyNy).drawAt).toISOString()).toBe('2026-07-02T01:30:00.000Z');
  });
});

describe('upcomingSlots', () => {
  it('the current period and at least 30 minutes ahead, consecutive', () => {
    const now = at('2026-11-22T16:45:10Z');
    const slots = upcomingSlots(now, k3);
    expect(slots[0]?.issue).toBe('20261122-1427');
    expect(slots).toHaveLength(30);
    expect(slots.at(-1)!.drawAt).toBeGreaterThanOrEqual(now + 29 * 60_000);
    for (let i = 1; i < slots.length; i++) expect(slots[i]?.openAt).toBe(slots[i - 1]?.drawAt);
    expect(slots.map((s) => s.issue)).toContain('20261123-0001');
  });

  it('Mark Six: the next two days', () => {
    const slots = upcomingSlots(at('2026-11-22T15:00:00Z'), ms);
    expect(slots.map((s) => s.issue)).toEqual(['20261123-0001', '20261124-0001']);
  });
});

describe('effectiveSchedule (GAME_CYCLE_OVERRIDE_SECONDS)', () => {
  it('replaces the cycle and shrinks the seal in proportion, at least 1 s, below the cycle', () => {
    expect(effectiveSchedule(k3, undefined)).toBe(k3);
    expect(effectiveSchedule(k3, 20)).toEqual({ cycleSeconds: 20, sealSeconds: 3, dailyAt: null, timeZone: BKK });
    expect(effectiveSchedule(ms, 20).sealSeconds).toBe(1);
    expect(effectiveSchedule(ms, 20).dailyAt).toBeNull();
  });
});

describe('a schedule per day (a change applies from a later day)', () => {
  const k3Two: Schedule = { ...k3, cycleSeconds: 120, sealSeconds: 20 };
  const from23 = (date: string) => (date >= '2026-11-23' ? k3Two : k3);

  it('is upcomingSlots when every day has the same schedule', () => {
    const now = at('2026-11-22T10:00:30Z');
    expect(upcomingSlotsByDay(now, () => l28, BKK)).toEqual(upcomingSlots(now, l28));
    expect(upcomingSlotsByDay(now, () => k3, BKK)).toEqual(upcomingSlots(now, k3));
  });

  it('draws the old cycle to the end of the day, then the new one from 00:00, without overlap or gap', () => {
    // 23:50 local on 2026-11-22 (16:50Z): the horizon (30 min) crosses midnight.
    const slots = upcomingSlotsByDay(at('2026-11-22T16:50:30Z'), from23, BKK);
    const before = slots.filter((s) => s.date === '2026-11-22');
    const after = slots.filter((s) => s.date === '2026-11-23');
    expect(before.at(-1)).toMatchObject({ issue: '20261122-1440', drawAt: at('2026-11-22T16:59:00Z') });
    expect(after[0]).toMatchObject({ issue: '20261123-0001', drawAt: at('2026-11-22T17:00:00Z') });
    // The new day's first period opens when the old day's last is drawn, and seals 20 s before its draw.
    expect(after[0]!.openAt).toBe(before.at(-1)!.drawAt);
    expect(after[0]!.sealAt).toBe(at('2026-11-22T16:59:40Z'));
    expect(after[1]).toMatchObject({ issue: '20261123-0002', drawAt: at('2026-11-22T17:02:00Z') });
    for (let i = 1; i < slots.length; i += 1) expect(slots[i]!.openAt).toBe(slots[i - 1]!.drawAt);
  });

  it('starts on the new cycle on a day already drawn on it', () => {
    const slots = upcomingSlotsByDay(at('2026-11-23T01:00:30Z'), from23, BKK);
    // 08:00:30 local: slot 241 drew at 08:00 (1 + 480 min / 2), 242 is current.
    expect(slots[0]).toMatchObject({ issue: '20261123-0242', drawAt: at('2026-11-23T01:02:00Z') });
    expect(slots[0]!.openAt).toBe(at('2026-11-23T01:00:00Z'));
  });
});
