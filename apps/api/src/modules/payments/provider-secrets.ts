/**
 * Webhook secrets of payment providers (decision 0007). A provider's secret comes from the environment when the
 * operator configured one; otherwise a random one is generated at the first start and stored in the database,
 * where every instance finds the same one. It is shown to operators only (GET /api/admin/pay/providers) and never
 * logged. There is no secret in the code, for any provider.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import * as repo from './provider-secrets.repository.ts';

export type SecretSource = 'env' | 'generated';
export type ProviderSecret = { secret: string; source: SecretSource };

/** 32 random bytes (256 bits), hex: as strong as the HMAC-SHA256 it keys. */
export const GENERATED_SECRET_BYTES = 32;

/**
 * The secret of `provider`: `configured` when given, else the stored one, generated and stored first if none is.
 * Idempotent and safe when several instances start at once: the insert does nothing when a row exists (the
 * primary key settles a race), and everyone then reads the row that won.
 */
export async function providerSecret(
  db: Db,
  provider: string,
  configured: string | undefined,
): Promise<ProviderSecret> {
  if (configured !== undefined) return { secret: configured, source: 'env' };
  const stored = await repo.findSecret(db, provider);
  if (stored !== undefined) return { secret: stored, source: 'generated' };
  await repo.insertSecretIfAbsent(db, provider, randomBytes(GENERATED_SECRET_BYTES).toString('hex'));
  const secret = await repo.findSecret(db, provider);
  if (secret === undefined) throw new Error(`payment provider secret for ${provider} missing after insert`);
  return { secret, source: 'generated' };
}
