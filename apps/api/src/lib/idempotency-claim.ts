/** A request's idempotency key and the fingerprint of the request it was sent with. */
export type IdempotencyClaim = { key: string; hash: string };
