// Plain values of the contract: no zod here, so a screen can import them (`@fairdraw/contract/values`) without
// pulling the schema modules, which build zod schemas when they load, into its bundle. The schema modules take
// their lists and rules from this file.

/** Account and password rules, shared by the API's validation and the web's forms. */
export const ACCOUNT_RE = /^[A-Za-z0-9]{4,20}$/;
/** At registration: 6–15 letters and numbers. */
export const REGISTER_PASSWORD_RE = /^[A-Za-z0-9]{6,15}$/;
/** At login: 6–20 characters (older accounts and operators may have longer ones). */
export const LOGIN_PASSWORD_MIN = 6;
export const LOGIN_PASSWORD_MAX = 20;
export const NICKNAME_MAX = 20;
/** The fund (withdrawal) password: exactly six digits. */
export const FUND_PASSWORD_RE = /^\d{6}$/;

/** The header that makes a money-moving POST safe to retry (docs/trust.md 6). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

export const CRYPTO_COINS = ['USDT-TRC20', 'USDT-ERC20'] as const;
export type CryptoCoin = (typeof CRYPTO_COINS)[number];

export const CHANNEL_TYPES = ['bank', 'pix', 'crypto'] as const;
export type ChannelType = (typeof CHANNEL_TYPES)[number];

/** Spec §9: recharge list filters — today, yesterday, the day before yesterday, last 7 days (business time zone). */
export const RECHARGE_RANGES = ['today', 'yesterday', 'before_yesterday', 'last7'] as const;
export type RechargeRange = (typeof RECHARGE_RANGES)[number];
