import { z } from 'zod';
import { minorAmount, pageQuery, rowId } from './common.ts';
import type { ErrorKey } from './errors.ts';
import { LANGS } from './langs.ts';
import type { Lang } from './langs.ts';
import { deposit, DEPOSIT_STATUSES } from './recharge.ts';
import { CHANNEL_TYPES } from './values.ts';
import { feeRule } from './wallet.ts';
import { withdrawal, WITHDRAWAL_STATUSES } from './withdraw.ts';
import { cryptoCoin, payoutMethod } from './payout-methods.ts';

const who = z.object({ user_id: z.number().int(), account: z.string(), nickname: z.string() });

/** The operator's deposit queue: a deposit with its player; `q` searches account, payer name and tx hash. */
export const adminRechargeListQuery = pageQuery.extend({
  status: z.enum(DEPOSIT_STATUSES).default('pending'),
  q: z.string().trim().max(60).optional(),
});
/** Another deposit that names the same transfer (network and normalised hash) as the one shown. */
export const txHashSighting = z.object({
  deposit_id: z.number().int(),
  user_id: z.number().int(),
  account: z.string(),
  status: z.enum(DEPOSIT_STATUSES),
  created_at: z.number().int(),
  /** It was stored before hashes were unique, naming a transfer an earlier deposit already named. */
  duplicate: z.boolean(),
});
export type TxHashSighting = z.infer<typeof txHashSighting>;

/**
 * What the operator sees of a deposit: its player and, for a crypto deposit, the hash in one spelling to check on an
 * explorer (`tx_hash_normalized`), `tx_hash_duplicate_of` (a deposit stored before hashes were unique that names the
 * transfer of that earlier deposit: it cannot be approved) and every other deposit naming the same transfer, oldest
 * first (`tx_hash_seen`; empty for a transfer named once, always so for deposits made since).
 */
export const adminDeposit = deposit.extend({
  user: who,
  tx_hash_normalized: z.string().nullable(),
  tx_hash_duplicate_of: z.number().int().nullable(),
  tx_hash_seen: z.array(txHashSighting),
});
export type AdminDeposit = z.infer<typeof adminDeposit>;

export const adminWithdrawListQuery = pageQuery.extend({
  status: z.enum(WITHDRAWAL_STATUSES).default('pending'),
  q: z.string().trim().max(60).optional(),
});
/**
 * What the operator sees of a withdrawal: the player, and where to send the money in full (`payout_to`: the bank
 * account number or PIX key unmasked) — the player's own lists show them masked.
 */
export const adminWithdrawal = withdrawal.extend({ user: who, payout_to: payoutMethod });
export type AdminWithdrawal = z.infer<typeof adminWithdrawal>;

/** Approve needs only the id; reject needs a reason, which the player sees. `notFound`: the queue's unknown-id key. */
function decisionRequest(notFound: ErrorKey) {
  return z.object({ id: rowId(notFound), reason: z.string().trim().max(200, 'VALIDATION_FAILED').optional() });
}
export const depositDecisionRequest = decisionRequest('DEPOSIT_NOT_FOUND');
export const withdrawalDecisionRequest = decisionRequest('WITHDRAWAL_NOT_FOUND');
export type AdminDecisionRequest = z.infer<typeof depositDecisionRequest>;

/** The audit log, newest first; `q` finds the entries whose action, operator or target contains it (any case). */
export const auditListQuery = pageQuery.extend({ q: z.string().trim().max(60).optional() });

