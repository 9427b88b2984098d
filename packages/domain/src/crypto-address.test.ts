import { describe, expect, it } from 'vitest';
import { isEthereumAddress, isTronAddress, toChecksumAddress, validateCryptoAddress } from './crypto-address.ts';

const USDT_TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'; // the USDT contract on TRON

describe('TRC-20 addresses', () => {
  it('accepts a real address', () => {
    expect(validateCryptoAddress('USDT-TRC20', USDT_TRON)).toBe(true);
    expect(isTronAddress('T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb')).toBe(true); // the zero account
  });

  it('rejects it with its last character changed, or any other single base58 character changed', () => {
    expect(validateCryptoAddress('USDT-TRC20', USDT_TRON.slice(0, -1) + 'u')).toBe(false);
    const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
    for (let i = 1; i < USDT_TRON.length; i++) {
      for (const c of alphabet) {
        if (c === USDT_TRON[i]) continue;
        const changed = USDT_TRON.slice(0, i) + c + USDT_TRON.slice(i + 1);
        expect(isTronAddress(changed), changed).toBe(false);
      }
    }
  });

  it('rejects wrong shapes and other networks', () => {
    for (const bad of [
      '',
      USDT_TRON.slice(0, -1),
      USDT_TRON + '1',
      USDT_TRON.replace('T', 't'),
      'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj0t', // 0 is not base58
      '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', // a bitcoin address (version 0x00)
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    ]) {
      expect(validateCryptoAddress('USDT-TRC20', bad), bad).toBe(false);
    }
  });
});

describe('ERC-20 addresses', () => {
  const good = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

  it('accepts the EIP-55 examples, all-lower and all-upper', () => {
    for (const address of [
      good,
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
      '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
      '0x52908400098527886E0F7030069857D2E4169EE7',
      '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
      '0xde709f2102306220921060314715629080e2fb77',
      '0x27b1fdb04752bbc536007a920d24acb045561c26',
      good.toLowerCase(),
      '0x' + good.slice(2).toUpperCase(),
    ]) {
      expect(validateCryptoAddress('USDT-ERC20', address), address).toBe(true);
    }
    expect(toChecksumAddress(good.toLowerCase())).toBe(good);
  });

  it("rejects the example with any one letter's case flipped", () => {
    for (let i = 2; i < good.length; i++) {
      const c = good[i] ?? '';
      if (!/[a-fA-F]/.test(c)) continue;
      const flipped = c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase();
      const changed = good.slice(0, i) + flipped + good.slice(i + 1);
      expect(isEthereumAddress(changed), changed).toBe(false);
    }
  });

  it('rejects wrong shapes', () => {
    for (const bad of ['', good.slice(0, -1), good + 'a', good.slice(2), '0X' + good.slice(2), '0x' + 'g'.repeat(40)]) {
      expect(validateCryptoAddress('USDT-ERC20', bad), bad).toBe(false);
    }
    expect(() => toChecksumAddress('0x12')).toThrow();
  });
});
