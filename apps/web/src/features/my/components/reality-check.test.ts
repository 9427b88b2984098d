import { describe, expect, it } from 'vitest';
import { dueReminder } from './reality-check.tsx';

const MIN = 60_000;
const start = 1_000_000_000_000;

describe('when the reality check is due', () => {
  it('comes at each whole interval from the session start, not before the first', () => {
    expect(dueReminder(start + 29 * MIN, start, 30, null)).toBeNull();
    expect(dueReminder(start + 30 * MIN, start, 30, null)).toEqual({ k: 1, at: start + 30 * MIN });
    expect(dueReminder(start + 61 * MIN, start, 30, null)).toEqual({ k: 2, at: start + 60 * MIN });
    expect(dueReminder(start + 61 * MIN, start, 0, null)).toBeNull();
  });

  it('not again for a reminder dismissed (on any device), again at the next interval', () => {
    const dismissed = start + 30 * MIN;
    expect(dueReminder(start + 45 * MIN, start, 30, dismissed)).toBeNull();
    expect(dueReminder(start + 60 * MIN, start, 30, dismissed)).toEqual({ k: 2, at: start + 60 * MIN });
    // A dismissal from an earlier session does not hold back this one's.
    expect(dueReminder(start + 30 * MIN, start, 30, start - 5 * MIN)).toEqual({ k: 1, at: start + 30 * MIN });
  });
});
