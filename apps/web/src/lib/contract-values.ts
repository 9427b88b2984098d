// Plain values of the contract, spelled out here because the contract modules that define them also build zod
// schemas at load time: importing them as values pulls all of zod into the route chunks (see api-client.ts).
// The `satisfies` clauses make the compiler check they stay equal to the contract's.
import type { ChannelType, CryptoCoin, RechargeRange } from '@fairdraw/contract';

export const RECHARGE_RANGES = [
  'today',
  'yesterday',
  'before_yesterday',
  'last7',
] as const satisfies readonly RechargeRange[];
export const CRYPTO_COINS = ['USDT-TRC20', 'USDT-ERC20'] as const satisfies readonly CryptoCoin[];
export const CHANNEL_TYPES = ['bank', 'pix', 'crypto'] as const satisfies readonly ChannelType[];
/** The fund (withdrawal) password: exactly six digits (contract user.ts FUND_PASSWORD_RE). */
export const FUND_PASSWORD_RE = /^\d{6}$/;

// Every contract value is covered the other way round, too.
type Covers<A, B> = [B] extends [A] ? true : never;
export const covered: [
  Covers<(typeof RECHARGE_RANGES)[number], RechargeRange>,
  Covers<(typeof CRYPTO_COINS)[number], CryptoCoin>,
  Covers<(typeof CHANNEL_TYPES)[number], ChannelType>,
] = [true, true, true];

/** The header that makes a money-moving POST safe to retry (contract common.ts IDEMPOTENCY_HEADER). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
