import { z } from 'zod';
import type { ErrorKey } from './errors.ts';

// Issue messages are error keys (errors.ts); the API translates them and names the failing field.
export const required = {
  error: (issue: { input: unknown }) => (issue.input === undefined ? 'REQUIRED_FIELDS' : 'VALIDATION_FAILED'),
};

/** Paged lists: `page` is 1-based, `limit` capped; a page past the end is an empty list. */
const PAGE_LIMIT_MAX = 50;
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(20),
});

export function paged<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), page: z.number().int(), limit: z.number().int(), has_more: z.boolean() });
}
export type Paged<T> = { list: T[]; page: number; limit: number; has_more: boolean };

/**
 * Row ids are PostgreSQL `integer` identity columns: 1 … 2³¹−1. Every id a request names goes through `rowId` (a
 * JSON number) or `queryRowId` (a query string), so no id the database cannot hold ever reaches SQL. An id out of
 * that range names no row, so it answers what an unknown id answers: `notFound`, the key the route gives for a
 * missing row (CHANNEL_NOT_FOUND, PAYOUT_NOT_FOUND, …; its status comes from ERRORS). A filter that lists nothing
 * for an unknown id cannot say so at the schema level: it passes VALIDATION_FAILED.
 */
export const ROW_ID_MAX = 2_147_483_647;
export function rowId(notFound: ErrorKey) {
  return z.number(required).int('VALIDATION_FAILED').min(1, notFound).max(ROW_ID_MAX, notFound);
}
export function queryRowId(notFound: ErrorKey) {
  return z
    .string(required)
    .max(12, 'VALIDATION_FAILED')
    .pipe(z.coerce.number<string>(required).int('VALIDATION_FAILED').min(1, notFound).max(ROW_ID_MAX, notFound));
}

/**
 * Text PostgreSQL can store: no NUL (U+0000) and no unpaired UTF-16 surrogate (neither has a UTF-8 encoding the
 * server accepts; both used to reach SQL and fail there as a 500). Returns the dotted path of the first string —
 * value or key — of `value` that breaks the rule ('' for `value` itself), or null. A value nested deeper than
 * MAX_NESTING is refused too (at the path where it goes too deep): no request needs it, and a walk (or a schema)
 * over 10,000 nested arrays would exhaust the stack. The API applies this once to every part of every request
 * (apps/api lib/validator.ts) and to each payment provider's event.
 */
export const MAX_NESTING = 16;
export function unstorableTextPath(value: unknown): string | null {
  // Iterative, depth-first in document order, so the first bad field is the one named.
  type Item = { value: unknown; path: string; depth: number; badKey: boolean };
  const stack: Item[] = [{ value, path: '', depth: 0, badKey: false }];
  const at = (path: string, key: string) => (path === '' ? key : `${path}.${key}`);
  while (stack.length > 0) {
    const { value: v, path, depth, badKey } = stack.pop() as Item;
    if (badKey) return path;
    if (typeof v === 'string') {
      if (!isStorableText(v)) return path;
      continue;
    }
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= MAX_NESTING) return path;
    const isArray = Array.isArray(v);
    const entries: [string, unknown][] = isArray
      ? v.map((item, i): [string, unknown] => [String(i), item])
      : Object.entries(v);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, item] = entries[i] as [string, unknown];
      stack.push({ value: item, path: at(path, key), depth: depth + 1, badKey: !isArray && !isStorableText(key) });
    }
  }
  return null;
}

// A NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
export function isStorableText(s: string): boolean {
  return !UNSTORABLE.test(s);
}

/** Money in responses and requests: an integer of minor units (decision 0004). */
export const minorAmount = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const idempotencyKey = z
  .string()
  .min(8)
  .max(128)
  .regex(/^[A-Za-z0-9_-]+$/);
