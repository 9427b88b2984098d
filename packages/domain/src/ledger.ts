/**
 * The double-entry ledger: every movement of money is a transaction of postings whose amounts sum to zero.
 *
 * Sign convention: a posting's `amount` is the signed change of the account's balance as its owner sees it
 * ("balance delta"), in integer minor units. +500 on a player's cash account means the player has 5.00 more;
 * the −500 that balances it is on the account the money came from. No posting is zero.
 *
 * Account model:
 * - per user (`userId` required): `player_cash` (withdrawable money), `player_demo` (play money),
 *   `withdrawals_pending` (money the player asked to withdraw, held until the cashier pays or rejects it; this
 *   user's pending balance is what the wallet shows as "frozen") and `player_chase` (the stake of the player's
 *   chases, taken whole when a chase is placed: each period's slip is staked from it, what is not placed goes back
 *   to `player_cash`).
 * - house-wide (no `userId`): `house` (the house's side of real-money bets), `fees` (withdrawal fees earned),
 *   `bonus` (promotions and daily rebates paid out), `demo_source` (where play money comes from and returns to), and
 *   `deposits_clearing`, which stands for the outside world (payment providers, banks, PIX, chains): a deposit
 *   moves money from it into the site, a paid withdrawal moves money back to it. Its balance is therefore
 *   minus the net money players brought in; likewise `demo_source` is minus the play money outstanding.
 *
 * Demo money moves only between `player_demo` and `demo_source`, so it can never reach cash or the house.
 */
import type { Minor } from './money.ts';

export type PlayerAccountKind = 'player_cash' | 'player_demo' | 'withdrawals_pending' | 'player_chase';
export type HouseAccountKind = 'house' | 'deposits_clearing' | 'fees' | 'bonus' | 'demo_source';
export type LedgerAccountKind = PlayerAccountKind | HouseAccountKind;

export const PLAYER_ACCOUNT_KINDS: readonly PlayerAccountKind[] = [
  'player_cash',
  'player_demo',
  'withdrawals_pending',
  'player_chase',
];
const HOUSE_ACCOUNT_KINDS: readonly HouseAccountKind[] = ['house', 'deposits_clearing', 'fees', 'bonus', 'demo_source'];

export type LedgerAccountRef =
  | { readonly kind: PlayerAccountKind; readonly userId: number }
  | { readonly kind: HouseAccountKind; readonly userId?: undefined };

/** One line of a transaction: `amount` is the signed change of the account's balance (see the file comment). */
export type Posting = { readonly account: LedgerAccountRef; readonly amount: number };

/** Every kind of transaction; each names its cause in its reference (money-causes.int.test.ts walks them all). */
export const LEDGER_TRANSACTION_KINDS = [
  'deposit',
  'withdrawal_request',
  'withdrawal_paid',
  'withdrawal_rejected',
  'demo_grant',
  'bonus',
  'stake',
  'payout',
  'refund',
  'cancel',
  'rebate',
  'chase_hold',
  'chase_refund',
] as const;
export type LedgerTransactionKind = (typeof LEDGER_TRANSACTION_KINDS)[number];

export type LedgerTransaction = { readonly kind: LedgerTransactionKind; readonly postings: readonly Posting[] };

export type Wallet = 'cash' | 'demo';

export type LedgerErrorCode = 'EMPTY' | 'ZERO_AMOUNT' | 'NOT_INTEGER' | 'UNBALANCED' | 'BAD_ACCOUNT' | 'BAD_AMOUNT';

export class LedgerError extends Error {
  readonly code: LedgerErrorCode;
  constructor(code: LedgerErrorCode, message: string) {
    super(message);
    this.name = 'LedgerError';
    this.code = code;
  }
}

function isPlayerKind(kind: string): kind is PlayerAccountKind {
  return (PLAYER_ACCOUNT_KINDS as readonly string[]).includes(kind);
}

function isHouseKind(kind: string): kind is HouseAccountKind {
  return (HOUSE_ACCOUNT_KINDS as readonly string[]).includes(kind);
}

export function playerAccount(kind: PlayerAccountKind, userId: number): LedgerAccountRef {
  if (!Number.isSafeInteger(userId) || userId <= 0) throw new LedgerError('BAD_ACCOUNT', `not a user id: ${userId}`);
  return { kind, userId };
}

