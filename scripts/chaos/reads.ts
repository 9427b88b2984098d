/**
 * How the chaos run counts reads (readers.ts, and the bettors' reads of their own bet list in bettors.ts): per phase,
 * the requests sent, those answered 2xx, the others by status, those never answered by reason, and how long each
 * answered one took.
 */
import type { Agent } from 'node:http';
import { call, type Answer } from './players.ts';

export type ReadCounts = {
  sent: number;
  /** Answered 2xx. */
  ok: number;
  /** Answered with another status, by status. */
  status: Record<string, number>;
  /** Never answered (reset, refused, no answer within 10 s), by reason. */
  errors: Record<string, number>;
  /** Each read not answered 2xx: when it ended (epoch ms) and why (`HTTP 503`, `ECONNRESET`…). */
  failed: { at: number; why: string }[];
  /** Milliseconds each answered read took (2xx or not). */
  ms: number[];
};

export const noReadCounts = (): ReadCounts => ({ sent: 0, ok: 0, status: {}, errors: {}, failed: [], ms: [] });

/** One GET through the balancer, counted in `c`; the answer, or undefined when there was none. */
export async function countedGet(
  c: ReadCounts,
  url: URL,
  agent: Agent,
  headers: Record<string, string>,
): Promise<Answer | undefined> {
  c.sent += 1;
  const started = performance.now();
  try {
    const answer = await call(url, agent, 'GET', headers, undefined);
    c.ms.push(performance.now() - started);
    if (answer.status >= 200 && answer.status < 300) c.ok += 1;
    else {
      const why = `HTTP ${answer.status}`;
      c.status[String(answer.status)] = (c.status[String(answer.status)] ?? 0) + 1;
      c.failed.push({ at: Date.now(), why });
    }
    return answer;
  } catch (err) {
    const why = (err as NodeJS.ErrnoException).code ?? 'no answer';
    c.errors[why] = (c.errors[why] ?? 0) + 1;
    c.failed.push({ at: Date.now(), why });
    return undefined;
  }
}

/** Several counts as one. */
export function sumReads(all: ReadCounts[]): ReadCounts {
  const out = noReadCounts();
  for (const c of all) {
    out.sent += c.sent;
    out.ok += c.ok;
    for (const [k, v] of Object.entries(c.status)) out.status[k] = (out.status[k] ?? 0) + v;
    for (const [k, v] of Object.entries(c.errors)) out.errors[k] = (out.errors[k] ?? 0) + v;
    out.failed.push(...c.failed);
    out.ms.push(...c.ms);
  }
  return out;
}

/** The p-th percentile of `values` (nearest rank); NaN when there are none. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
