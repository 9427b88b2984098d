import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword, warmUpPasswords } from './passwords.ts';

/** This process's CPU time for `work`, in ms (argon2 runs on its thread pool): the machine's load does not move it. */
async function cpuMs(work: () => Promise<unknown>): Promise<number> {
  const start = process.cpuUsage();
  await work();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

describe('verifyPassword', () => {
  it('answers an unknown account (no hash) false after the same argon2 work as a wrong password', async () => {
    const stored = await hashPassword('the-right-one');
    await warmUpPasswords();
    expect(await verifyPassword(stored, 'the-right-one')).toBe(true);
    expect(await verifyPassword(stored, 'wrong-one')).toBe(false);
    expect(await verifyPassword(null, 'wrong-one')).toBe(false);
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      known.push(await cpuMs(() => verifyPassword(stored, 'wrong-one')));
      unknown.push(await cpuMs(() => verifyPassword(null, 'wrong-one')));
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[2] ?? 0;
    // One argon2 verification each (milliseconds of CPU); without the dummy hash an unknown account costs microseconds.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.25);
  });
});
