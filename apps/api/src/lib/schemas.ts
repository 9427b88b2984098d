import { z } from 'zod';
import { errorEnvelope } from '@fairdraw/contract';

/** Headers every call may carry; other headers pass through untouched. */
export const commonHeaders = z.looseObject({
  lang: z.string().optional().describe('th (default), en, zh-cn, zh-hk, vi, pt'),
});

export const sessionHeaders = z.looseObject({
  lang: z.string().optional().describe('th (default), en, zh-cn, zh-hk, vi, pt'),
  token: z.string().optional().describe('the session token'),
});

/** The error bodies a route can answer, for the OpenAPI document. */
export function errors(...statuses: number[]): Record<number, typeof errorEnvelope> {
  return Object.fromEntries(statuses.map((s) => [s, errorEnvelope]));
}