export function houseAccount(kind: HouseAccountKind): LedgerAccountRef {
  return { kind };
}

/** A stable string for an account: `player_cash:42`, `house`. Parsed back by `parseAccountKey`. */
export function accountKey(ref: LedgerAccountRef): string {
  if (isPlayerKind(ref.kind)) {
    if (ref.userId === undefined || !Number.isSafeInteger(ref.userId) || ref.userId <= 0) {
      throw new LedgerError('BAD_ACCOUNT', `${ref.kind} needs a user id`);
    }
    return `${ref.kind}:${ref.userId}`;
  }
  const kind: string = ref.kind; // checked at run time too: refs are built from database rows
  if (!isHouseKind(kind)) throw new LedgerError('BAD_ACCOUNT', `unknown account kind: ${kind}`);
  if (ref.userId !== undefined) throw new LedgerError('BAD_ACCOUNT', `${kind} is house-wide, not per user`);
  return kind;
}

export function parseAccountKey(key: string): LedgerAccountRef {
  const match = /^([a-z_]+)(?::([1-9][0-9]*))?$/.exec(key);
  const kind = match?.[1];
  const user = match?.[2];
  if (kind !== undefined && isPlayerKind(kind) && user !== undefined) return playerAccount(kind, Number(user));
  if (kind !== undefined && isHouseKind(kind) && user === undefined) return { kind };
  throw new LedgerError('BAD_ACCOUNT', `not an account key: ${key}`);
}

/** Checks the postings (non-empty, non-zero safe integers, valid accounts, sum zero) and returns the transaction. */
export function ledgerTransaction(kind: LedgerTransactionKind, postings: readonly Posting[]): LedgerTransaction {
  if (postings.length === 0) throw new LedgerError('EMPTY', `${kind}: a transaction needs postings`);
  let sum = 0n;
  for (const posting of postings) {
    accountKey(posting.account);
    if (!Number.isSafeInteger(posting.amount)) {
      throw new LedgerError('NOT_INTEGER', `${kind}: not a safe integer amount: ${posting.amount}`);
    }
    if (posting.amount === 0) throw new LedgerError('ZERO_AMOUNT', `${kind}: a posting of zero`);
    sum += BigInt(posting.amount);
  }
  if (sum !== 0n) throw new LedgerError('UNBALANCED', `${kind}: postings sum to ${sum}, not zero`);
  return { kind, postings: postings.map((p) => ({ account: p.account, amount: p.amount })) };
}

function positive(what: string, value: number): number {
  if (!Number.isSafeInteger(value) || value <= 0) throw new LedgerError('BAD_AMOUNT', `${what} must be > 0: ${value}`);
  return value;
}

function nonNegative(what: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 0) throw new LedgerError('BAD_AMOUNT', `${what} must be ≥ 0: ${value}`);
  return value;
}

function total(amount: number, fee: number): number {
  const sum = amount + fee;
  if (!Number.isSafeInteger(sum)) throw new LedgerError('BAD_AMOUNT', 'amount + fee out of range');
  return sum;
}

const clearing = houseAccount('deposits_clearing');

/** A deposit arrived from outside: deposits_clearing → player_cash. */
export function depositCredited(userId: number, amount: Minor): LedgerTransaction {
  const a = positive('deposit', amount);
  return ledgerTransaction('deposit', [
    { account: clearing, amount: -a },
    { account: playerAccount('player_cash', userId), amount: a },
  ]);
}

/** The player asks for `amount` to be paid out, plus `fee`: player_cash → withdrawals_pending (amount + fee). */
export function withdrawalRequested(userId: number, amount: Minor, fee: Minor): LedgerTransaction {
  const held = total(positive('withdrawal', amount), nonNegative('fee', fee));
  return ledgerTransaction('withdrawal_request', [
    { account: playerAccount('player_cash', userId), amount: -held },
    { account: playerAccount('withdrawals_pending', userId), amount: held },
  ]);
}

