import { describe, expect, it } from 'vitest';
import { normalizeTxHash } from './tx-hash.ts';

const HEX = '4f0d7a1c9b2e3f405162738495a6b7c8d9e0f1a2b3c4d5e6f708192a3b4c5d6e';

describe('normalizeTxHash', () => {
  it('gives one spelling per network: bare on TRC-20, 0x on ERC-20, lower case', () => {
    expect(normalizeTxHash('USDT-TRC20', HEX)).toBe(HEX);
    expect(normalizeTxHash('USDT-ERC20', HEX)).toBe(`0x${HEX}`);
    expect(normalizeTxHash('USDT-ERC20', `0x${HEX}`)).toBe(`0x${HEX}`);
    expect(normalizeTxHash('USDT-TRC20', `0x${HEX}`)).toBe(HEX);
  });

  it('ignores case, the 0x prefix (either case) and surrounding or inner whitespace', () => {
    for (const coin of ['USDT-TRC20', 'USDT-ERC20'] as const) {
      const want = normalizeTxHash(coin, HEX);
      for (const variant of [
        HEX.toUpperCase(),
        `0x${HEX}`,
        `0X${HEX.toUpperCase()}`,
        `  ${HEX}\n`,
        `\t0x ${HEX.slice(0, 32)} ${HEX.slice(32)} `,
        `${HEX.slice(0, 10)}\n${HEX.slice(10, 40)}\r\n${HEX.slice(40)}`,
        `\u200b${HEX}\ufeff`,
        `${HEX.slice(0, 20)}\u00a0${HEX.slice(20)}`,
      ]) {
        expect(normalizeTxHash(coin, variant), JSON.stringify(variant)).toBe(want);
      }
    }
  });

  it('refuses what is not 64 hex digits', () => {
    for (const coin of ['USDT-TRC20', 'USDT-ERC20'] as const) {
      for (const bad of [
        '',
        '0x',
        HEX.slice(1),
        `${HEX}0`,
        `0x${HEX.slice(1)}`,
        `${HEX.slice(0, 63)}g`,
        `0x0x${HEX}`,
        `x${HEX}`,
        `${HEX.slice(0, 32)}-${HEX.slice(32)}`,
        `0x${HEX}`.replace('0x', '0x0x'),
      ]) {
        expect(normalizeTxHash(coin, bad), bad).toBeNull();
      }
    }
  });

  it('keeps different hashes apart', () => {
    const other = `${HEX.slice(0, 63)}f`;
    expect(normalizeTxHash('USDT-TRC20', other)).not.toBe(normalizeTxHash('USDT-TRC20', HEX));
  });
});
