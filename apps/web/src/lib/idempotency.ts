import { ApiError } from './api-client.ts';

// Money-moving POSTs carry an idempotency key (docs/trust.md 6): the same submission retried (double tap, network
// error, timeout) reuses its key so the server moves money at most once; a different submission gets a new key.

export type KeyMaker = () => string;

const defaultMaker: KeyMaker = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `k${Date.now().toString(36)}${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;

/**
 * One per open form. `keyFor(body)` answers the key to send: the current key while the body is the one last tried
 * (a retry), a fresh key when the body changed (the server refuses a reused key with another body). `settled()`
 * after the server answered with a decision (success or a refusal) starts a new key for the next submission.
 */
export class IdempotencyKeys {
  private readonly make: KeyMaker;
  private key: string;
  private lastBody: string | null = null;
  constructor(make: KeyMaker = defaultMaker) {
    this.make = make;
    this.key = make();
  }
  keyFor(body: unknown): string {
    const fingerprint = JSON.stringify(body);
    if (this.lastBody !== null && this.lastBody !== fingerprint) this.key = this.make();
    this.lastBody = fingerprint;
    return this.key;
  }
  settled(): void {
    this.key = this.make();
    this.lastBody = null;
  }
  /**
   * Sends `body` with its key. A decision of the server (success, or a refusal such as a wrong amount) settles the
   * key; no answer, a 5xx or "still in flight" keeps it, so trying again cannot move money twice.
   */
  async send<T>(body: unknown, call: (key: string) => Promise<T>): Promise<T> {
    const key = this.keyFor(body);
    try {
      const result = await call(key);
      this.settled();
      return result;
    } catch (e) {
      if (isDecision(e)) this.settled();
      throw e;
    }
  }
}

/** Whether an error is the server's decision (a 4xx other than "the same request is still running"). */
export function isDecision(e: unknown): boolean {
  return e instanceof ApiError && e.code < 500 && e.code !== 301 && e.key !== 'IDEMPOTENCY_IN_FLIGHT';
}
