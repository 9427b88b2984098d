import { z } from 'zod';

// Issue messages are error keys (errors.ts); the API translates them and names the failing field.
export const required = {
  error: (issue: { input: unknown }) => (issue.input === undefined ? 'REQUIRED_FIELDS' : 'VALIDATION_FAILED'),
};

/** Paged lists (api.md): `page` is 1-based, `limit` capped; a page past the end is an empty list. */
export const PAGE_LIMIT_MAX = 50;
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(20),
});
export type PageQuery = z.infer<typeof pageQuery>;

export function paged<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), page: z.number().int(), limit: z.number().int(), has_more: z.boolean() });
}
export type Paged<T> = { list: T[]; page: number; limit: number; has_more: boolean };

/** Money in responses and requests: an integer of minor units (architecture.md "Money"). */
export const minorAmount = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** The header that makes a money-moving POST safe to retry (trust.md 6). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const idempotencyKey = z
  .string()
  .min(8)
  .max(128)
  .regex(/^[A-Za-z0-9_-]+$/);
