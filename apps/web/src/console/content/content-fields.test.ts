import { describe, expect, it } from 'vitest';
import { fromLocalInput, textsOf, toLocalInput } from './content-fields.tsx';
import { scheduleStatus } from './content-schedule.tsx';

describe('content editors', () => {
  it('a datetime-local value and back keep the minute, in the browser zone', () => {
    const ms = Date.parse('2031-05-01T10:42:00Z');
    const local = toLocalInput(ms);
    expect(local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(fromLocalInput(local)).toBe(ms);
    expect(toLocalInput(null)).toBe('');
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('not a date')).toBeNull();
  });

  it('says whether an item is live, scheduled, over or off', () => {
    const now = 1_000_000;
    expect(scheduleStatus({ enabled: false, live: false, starts_at: null }, now)).toBe('off');
    expect(scheduleStatus({ enabled: true, live: true, starts_at: now - 1 }, now)).toBe('live');
    expect(scheduleStatus({ enabled: true, live: false, starts_at: now + 1 }, now)).toBe('scheduled');
    expect(scheduleStatus({ enabled: true, live: false, starts_at: now - 1 }, now)).toBe('ended');
  });

  it('fills every language, empty where none was given', () => {
    expect(textsOf({ th: 'ก', en: 'a' })).toEqual({ th: 'ก', en: 'a', 'zh-cn': '', 'zh-hk': '', vi: '', pt: '' });
  });
});
