import { z } from 'zod';
import {
  DEPOSIT_TIME_SKEW_MS,
  rechargeSubmitRequest,
  type RechargeChannel,
  type RechargeSubmitRequest,
} from '@fairdraw/contract';
import { issue, readAmount } from '../../../lib/forms.ts';

/**
 * What the player types about a bank transfer: when they paid and the name on the account they paid from. The
 * account they paid into (payee, account number, bank) is the channel's own, shown above the form, and is sent as
 * shown: asking for it again only left players unsure whose details to type.
 */
export const BANK_FIELDS = ['deposit_time', 'payer_name'] as const;
/** The fields with a message under them; channel and amount errors show above the submit button. */
export const DEPOSIT_FIELDS = [...BANK_FIELDS, 'tx_hash'] as const;

/**
 * What the player types (amount and the transfer's details as text). The channel is chosen beside the form (it is
 * the schema's context); `channel_id` is here only to carry its error (CHANNEL_REQUIRED, or the API's).
 */
export type DepositValues = { channel_id?: number; amount: string } & Record<(typeof DEPOSIT_FIELDS)[number], string>;
export const EMPTY_DEPOSIT: DepositValues = {
  amount: '',
  deposit_time: '',
  payer_name: '',
  tx_hash: '',
};

/** What the schema needs besides the typed values: the chosen channel, the wallet's decimals, the device's time. */
export type DepositContext = { channel: RechargeChannel | undefined; exponent: number; now: () => number };

const text = z.string();
const values = z.object({
  channel_id: z.number().optional(),
  amount: text,
  deposit_time: text,
  payer_name: text,
  tx_hash: text,
});

/**
 * Typed values → the deposit request, checked in the server's order (channel → amount → the channel's fields), then
 * by the contract's rechargeSubmitRequest (lengths, ranges).
 */
export const depositSchema = ({ channel, exponent, now }: DepositContext) =>
  values
    .transform((v, ctx): RechargeSubmitRequest => {
      if (!channel) return (issue(ctx, 'CHANNEL_REQUIRED', 'channel_id'), z.NEVER);
      const amount = readAmount(ctx, v.amount, exponent, channel);
      if (amount === null) return z.NEVER;
      const body: RechargeSubmitRequest = { channel_id: channel.id, amount };
      if (channel.type === 'bank') {
        const missing = BANK_FIELDS.filter((f) => !v[f].trim());
        for (const f of missing) issue(ctx, 'REQUIRED_FIELDS', f);
        const time = new Date(v.deposit_time).getTime();
        if (!missing.includes('deposit_time') && !Number.isFinite(time)) issue(ctx, 'REQUIRED_FIELDS', 'deposit_time');
        if (missing.length > 0 || !Number.isFinite(time)) return z.NEVER;
        // The server decides by its own clock; this only saves a round trip for a plainly wrong time.
        if (time > now() + DEPOSIT_TIME_SKEW_MS) return (issue(ctx, 'DEPOSIT_TIME_IN_FUTURE', 'deposit_time'), z.NEVER);
        Object.assign(body, {
          payee: channel.bank?.payee,
          account_number: channel.bank?.account_number,
          bank: channel.bank?.bank,
          deposit_time: time,
          payer_name: v.payer_name.trim(),
        });
      }
      if (channel.type === 'crypto') {
        if (!v.tx_hash.trim()) return (issue(ctx, 'REQUIRED_FIELDS', 'tx_hash'), z.NEVER);
        body.tx_hash = v.tx_hash.trim();
      }
      return body;
    })
    .pipe(rechargeSubmitRequest);
