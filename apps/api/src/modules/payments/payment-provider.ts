/**
 * Payment providers behind one small interface (decision 0007). A provider verifies its own
 * webhook (signature, timestamp, body) and turns it into an event; what the event does is the same for all of them
 * (payments.service.ts). Add a real PSP by implementing PaymentProvider and listing it in providers().
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { isErrorKey, rowId, unstorableTextPath } from '@fairdraw/contract';
import { AppError } from '../../lib/app-error.ts';

export type PaymentEvent = { id: string; type: 'pix.paid'; deposit_id: number; amount: number };

export interface PaymentProvider {
  readonly name: string;
  /**
   * Checks the raw body against the headers at `now` with the provider's webhook secret (provider-secrets.ts);
   * returns the event or throws an AppError (400).
   */
  verifyWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
    now: Date,
    secret: string,
  ): PaymentEvent;
}

export const SIGNATURE_HEADER = 'x-fd-signature';
export const TIMESTAMP_HEADER = 'x-fd-timestamp';
/** A webhook older than this, or this far in the future, is refused (replay window). */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

const eventSchema = z.object({
  id: z.string().min(1).max(100),
  type: z.literal('pix.paid'),
  deposit_id: rowId('DEPOSIT_NOT_FOUND'),
  /** What was paid, minor units of the deposit's channel currency (the deposit's channel_amount). */
  amount: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

/**
 * Every provider turns its verified, parsed body into an event here: a webhook's body is not a route schema, so the
 * contract's rules apply here as they do to every request — text PostgreSQL can store, row ids in range (out of
 * range answers like an unknown deposit).
 */
export function parsePaymentEvent(json: unknown): PaymentEvent {
  const bad = unstorableTextPath(json);
  if (bad !== null) throw new AppError('VALIDATION_FAILED', bad === '' ? {} : { field: bad });
  const event = eventSchema.safeParse(json);
  if (event.success) return event.data;
  const issue = event.error.issues[0];
  const key = isErrorKey(issue?.message) ? issue.message : 'VALIDATION_FAILED';
  const field = issue?.path.join('.');
  throw new AppError(key, field ? { field } : {});
}

/** hex HMAC-SHA256 over `timestamp + "." + rawBody`. */
export function signWebhook(secret: string, timestamp: number, rawBody: Buffer | string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const v = headers[name];
  return typeof v === 'string' ? v : undefined;
}

export const SANDBOX_PROVIDER = 'sandbox';

/** The built-in sandbox provider: HMAC-signed events, so the whole path can be exercised without a real PSP. */
export function sandboxProvider(): PaymentProvider {
  return {
    name: SANDBOX_PROVIDER,
    verifyWebhook(rawBody, headers, now, secret) {
      const timestampText = header(headers, TIMESTAMP_HEADER) ?? '';
      const signature = header(headers, SIGNATURE_HEADER) ?? '';
      if (!/^\d{1,12}$/.test(timestampText)) throw new AppError('WEBHOOK_TIMESTAMP_STALE');
      const timestamp = Number(timestampText);
      if (Math.abs(now.getTime() / 1000 - timestamp) > WEBHOOK_TOLERANCE_SECONDS) {
        throw new AppError('WEBHOOK_TIMESTAMP_STALE');
      }
      const expected = Buffer.from(signWebhook(secret, timestamp, rawBody), 'hex');
      const given = /^[0-9a-fA-F]{64}$/.test(signature) ? Buffer.from(signature, 'hex') : Buffer.alloc(0);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new AppError('WEBHOOK_SIGNATURE_INVALID');
      }
      // Parsed only after the signature holds.
      let json: unknown;
      try {
        json = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new AppError('INVALID_JSON');
      }
      return parsePaymentEvent(json);
    },
  };
}
