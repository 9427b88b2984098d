import { z } from 'zod';
import { paged, pageQuery } from './common.ts';
import type { Lang } from './langs.ts';
import th from '../locales/th/account.json' with { type: 'json' };
import en from '../locales/en/account.json' with { type: 'json' };
import zhCn from '../locales/zh-cn/account.json' with { type: 'json' };
import zhHk from '../locales/zh-hk/account.json' with { type: 'json' };
import vi from '../locales/vi/account.json' with { type: 'json' };
import pt from '../locales/pt/account.json' with { type: 'json' };

/**
 * Account history: every movement of the player's own ledger accounts with its cause. One entry per
 * posting on the player's cash ("balance") or on what pending withdrawals hold ("frozen"), so a withdrawal request
 * shows twice: −X on the balance and +X on frozen. The sum of a wallet's entries is that wallet's change.
 */
export const STATEMENT_CAUSES = [
  'deposit',
  'withdrawal_held',
  'withdrawal_paid',
  'withdrawal_refunded',
  'bet_staked',
  'bet_won',
  'bet_refunded',
  'bet_cancelled',
  'demo_grant',
  'bonus',
] as const;
export type StatementCause = (typeof STATEMENT_CAUSES)[number];

export const STATEMENT_WALLETS = ['balance', 'frozen'] as const;
export type StatementWallet = (typeof STATEMENT_WALLETS)[number];

/** What a movement's reference names: a deposit, a withdrawal or a bet slip (with its period's issue). */
export const REFERENCE_TYPES = ['deposit', 'withdrawal', 'slip', 'other'] as const;
export type ReferenceType = (typeof REFERENCE_TYPES)[number];

export const statementMovement = z.object({
  id: z.number().int(),
  /** Epoch ms when the ledger transaction was posted. */
  at: z.number().int(),
  cause: z.enum(STATEMENT_CAUSES),
  wallet: z.enum(STATEMENT_WALLETS),
  /** Signed change of `wallet`, in minor units. */
  amount: z.number().int(),
  /** `wallet`'s balance right after this movement (exact: the sum of the account's postings up to it). */
  balance_after: z.number().int(),
  ref_type: z.enum(REFERENCE_TYPES),
  ref_id: z.number().int().nullable(),
  /** A slip's period issue, else null. */
  issue: z.string().nullable(),
});
export type StatementMovement = z.infer<typeof statementMovement>;

/** How far back the history in the app goes; older movements are in the CSV export. */
export const HISTORY_MONTHS = 3;
/** The longest range one export may cover. */
export const EXPORT_MAX_MONTHS = 12;

export const statementHistoryQuery = pageQuery;

export const statementHistory = paged(statementMovement).extend({
  /** Epoch ms: movements before this are not listed (the last HISTORY_MONTHS months). */
  since: z.number().int(),
  /** YYYY-MM-DD, business time zone: the day the account was opened (the earliest an export may start). */
  opened: z.string(),
  /** YYYY-MM-DD, business time zone: today, as the server sees it. */
  today: z.string(),
  time_zone: z.string(),
});
export type StatementHistory = z.infer<typeof statementHistory>;

/** A calendar date YYYY-MM-DD that exists (2026-02-30 does not). */
export const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((s) => {
    const ms = Date.parse(`${s}T00:00:00Z`);
    return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === s;
  }, 'not a calendar date');

export const statementExportQuery = z.object({
  from: calendarDate.meta({ example: '2026-11-01' }),
  to: calendarDate.meta({ example: '2026-11-30' }),
});
export type StatementExportQuery = z.infer<typeof statementExportQuery>;

/** The export's words in each language: the header row, the causes and the wallets. */
export type StatementCsvTexts = {
  /** Seven columns: time, movement, account, amount, balance after, currency, reference. */
  header: readonly string[];
  causes: Record<StatementCause, string>;
  wallets: Record<StatementWallet, string>;
  refs: Record<ReferenceType, string>;
};

/** The export's words live in the catalogues (`locales/<lang>/account.json`), like the errors and the plays. */
export const STATEMENT_CSV_TEXTS: Record<Lang, StatementCsvTexts> = {
  th: th,
  en: en,
  'zh-cn': zhCn,
  'zh-hk': zhHk,
  vi: vi,
  pt: pt,
};
