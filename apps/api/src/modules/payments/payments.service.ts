import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import { creditDeposit } from '../recharge/recharge.service.ts';
import { sandboxProvider, signWebhook, SIGNATURE_HEADER, TIMESTAMP_HEADER } from './payment-provider.ts';
import type { PaymentEvent, PaymentProvider } from './payment-provider.ts';

export type Providers = ReadonlyMap<string, PaymentProvider>;

export function providers(config: { pixSandboxSecret: string }): Providers {
  const sandbox = sandboxProvider(config.pixSandboxSecret);
  return new Map([[sandbox.name, sandbox]]);
}

export type WebhookResult = { credited: boolean };

/**
 * Verifies a webhook and applies its event: a PIX payment credits its pending deposit once. A repeated delivery
 * (same event id, or a deposit already decided) answers normally and credits nothing; an amount that differs from
 * the deposit changes nothing and is refused (400 AMOUNT_INVALID).
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
  const event = provider.verifyWebhook(rawBody, headers, now);
  return applyEvent(db, provider.name, event, actor ?? { userId: null, account: `provider:${provider.name}` });
}

async function applyEvent(db: Db, provider: string, event: PaymentEvent, actor: AuditActor): Promise<WebhookResult> {
  const seen = await db.selectFrom('deposits').select('id').where('provider_ref', '=', event.id).executeTakeFirst();
  if (seen) return { credited: false };
  const deposit = await db
    .selectFrom('deposits as d')
    .innerJoin('recharge_channels as c', 'c.id', 'd.channel_id')
    .select(['d.id', 'd.amount', 'd.status', 'c.type'])
    .where('d.id', '=', event.deposit_id)
    .executeTakeFirst();
  if (!deposit || deposit.type !== 'pix') throw new AppError('DEPOSIT_NOT_FOUND');
  if (deposit.amount !== event.amount) throw new AppError('AMOUNT_INVALID');
  if (deposit.status !== 'pending') return { credited: false };
  try {
    await db
      .transaction()
      .execute((trx) =>
        creditDeposit(trx, deposit.id, actor, 'deposit.provider_paid', { provider, providerRef: event.id }),
      );
    return { credited: true };
  } catch (err) {
    // Two deliveries at once: the row lock and the unique provider_ref let one credit; the other credits nothing.
    if (err instanceof AppError && err.key === 'ALREADY_DECIDED') return { credited: false };
    if (typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505') {
      return { credited: false };
    }
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
  secret: string,
  operator: AuditActor,
  depositId: number,
  now: Date,
): Promise<WebhookResult> {
  const deposit = await db
    .selectFrom('deposits as d')
    .innerJoin('recharge_channels as c', 'c.id', 'd.channel_id')
    .select(['d.id', 'd.amount', 'd.status', 'c.type'])
    .where('d.id', '=', depositId)
    .executeTakeFirst();
  if (!deposit || deposit.type !== 'pix') throw new AppError('DEPOSIT_NOT_FOUND');
  if (deposit.status !== 'pending') throw new AppError('ALREADY_DECIDED');
  const event: PaymentEvent = {
    id: `sbx_${randomBytes(12).toString('hex')}`,
    type: 'pix.paid',
    deposit_id: deposit.id,
    amount: deposit.amount,
  };
  const body = Buffer.from(JSON.stringify(event));
  const timestamp = Math.floor(now.getTime() / 1000);
  const headers = { [TIMESTAMP_HEADER]: String(timestamp), [SIGNATURE_HEADER]: signWebhook(secret, timestamp, body) };
  const result = await handleWebhook(db, all, 'sandbox', body, headers, now, operator);
  if (!result.credited) throw new AppError('ALREADY_DECIDED');
  return result;
}
