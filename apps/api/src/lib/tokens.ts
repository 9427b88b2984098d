import { hash, randomBytes } from 'node:crypto';

/** A session token: 256 bits from the CSPRNG, base64url (docs/trust.md 18). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps instead of the token. */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}