/** The cashier paid: withdrawals_pending → deposits_clearing (amount, money leaves to the outside) and → fees (fee). */
export function withdrawalPaid(userId: number, amount: Minor, fee: Minor): LedgerTransaction {
  const a = positive('withdrawal', amount);
  const f = nonNegative('fee', fee);
  const postings: Posting[] = [
    { account: playerAccount('withdrawals_pending', userId), amount: -total(a, f) },
    { account: clearing, amount: a },
  ];
  if (f > 0) postings.push({ account: houseAccount('fees'), amount: f });
  return ledgerTransaction('withdrawal_paid', postings);
}

/** The cashier rejected: withdrawals_pending → player_cash (amount + fee, the fee is not kept). */
export function withdrawalRejected(userId: number, amount: Minor, fee: Minor): LedgerTransaction {
  const held = total(positive('withdrawal', amount), nonNegative('fee', fee));
  return ledgerTransaction('withdrawal_rejected', [
    { account: playerAccount('withdrawals_pending', userId), amount: -held },
    { account: playerAccount('player_cash', userId), amount: held },
  ]);
}

/** Play money for the demo wallet: demo_source → player_demo. */
export function demoGrant(userId: number, amount: Minor): LedgerTransaction {
  const a = positive('demo grant', amount);
  return ledgerTransaction('demo_grant', [
    { account: houseAccount('demo_source'), amount: -a },
    { account: playerAccount('player_demo', userId), amount: a },
  ]);
}

function walletAccounts(userId: number, wallet: Wallet): [player: LedgerAccountRef, counterpart: LedgerAccountRef] {
  return wallet === 'cash'
    ? [playerAccount('player_cash', userId), houseAccount('house')]
    : [playerAccount('player_demo', userId), houseAccount('demo_source')];
}

/** A bet is placed: player wallet → house (cash) or → demo_source (demo). */
export function stakePlaced(userId: number, wallet: Wallet, stake: Minor): LedgerTransaction {
  const s = positive('stake', stake);
  const [player, counterpart] = walletAccounts(userId, wallet);
  return ledgerTransaction('stake', [
    { account: player, amount: -s },
    { account: counterpart, amount: s },
  ]);
}

/** A winning bet pays: house (cash) or demo_source (demo) → player wallet. A losing bet has no payout. */
export function payoutCredited(userId: number, wallet: Wallet, amount: Minor): LedgerTransaction {
  const a = positive('payout', amount);
  const [player, counterpart] = walletAccounts(userId, wallet);
  return ledgerTransaction('payout', [
    { account: counterpart, amount: -a },
    { account: player, amount: a },
  ]);
}

/** A cancelled bet gives the stake back: house (cash) or demo_source (demo) → player wallet. */
export function stakeRefunded(userId: number, wallet: Wallet, stake: Minor): LedgerTransaction {
  const s = positive('refund', stake);
  const [player, counterpart] = walletAccounts(userId, wallet);
  return ledgerTransaction('refund', [
    { account: counterpart, amount: -s },
    { account: player, amount: s },
  ]);
}

/**
 * The player cancels an unsettled slip before its period's seal: the stake goes back the way it came, house (cash)
 * or demo_source (demo) → the wallet it was staked from. A kind of its own (not a 'refund' of a void period), so
 * the reports take it off the stakes: a cancelled slip is no turnover.
 */
export function stakeCancelled(userId: number, wallet: Wallet, stake: Minor): LedgerTransaction {
  const s = positive('cancel', stake);
  const [player, counterpart] = walletAccounts(userId, wallet);
  return ledgerTransaction('cancel', [
    { account: counterpart, amount: -s },
    { account: player, amount: s },
  ]);
}

/**
 * A claimed daily rebate (modules/bonus): the house's bonus account → player_cash. The rebate's turnover requirement
 * is kept apart (bonus_rebates), not in the ledger: it holds that much of the cash back from withdrawal.
 */
export function rebateCredited(userId: number, amount: Minor): LedgerTransaction {
  const a = positive('rebate', amount);
  return ledgerTransaction('rebate', [
    { account: houseAccount('bonus'), amount: -a },
    { account: playerAccount('player_cash', userId), amount: a },
  ]);
}

