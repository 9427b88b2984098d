import { z } from 'zod';
import { ERROR_KEYS } from './errors.ts';

/** Response codes of the envelope. */
export const CODE = { ok: 200, redirect: 301, unauthorized: 401 } as const;

/** Every response body is `{ code, msg, data }`; success is code 200. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.literal(200), msg: z.string(), data });
}

/** An error body: `code` is the HTTP status, `error` a stable key, `field` the failing input for validation. */
export const errorEnvelope = z.object({
  code: z.number().int(),
  msg: z.string(),
  data: z.null(),
  error: z.enum(ERROR_KEYS as [string, ...string[]]),
  field: z.string().optional(),
});

export type Envelope<T> = { code: number; msg: string; data: T; error?: string; field?: string };
