import { describe, expect, it } from 'vitest';
import { channelAmount } from './channel-amount.ts';

describe('channelAmount', () => {
  it('converts as the API does, rounded up to the channel minor unit', () => {
    expect(channelAmount(12_345, 'THB', { currency: 'BRL', rate: '0.155' })).toEqual({
      minor: 1_914,
      currency: 'BRL',
      exponent: 2,
    });
    expect(channelAmount(12_345, 'THB', { currency: 'USDT', rate: '0.0285' })?.minor).toBe(352);
  });

  it('is null in the site currency, without a rate, or for an unknown currency', () => {
    expect(channelAmount(12_345, 'THB', { currency: 'THB', rate: null })).toBeNull();
    expect(channelAmount(12_345, 'THB', { currency: 'BRL', rate: null })).toBeNull();
    expect(channelAmount(12_345, 'DEMO', { currency: 'BRL', rate: '1' })).toBeNull();
  });
});
