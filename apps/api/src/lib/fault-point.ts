/**
 * Fault points for the crash tests (docs/trust.md 6, 10): a named place in the code where a test can have the process
 * die as a machine would — SIGKILL, no cleanup, no answer. Armed by FAULT_POINT=<name>, which the configuration
 * accepts only together with NODE_ENV=test (config.ts refuses to start otherwise), so a production process cannot
 * have one armed. Unarmed, a fault point is a comparison and nothing else.
 */
import type { ServerResponse } from 'node:http';

export const FAULT_POINTS = [
  /** An idempotent POST has claimed its key inside its transaction, before any work. */
  'idempotency.claimed',
  /** The work is done (the money moved) and the answer stored, the transaction not yet committed. */
  'idempotency.moved',
  /** Committed; the answer not yet sent. */
  'idempotency.committed',
  /** Half of the answer's bytes are on the wire (idempotency.ts sendHalfThenCrash). */
  'idempotency.sending',
] as const;

export type FaultPoint = (typeof FAULT_POINTS)[number];

/** Dies here if `name` is the armed fault point. */
export function crashIf(armed: FaultPoint | undefined, name: FaultPoint): void {
  if (armed === name) crash();
}

function crash(): never {
  process.kill(process.pid, 'SIGKILL');
  // The signal is delivered asynchronously; no further line of JavaScript may run meanwhile.
  for (;;) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1_000);
}

/** Writes the status, the headers and the first half of `text`, then dies once those bytes have left the process. */
export function sendHalfThenCrash(raw: ServerResponse, status: number, contentType: string, text: string): void {
  const bytes = Buffer.from(text, 'utf8');
  raw.writeHead(status, { 'content-type': contentType, 'content-length': bytes.length });
  raw.write(bytes.subarray(0, bytes.length >> 1), () => crash());
}
