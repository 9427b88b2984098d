import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { IdempotencyKeys } from './idempotency.ts';

const counter = () => {
  let n = 0;
  return () => `key-${++n}`;
};

describe('IdempotencyKeys', () => {
  it('reuses the key for retries of the same submission', () => {
    const keys = new IdempotencyKeys(counter());
    const body = { amount: 10000, payout_id: 3 };
    expect(keys.keyFor(body)).toBe('key-1');
    expect(keys.keyFor({ ...body })).toBe('key-1'); // double tap / network retry
  });
  it('makes a new key when the submission changes', () => {
    const keys = new IdempotencyKeys(counter());
    expect(keys.keyFor({ amount: 1 })).toBe('key-1');
    expect(keys.keyFor({ amount: 2 })).toBe('key-2');
    expect(keys.keyFor({ amount: 2 })).toBe('key-2');
  });
  it('makes a new key after the server settled the submission', () => {
    const keys = new IdempotencyKeys(counter());
    expect(keys.keyFor({ amount: 1 })).toBe('key-1');
    keys.settled();
    expect(keys.keyFor({ amount: 1 })).toBe('key-2');
  });
  it('uses crypto.randomUUID by default', () => {
    const a = new IdempotencyKeys().keyFor({});
    expect(a).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
    expect(new IdempotencyKeys().keyFor({})).not.toBe(a);
  });

  it('send(): keeps the key after a network error or a 5xx, settles it after an answer', async () => {
    const keys = new IdempotencyKeys(counter());
    const seen: string[] = [];
    const body = { amount: 500 };
    const fail = (e: Error) => (key: string) => {
      seen.push(key);
      return Promise.reject(e);
    };
    await expect(keys.send(body, fail(new TypeError('network')))).rejects.toThrow();
    await expect(keys.send(body, fail(new ApiError(503, 'UNAVAILABLE', 'x')))).rejects.toThrow();
    await expect(keys.send(body, fail(new ApiError(409, 'IDEMPOTENCY_IN_FLIGHT', 'x')))).rejects.toThrow();
    await expect(
      keys.send(body, (key) => {
        seen.push(key);
        return Promise.resolve('ok');
      }),
    ).resolves.toBe('ok');
    await expect(keys.send(body, fail(new ApiError(400, 'INSUFFICIENT_BALANCE', 'x')))).rejects.toThrow();
    await expect(keys.send(body, fail(new ApiError(400, 'INSUFFICIENT_BALANCE', 'x')))).rejects.toThrow();
    expect(seen).toEqual(['key-1', 'key-1', 'key-1', 'key-1', 'key-2', 'key-3']);
  });
});
