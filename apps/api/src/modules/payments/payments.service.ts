import { randomBytes } from 'node:crypto';
import type { PaymentProviderInfo } from '@fairdraw/contract';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import { creditDeposit } from '../recharge/deposit-decisions.service.ts';
import { findDeposit, findDepositPaidBy } from '../recharge/deposits.service.ts';
import {
  SANDBOX_PROVIDER,
  sandboxProvider,
  signWebhook,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
} from './payment-provider.ts';
import type { PaymentEvent, PaymentProvider } from './payment-provider.ts';
import { providerSecret } from './provider-secrets.ts';
import type { ProviderSecret } from './provider-secrets.ts';
import { isUniqueViolation } from '../../lib/unique-violation.ts';

/** The registered providers, and each one's webhook secret (read once, then kept: a stored secret never changes). */
export type Providers = {
  /** Whether the sandbox provider (and the operator's simulated payment) exists: PAYMENTS_SANDBOX. */
  readonly sandbox: boolean;
  get(name: string): PaymentProvider | undefined;
  names(): string[];
  secret(db: Db, name: string): Promise<ProviderSecret>;
};

/**
 * Every provider the site takes payments from, with where its secret comes from. A new provider is one more entry:
 * its secret is PROVIDER's variable when set, else generated and stored like the sandbox's (decision 0007).
 */
export function providers(config: Pick<Config, 'pixSandboxSecret' | 'paymentsSandbox'>): Providers {
  const entries = new Map<string, { provider: PaymentProvider; configured: string | undefined }>();
  if (config.paymentsSandbox) {
    entries.set(SANDBOX_PROVIDER, { provider: sandboxProvider(), configured: config.pixSandboxSecret });
  }
  const cache = new Map<string, Promise<ProviderSecret>>();
  return {
    sandbox: entries.has(SANDBOX_PROVIDER),
    get: (name) => entries.get(name)?.provider,
    names: () => [...entries.keys()],
    secret(db, name) {
      const entry = entries.get(name);
      if (!entry) return Promise.reject(new AppError('PROVIDER_NOT_FOUND'));
      let secret = cache.get(name);
      if (!secret) {
        secret = providerSecret(db, name, entry.configured);
        // A failed read (database down) is not kept: the next call tries again.
        secret.catch(() => cache.delete(name));
        cache.set(name, secret);
      }
      return secret;
    },
  };
}

/**
 * Makes sure every registered provider has its secret, generating the missing ones (server start). Returns where
 * each came from, for the log: never the secret itself.
 */
export async function ensureProviderSecrets(db: Db, all: Providers): Promise<{ provider: string; source: string }[]> {
  const out = [];
  for (const name of all.names()) out.push({ provider: name, source: (await all.secret(db, name)).source });
  return out;
}

/** The operator's view: each provider, where its secret comes from, and a generated secret in full. */
export async function listProviders(db: Db, all: Providers): Promise<PaymentProviderInfo[]> {
  const out: PaymentProviderInfo[] = [];
  for (const name of all.names()) {
    const { secret, source } = await all.secret(db, name);
    out.push({
      name,
      secret_source: source,
      secret: source === 'generated' ? secret : null,
      simulate: name === SANDBOX_PROVIDER,
    });
  }
  return out;
}

export type WebhookResult = { credited: boolean };

/**
 * Verifies a webhook and applies its event: a PIX payment credits its pending deposit once. A repeated delivery
 * (same event id, or a deposit already decided) answers normally and credits nothing; an amount that differs from
 * what the deposit asked the player to pay (its channel amount) changes nothing and is refused (400 AMOUNT_INVALID).
 */
export async function handleWebhook(
  db: Db,
  all: Providers,
  providerName: string,
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
  now: Date,
  actor?: AuditActor,
): Promise<WebhookResult> {
  const provider = all.get(providerName);
  if (!provider) throw new AppError('PROVIDER_NOT_FOUND');
  const { secret } = await all.secret(db, provider.name);
  const event = provider.verifyWebhook(rawBody, headers, now, secret);
  return applyEvent(db, provider.name, event, actor ?? { userId: null, account: `provider:${provider.name}` }, now);
}

async function applyEvent(
  db: Db,
  provider: string,
  event: PaymentEvent,
  actor: AuditActor,
  now: Date,
): Promise<WebhookResult> {
  if (await findDepositPaidBy(db, event.id)) return { credited: false };
  const deposit = await findDeposit(db, event.deposit_id);
  if (!deposit || deposit.channel_type !== 'pix') throw new AppError('DEPOSIT_NOT_FOUND');
  if (deposit.channel_amount !== event.amount) throw new AppError('AMOUNT_INVALID');
  if (deposit.status !== 'pending') return { credited: false };
  try {
    await db
      .transaction()
      .execute((trx) =>
        creditDeposit(trx, deposit.id, actor, 'deposit.provider_paid', { provider, providerRef: event.id }, now),
      );
    return { credited: true };
  } catch (err) {
    // Two deliveries at once: the row lock and the unique provider_ref let one credit; the other credits nothing.
    if (err instanceof AppError && err.key === 'ALREADY_DECIDED') return { credited: false };
    if (isUniqueViolation(err)) return { credited: false };
    throw err;
  }
}

/**
 * The operator's "confirm" of a sandbox PIX payment: builds and signs the event the sandbox provider would send and
 * delivers it through the same verification path as a real webhook.
 */
export async function confirmSandboxPayment(
  db: Db,
  all: Providers,
  operator: AuditActor,
  depositId: number,
  now: Date,
): Promise<WebhookResult> {
  const deposit = await findDeposit(db, depositId);
  if (!deposit || deposit.channel_type !== 'pix') throw new AppError('DEPOSIT_NOT_FOUND');
  if (deposit.status !== 'pending') throw new AppError('ALREADY_DECIDED');
  const event: PaymentEvent = {
    id: `sbx_${randomBytes(12).toString('hex')}`,
    type: 'pix.paid',
    deposit_id: deposit.id,
    amount: deposit.channel_amount,
  };
  const body = Buffer.from(JSON.stringify(event));
  const timestamp = Math.floor(now.getTime() / 1000);
  const { secret } = await all.secret(db, SANDBOX_PROVIDER);
  const headers = { [TIMESTAMP_HEADER]: String(timestamp), [SIGNATURE_HEADER]: signWebhook(secret, timestamp, body) };
  const result = await handleWebhook(db, all, SANDBOX_PROVIDER, body, headers, now, operator);
  if (!result.credited) throw new AppError('ALREADY_DECIDED');
  return result;
}