export const auditEntry = z.object({
  id: z.number().int(),
  actor: z.string(),
  action: z.string(),
  target: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  at: z.number().int(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

/** Ledger invariants (docs/trust.md 1–3): every transaction and the whole ledger sum to zero; cached = recomputed. */
export const ledgerReport = z.object({
  ok: z.boolean(),
  transactions: z.number().int(),
  postings: z.number().int(),
  total: z.number().int(),
  unbalanced: z.array(z.object({ transaction_id: z.number().int(), sum: z.number().int() })),
  mismatches: z.array(z.object({ account: z.string(), cached: z.number().int(), recomputed: z.number().int() })),
});
export type LedgerReport = z.infer<typeof ledgerReport>;

/** Longest channel name, in any language. */
export const CHANNEL_NAME_MAX = 60;

const translatedName = z.string().trim().max(CHANNEL_NAME_MAX);
/**
 * A channel's name in some of the six languages; a language left out (or empty) shows the plain `name`. Proper
 * names (a bank's) need none.
 */
export const channelNameTranslations = z.object(
  Object.fromEntries(LANGS.map((l) => [l, translatedName.optional()])) as Record<
    Lang,
    z.ZodOptional<typeof translatedName>
  >,
);
export type ChannelNameTranslations = Partial<Record<Lang, string>>;

/** Channel settings an operator edits: name, payee details, house addresses, PIX key, limits. */
export const adminChannel = z.object({
  id: rowId('CHANNEL_NOT_FOUND').optional(),
  type: z.enum(CHANNEL_TYPES),
  /** The plain name, shown in every language the channel has no name of its own in. */
  name: z.string().trim().min(1, 'REQUIRED_FIELDS').max(CHANNEL_NAME_MAX),
  /**
   * The name per language (always in an answer). In a request, empty ones are dropped; left out, those stored are
   * kept while `name` stays the same and dropped with a new `name` (they translated the old one).
   */
  name_translations: channelNameTranslations.optional(),
  /**
   * A demo channel of the seed (its details are examples; players are told not to pay). Set by the site and ignored
   * in a request; a channel stops being a demo once an operator changes its payment details.
   */
  demo: z.boolean().optional(),
  enabled: z.boolean(),
  min: minorAmount,
  max: minorAmount,
  sort: z.number().int().min(0).max(1000).default(0),
  bank: z
    .object({ payee: z.string().max(60), account_number: z.string().max(40), bank: z.string().max(60) })
    .nullable(),
  crypto: z.object({ coin: cryptoCoin, address: z.string().max(100) }).nullable(),
  pix: z
    .object({ key: z.string().max(100), merchant_name: z.string().max(25), merchant_city: z.string().max(15) })
    .nullable(),
  /** Set by the type (PIX BRL, crypto USDT, bank the site's); ignored in a request. */
  currency: z.string().max(10).optional(),
  /**
   * Channel major units per site major unit ("0.155"), required to enable a channel whose currency is not the
   * site's (CHANNEL_RATE_REQUIRED); null in the site's currency. Who set it and when: the audit log.
   */
  rate: z
    .string()
    .regex(/^\d{1,9}(\.\d{1,9})?$/, 'VALIDATION_FAILED')
    .nullable()
    .default(null),
});
export type AdminChannel = z.infer<typeof adminChannel>;

/** Withdrawal settings: fee rule and per-request limits. */
/** `require_kyc`: a withdrawal needs verified identity (KYC); always in the answer, kept as it is when a save omits it. */
export const withdrawSettings = z.object({
  fee: feeRule,
  min: minorAmount,
  max: minorAmount,
  require_kyc: z.boolean().optional(),
});
export type WithdrawSettings = z.infer<typeof withdrawSettings>;

/**
 * A payment provider as the operator sees it (decision 0007): where its webhook secret comes from, and the secret
 * itself when the site generated it (to configure at the provider); `simulate`: the operator may complete a payment
 * through it (the sandbox).
 */
const paymentProviderInfo = z.object({
  name: z.string(),
  secret_source: z.enum(['env', 'generated']),
  secret: z.string().nullable(),
  simulate: z.boolean(),
});
export type PaymentProviderInfo = z.infer<typeof paymentProviderInfo>;
export const paymentProviders = z.object({ providers: z.array(paymentProviderInfo), sandbox: z.boolean() });
export type PaymentProviders = z.infer<typeof paymentProviders>;
