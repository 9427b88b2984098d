import { describe, expect, it } from 'vitest';
import * as contract from '@fairdraw/contract';
import {
  CHANNEL_TYPES,
  CRYPTO_COINS,
  FUND_PASSWORD_RE,
  IDEMPOTENCY_HEADER,
  RECHARGE_RANGES,
} from './contract-values.ts';

describe('contract values copied for the bundle', () => {
  it('equal the contract', () => {
    expect(RECHARGE_RANGES).toEqual(contract.RECHARGE_RANGES);
    expect(CRYPTO_COINS).toEqual(contract.CRYPTO_COINS);
    expect(CHANNEL_TYPES).toEqual(contract.CHANNEL_TYPES);
    expect(FUND_PASSWORD_RE.source).toBe(contract.FUND_PASSWORD_RE.source);
    expect(IDEMPOTENCY_HEADER).toBe(contract.IDEMPOTENCY_HEADER);
  });
});