/** A chase is placed: its whole stake (every period's slip) player_cash → player_chase ('chase_hold', 'chase:<id>'). */
export function chaseHeld(userId: number, amount: Minor): LedgerTransaction {
  const a = positive('chase', amount);
  return ledgerTransaction('chase_hold', [
    { account: playerAccount('player_cash', userId), amount: -a },
    { account: playerAccount('player_chase', userId), amount: a },
  ]);
}

/** A chase's period is placed: that slip's stake player_chase → house ('stake', 'bet:<id>', like any slip's). */
export function chaseStakePlaced(userId: number, stake: Minor): LedgerTransaction {
  const s = positive('stake', stake);
  return ledgerTransaction('stake', [
    { account: playerAccount('player_chase', userId), amount: -s },
    { account: houseAccount('house'), amount: s },
  ]);
}

/**
 * The periods of a chase that will not be placed (cancelled, stopped by a win or a refusal) give their stake back:
 * player_chase → player_cash ('chase_refund', 'chase:<id>': a chase stops once, so it is refunded once).
 */
export function chaseRefunded(userId: number, amount: Minor): LedgerTransaction {
  const a = positive('chase refund', amount);
  return ledgerTransaction('chase_refund', [
    { account: playerAccount('player_chase', userId), amount: -a },
    { account: playerAccount('player_cash', userId), amount: a },
  ]);
}

export type StoredTransaction = { readonly id: string | number; readonly postings: readonly Posting[] };

/** Balances recomputed from the postings, by `accountKey`. Accounts that were never posted to are absent. */
export function ledgerBalances(transactions: Iterable<{ readonly postings: readonly Posting[] }>): Map<string, number> {
  const balances = new Map<string, number>();
  for (const tx of transactions) {
    for (const p of tx.postings) {
      const key = accountKey(p.account);
      balances.set(key, (balances.get(key) ?? 0) + p.amount);
    }
  }
  return balances;
}

export type LedgerReport = {
  /** True when every transaction balances, the grand total is zero, no cached balance differs and no player account is negative. */
  readonly ok: boolean;
  readonly unbalancedTransactions: readonly { readonly id: string | number; readonly sum: number }[];
  /** The sum of every posting; zero in a sound ledger. */
  readonly total: number;
  /** Accounts whose cached balance differs from the postings; a missing cached balance counts as 0. Sorted by account. */
  readonly balanceMismatches: readonly {
    readonly account: string;
    readonly cached: number;
    readonly recomputed: number;
  }[];
  /** Player accounts (cash, demo, pending) whose recomputed balance is below zero. Sorted. */
  readonly negativeBalances: readonly { readonly account: string; readonly balance: number }[];
};

/**
 * The reference ledger check (the API runs the same in SQL): each transaction sums to zero, all postings sum to
 * zero, and the cached balance of every account equals the sum of its postings.
 */
export function checkLedger(
  transactions: readonly StoredTransaction[],
  cachedBalances: ReadonlyMap<string, number>,
): LedgerReport {
  const unbalancedTransactions: { id: string | number; sum: number }[] = [];
  let grand = 0;
  for (const tx of transactions) {
    const sum = tx.postings.reduce((s, p) => s + p.amount, 0);
    if (sum !== 0 || tx.postings.length === 0) unbalancedTransactions.push({ id: tx.id, sum });
    grand += sum;
  }
  const recomputed = ledgerBalances(transactions);
  const accounts = [...new Set([...recomputed.keys(), ...cachedBalances.keys()])].sort();
  const balanceMismatches: { account: string; cached: number; recomputed: number }[] = [];
  const negativeBalances: { account: string; balance: number }[] = [];
  for (const account of accounts) {
    const cached = cachedBalances.get(account) ?? 0;
    const actual = recomputed.get(account) ?? 0;
    if (cached !== actual) balanceMismatches.push({ account, cached, recomputed: actual });
    if (actual < 0 && isPlayerKind(account.split(':')[0] ?? '')) negativeBalances.push({ account, balance: actual });
  }
  return {
    ok:
      unbalancedTransactions.length === 0 &&
      grand === 0 &&
      balanceMismatches.length === 0 &&
      negativeBalances.length === 0,
    unbalancedTransactions,
    total: grand,
    balanceMismatches,
    negativeBalances,
  };
}
