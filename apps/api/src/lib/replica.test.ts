import { describe, expect, it } from 'vitest';
import { parseLsn } from '../db/wal-position.ts';
import { lagOf, positionKey, writePositions } from './replica.ts';
import { NO_SHARED_STORE } from './shared-store.ts';
import type { SharedStore } from './shared-store.ts';

describe('WAL positions', () => {
  it('reads X/Y as a 64-bit position', () => {
    expect(parseLsn('0/0')).toBe(0n);
    expect(parseLsn('0/3000028')).toBe(0x3000028n);
    expect(parseLsn('1/0')).toBe(1n << 32n);
    expect(parseLsn('FFFFFFFF/FFFFFFFF')).toBe((1n << 64n) - 1n);
    expect(parseLsn('a/b')).toBe((0xan << 32n) | 0xbn);
    for (const bad of ['', '0', '0/', '/0', '1/2/3', 'G/0', '123456789/0', ' 0/0'])
      expect(() => parseLsn(bad), bad).toThrow(/not a WAL position/);
  });

  it('writes a position as sixteen hex digits, ordered as the positions are', () => {
    expect(positionKey(0x3000028n)).toBe('0000000003000028');
    const positions = [0n, 1n, 0xfn, 0x10n, 0xffffffffn, 1n << 32n, (1n << 32n) + 1n, (1n << 64n) - 1n];
    const keys = positions.map(positionKey);
    expect(keys.every((k) => /^[0-9A-F]{16}$/.test(k))).toBe(true);
    expect([...keys].sort()).toEqual(keys);
  });
});

describe('the lag the probe measures', () => {
  const samples = [
    { at: 1000, position: 100n },
    { at: 2000, position: 200n },
    { at: 3000, position: 300n },
  ];

  it('is 0 when every sample is replayed, however old', () => {
    expect(lagOf(samples, 300n, 60_000)).toBe(0);
    expect(lagOf(samples, 999n, 60_000)).toBe(0);
    expect(lagOf([], 0n, 60_000)).toBe(0);
  });

  it('is the age of the oldest sample not replayed', () => {
    expect(lagOf(samples, 99n, 5000)).toBe(4000);
    expect(lagOf(samples, 100n, 5000)).toBe(3000);
    expect(lagOf(samples, 250n, 5000)).toBe(2000);
    // A clock that stands still measures no lag: tests move it instead of waiting.
    expect(lagOf(samples, 250n, 3000)).toBe(0);
  });
});

describe("a user's write positions in this instance's memory", () => {
  it('keeps the latest position of each user until its time has passed by the clock', async () => {
    let now = 0;
    const positions = writePositions(NO_SHARED_STORE, 60_000, () => now);
    expect(await positions.get(7)).toBeUndefined();
    await positions.raise(7, 500n);
    // An earlier position (a slower write answered later) never lowers it.
    await positions.raise(7, 400n);
    expect(await positions.get(7)).toBe(500n);
    expect(await positions.get(8)).toBeUndefined();
    now = 59_999;
    expect(await positions.get(7)).toBe(500n);
    await positions.raise(7, 600n);
    now = 60_000 + 59_998;
    expect(await positions.get(7)).toBe(600n);
    now = 60_000 + 60_000;
    positions.prune();
    expect(await positions.get(7)).toBeUndefined();
  });
});

describe('write positions while the shared store is away', () => {
  it("cannot tell a user's position (the read then goes to the primary), and keeps writes in memory meanwhile", async () => {
    const away: SharedStore = { ...NO_SHARED_STORE, configured: true, prefix: 'x:', available: () => false };
    const positions = writePositions(away, 60_000, () => 0);
    await positions.raise(7, 500n);
    await expect(positions.get(7)).rejects.toThrow(/Redis unavailable/);
    await expect(positions.get(8)).rejects.toThrow(/Redis unavailable/);
  });
});
