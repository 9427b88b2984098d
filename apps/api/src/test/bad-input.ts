import { expect } from 'vitest';
import { isErrorKey } from '@fairdraw/contract';
import type { call, CallOptions } from './helper.ts';

/** Shared pieces of the bad-input suites (docs/trust.md 33): every bad request gets a 4xx envelope, never a 5xx. */
export const LONG = 'x'.repeat(10_000);
export const JSON_HEADERS = { 'content-type': 'application/json' };

/** Bodies that are wrong whatever the endpoint expects. */
export const GENERIC_BODIES: [string, CallOptions][] = [
  ['broken JSON', { headers: JSON_HEADERS, rawBody: '{"id": 1,' }],
  ['a JSON string', { body: 'hello' }],
  ['an array', { body: [{ id: 1 }] }],
  ['null', { headers: JSON_HEADERS, rawBody: 'null' }],
  ['a number', { headers: JSON_HEADERS, rawBody: '42' }],
  ['text/plain', { headers: { 'content-type': 'text/plain' }, rawBody: '{"id":1}' }],
  ['too large', { body: { id: 1, reason: 'y'.repeat(200_000) } }],
  ['proto poisoning', { headers: JSON_HEADERS, rawBody: '{"__proto__": {"role": "operator"}, "id": "x"}' }],
];

/** A refusal: 4xx, the envelope with `code` = status, no data, a contract error key and a translated message. */
export function expectRefused(res: Awaited<ReturnType<typeof call>>, label: string): void {
  expect(res.status, `${label}: ${res.text}`).toBeGreaterThanOrEqual(400);
  expect(res.status, `${label}: ${res.text}`).toBeLessThan(500);
  expect(res.body.code, label).toBe(res.status);
  expect(res.body.data, label).toBeNull();
  expect(isErrorKey(res.body.error), `${label}: ${String(res.body.error)}`).toBe(true);
  expect(typeof res.body.msg, label).toBe('string');
  // Translated, not the key: the English catalogue never equals a key.
  expect(res.body.msg, label).not.toBe(res.body.error);
}
