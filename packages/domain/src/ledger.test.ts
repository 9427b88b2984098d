import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { minor } from './money.ts';
import {
  accountKey,
  checkLedger,
  demoGrant,
  depositCredited,
  houseAccount,
  ledgerBalances,
  LedgerError,
  ledgerTransaction,
  parseAccountKey,
  payoutCredited,
  playerAccount,
  stakePlaced,
  stakeRefunded,
  withdrawalPaid,
  withdrawalRejected,
  withdrawalRequested,
  type LedgerTransaction,
  type Posting,
  type StoredTransaction,
} from './ledger.ts';

const cash = (u: number) => playerAccount('player_cash', u);
const pending = (u: number) => playerAccount('withdrawals_pending', u);

function deltas(tx: LedgerTransaction): Record<string, number> {
  return Object.fromEntries(tx.postings.map((p) => [accountKey(p.account), p.amount]));
}

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    if (error instanceof LedgerError) return error.code;
    throw error;
  }
  return undefined;
}

describe('accountKey', () => {
  it('is stable and parses back', () => {
    expect(accountKey(cash(42))).toBe('player_cash:42');
    expect(accountKey(pending(7))).toBe('withdrawals_pending:7');
    expect(accountKey(houseAccount('house'))).toBe('house');
    expect(accountKey({ kind: 'deposits_clearing' })).toBe('deposits_clearing');
    for (const key of ['player_cash:42', 'player_demo:1', 'withdrawals_pending:9', 'fees', 'bonus', 'demo_source']) {
      expect(accountKey(parseAccountKey(key))).toBe(key);
    }
  });

  it('rejects accounts without an owner, house accounts with one, and unknown kinds', () => {
    expect(codeOf(() => accountKey({ kind: 'player_cash' } as never))).toBe('BAD_ACCOUNT');
    expect(codeOf(() => accountKey({ kind: 'house', userId: 3 } as never))).toBe('BAD_ACCOUNT');
    expect(codeOf(() => accountKey({ kind: 'casino' } as never))).toBe('BAD_ACCOUNT');
    expect(codeOf(() => playerAccount('player_cash', 0))).toBe('BAD_ACCOUNT');
    for (const bad of ['', 'player_cash', 'house:1', 'player_cash:0', 'player_cash:01', 'nope', 'fees:']) {
      expect(codeOf(() => parseAccountKey(bad))).toBe('BAD_ACCOUNT');
    }
  });
});

describe('ledgerTransaction', () => {
  const house = houseAccount('house');

  it('accepts balanced postings and copies them', () => {
    const postings: Posting[] = [
      { account: cash(1), amount: -100 },
      { account: house, amount: 60 },
      { account: houseAccount('fees'), amount: 40 },
    ];
    const tx = ledgerTransaction('stake', postings);
    expect(tx.postings).toEqual(postings);
    expect(tx.postings).not.toBe(postings);
  });

  it('throws a typed LedgerError for empty, zero, fractional, unsafe and unbalanced postings', () => {
    expect(codeOf(() => ledgerTransaction('deposit', []))).toBe('EMPTY');
    expect(
      codeOf(() =>
        ledgerTransaction('deposit', [
          { account: cash(1), amount: 0 },
          { account: house, amount: 0 },
        ]),
      ),
    ).toBe('ZERO_AMOUNT');
    expect(
      codeOf(() =>
        ledgerTransaction('deposit', [
          { account: cash(1), amount: 0.5 },
          { account: house, amount: -0.5 },
        ]),
      ),
    ).toBe('NOT_INTEGER');
    expect(
      codeOf(() =>
        ledgerTransaction('deposit', [
          { account: cash(1), amount: 2 ** 53 },
          { account: house, amount: -(2 ** 53) },
        ]),
      ),
    ).toBe('NOT_INTEGER');
    expect(
      codeOf(() =>
        ledgerTransaction('deposit', [
          { account: cash(1), amount: Number.NaN },
          { account: house, amount: 1 },
        ]),
      ),
    ).toBe('NOT_INTEGER');
    expect(
      codeOf(() =>
        ledgerTransaction('deposit', [
          { account: cash(1), amount: 100 },
          { account: house, amount: -99 },
        ]),
      ),
    ).toBe('UNBALANCED');
    // Sums beyond 2^53 are exact too: these only cancel in floating point.
    expect(
      codeOf(() =>
        ledgerTransaction('deposit', [
          { account: cash(1), amount: Number.MAX_SAFE_INTEGER },
          { account: cash(2), amount: 2 },
          { account: house, amount: -Number.MAX_SAFE_INTEGER },
          { account: houseAccount('fees'), amount: -1 },
        ]),
      ),
    ).toBe('UNBALANCED');
    expect(() => ledgerTransaction('deposit', [])).toThrow(LedgerError);
  });
});

describe('cashier movements', () => {
  it('deposit: deposits_clearing → player_cash', () => {
    expect(deltas(depositCredited(5, minor(10_000)))).toEqual({ deposits_clearing: -10_000, 'player_cash:5': 10_000 });
  });

  it('withdrawal request holds amount + fee as pending', () => {
    expect(deltas(withdrawalRequested(5, minor(9_000), minor(100)))).toEqual({
      'player_cash:5': -9_100,
      'withdrawals_pending:5': 9_100,
    });
  });

  it('paid: the amount goes out through deposits_clearing, the fee to fees', () => {
    expect(deltas(withdrawalPaid(5, minor(9_000), minor(100)))).toEqual({
      'withdrawals_pending:5': -9_100,
      deposits_clearing: 9_000,
      fees: 100,
    });
    // no zero posting when there is no fee
    expect(withdrawalPaid(5, minor(9_000), minor(0)).postings).toHaveLength(2);
  });

  it('rejected: amount + fee go back to cash', () => {
    expect(deltas(withdrawalRejected(5, minor(9_000), minor(100)))).toEqual({
      'withdrawals_pending:5': -9_100,
      'player_cash:5': 9_100,
    });
  });

  it('demo grant', () => {
    expect(deltas(demoGrant(3, minor(500_000)))).toEqual({ demo_source: -500_000, 'player_demo:3': 500_000 });
  });

  it('cash bets move against the house, demo bets only against demo_source', () => {
    expect(deltas(stakePlaced(3, 'cash', minor(100)))).toEqual({ 'player_cash:3': -100, house: 100 });
    expect(deltas(payoutCredited(3, 'cash', minor(198)))).toEqual({ 'player_cash:3': 198, house: -198 });
    expect(deltas(stakeRefunded(3, 'cash', minor(100)))).toEqual({ 'player_cash:3': 100, house: -100 });
    expect(deltas(stakePlaced(3, 'demo', minor(100)))).toEqual({ 'player_demo:3': -100, demo_source: 100 });
    expect(deltas(payoutCredited(3, 'demo', minor(198)))).toEqual({ 'player_demo:3': 198, demo_source: -198 });
    expect(deltas(stakeRefunded(3, 'demo', minor(100)))).toEqual({ 'player_demo:3': 100, demo_source: -100 });
  });

  it('demo money never touches cash, house, fees or clearing', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 1, max: 10 ** 12 }), (u, a) => {
        const txs = [demoGrant(u, minor(a)), stakePlaced(u, 'demo', minor(a)), payoutCredited(u, 'demo', minor(a))];
        txs.push(stakeRefunded(u, 'demo', minor(a)));
        return txs.every((tx) =>
          tx.postings.every((p) => p.account.kind === 'player_demo' || p.account.kind === 'demo_source'),
        );
      }),
    );
  });

  it('rejects zero or negative amounts and negative fees', () => {
    expect(codeOf(() => depositCredited(1, 0 as never))).toBe('BAD_AMOUNT');
    expect(codeOf(() => withdrawalRequested(1, minor(0), minor(0)))).toBe('BAD_AMOUNT');
    expect(codeOf(() => withdrawalPaid(1, minor(10), -1 as never))).toBe('BAD_AMOUNT');
    expect(codeOf(() => stakePlaced(1, 'cash', 1.5 as never))).toBe('BAD_AMOUNT');
    expect(codeOf(() => payoutCredited(1, 'demo', 0 as never))).toBe('BAD_AMOUNT');
    expect(codeOf(() => demoGrant(0, minor(10)))).toBe('BAD_ACCOUNT');
    expect(codeOf(() => withdrawalRequested(1, minor(Number.MAX_SAFE_INTEGER), minor(1)))).toBe('BAD_AMOUNT');
  });
});

describe('checkLedger', () => {
  const txs: StoredTransaction[] = [
    { id: 1, postings: depositCredited(1, minor(1000)).postings },
    { id: 2, postings: withdrawalRequested(1, minor(400), minor(10)).postings },
  ];
  const good = new Map([
    ['player_cash:1', 590],
    ['withdrawals_pending:1', 410],
    ['deposits_clearing', -1000],
  ]);

  it('is ok for a sound ledger', () => {
    expect(checkLedger(txs, good)).toEqual({
      ok: true,
      unbalancedTransactions: [],
      total: 0,
      balanceMismatches: [],
      negativeBalances: [],
    });
    expect(checkLedger([], new Map()).ok).toBe(true);
  });

  it('reports unbalanced rows, the total and mismatching cached balances', () => {
    const broken: StoredTransaction[] = [
      ...txs,
      { id: 'x', postings: [{ account: cash(2), amount: 50 }] },
      { id: 'empty', postings: [] },
    ];
    const cached = new Map(good);
    cached.set('player_cash:1', 600);
    cached.set('fees', 3); // an account with no postings at all
    const report = checkLedger(broken, cached);
    expect(report.ok).toBe(false);
    expect(report.unbalancedTransactions).toEqual([
      { id: 'x', sum: 50 },
      { id: 'empty', sum: 0 },
    ]);
    expect(report.total).toBe(50);
    expect(report.balanceMismatches).toEqual([
      { account: 'fees', cached: 3, recomputed: 0 },
      { account: 'player_cash:1', cached: 600, recomputed: 590 },
      { account: 'player_cash:2', cached: 0, recomputed: 50 },
    ]);
  });

  it('reports negative player balances even when the cache agrees', () => {
    const overdrawn: StoredTransaction[] = [{ id: 1, postings: withdrawalRequested(1, minor(5), minor(0)).postings }];
    const report = checkLedger(overdrawn, ledgerBalances(overdrawn));
    expect(report.ok).toBe(false);
    expect(report.balanceMismatches).toEqual([]);
    expect(report.negativeBalances).toEqual([{ account: 'player_cash:1', balance: -5 }]);
  });
});

// Model-based property: random cashier activity against a plain in-memory model of each user's wallet.
type Command =
  | { op: 'deposit'; user: number; amount: number }
  | { op: 'request'; user: number; amount: number; fee: number }
  | { op: 'approve'; pick: number }
  | { op: 'reject'; pick: number };

const user = fc.integer({ min: 1, max: 4 });
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ op: fc.constant('deposit' as const), user, amount: fc.integer({ min: 1, max: 10 ** 9 }) }),
  fc.record({
    op: fc.constant('request' as const),
    user,
    amount: fc.integer({ min: 1, max: 10 ** 9 }),
    fee: fc.integer({ min: 0, max: 10 ** 4 }),
  }),
  fc.record({ op: fc.constant('approve' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('reject' as const), pick: fc.nat() }),
);

describe('ledger against a model of the cashier', () => {
  it('stays balanced, never overdraws and agrees with the model after every step', () => {
    const seen = { deposit: 0, request: 0, approve: 0, reject: 0 };
    fc.assert(
      fc.property(fc.array(command, { maxLength: 60, size: 'max' }), (commands) => {
        const cashOf = new Map<number, number>();
        const pendingOf = new Map<number, number>();
        let outside = 0; // deposits_clearing
        let fees = 0;
        const open: { user: number; amount: number; fee: number }[] = [];
        const ledger: StoredTransaction[] = [];
        const add = (n: Map<number, number>, u: number, d: number) => n.set(u, (n.get(u) ?? 0) + d);

        for (const c of commands) {
          let tx: LedgerTransaction | undefined;
          if (c.op === 'deposit') {
            tx = depositCredited(c.user, minor(c.amount));
            add(cashOf, c.user, c.amount);
            outside -= c.amount;
          } else if (c.op === 'request') {
            if ((cashOf.get(c.user) ?? 0) < c.amount + c.fee) continue; // the API refuses: not enough balance
            tx = withdrawalRequested(c.user, minor(c.amount), minor(c.fee));
            add(cashOf, c.user, -(c.amount + c.fee));
            add(pendingOf, c.user, c.amount + c.fee);
            open.push({ user: c.user, amount: c.amount, fee: c.fee });
          } else {
            if (open.length === 0) continue;
            const [w] = open.splice(c.pick % open.length, 1);
            if (w === undefined) continue;
            add(pendingOf, w.user, -(w.amount + w.fee));
            if (c.op === 'approve') {
              tx = withdrawalPaid(w.user, minor(w.amount), minor(w.fee));
              outside += w.amount;
              fees += w.fee;
            } else {
              tx = withdrawalRejected(w.user, minor(w.amount), minor(w.fee));
              add(cashOf, w.user, w.amount + w.fee);
            }
          }
          ledger.push({ id: ledger.length + 1, postings: tx.postings });
          seen[c.op]++;

          // The model's balances, as the API would cache them (zero balances may be absent or present).
          const model = new Map<string, number>();
          for (const [u, b] of cashOf) model.set(`player_cash:${u}`, b);
          for (const [u, b] of pendingOf) model.set(`withdrawals_pending:${u}`, b);
          model.set('deposits_clearing', outside);
          model.set('fees', fees);

          const report = checkLedger(ledger, model);
          expect(report).toEqual({
            ok: true,
            unbalancedTransactions: [],
            total: 0,
            balanceMismatches: [],
            negativeBalances: [],
          });
          const balances = ledgerBalances(ledger);
          for (const [key, value] of balances) {
            if (key.startsWith('player_cash:') || key.startsWith('withdrawals_pending:')) {
              expect(value).toBeGreaterThanOrEqual(0);
            }
            expect(value).toBe(model.get(key) ?? 0);
          }
          // Pending per user is exactly the sum of that user's open requests ("frozen").
          for (const [u, b] of pendingOf) {
            expect(b).toBe(open.filter((w) => w.user === u).reduce((s, w) => s + w.amount + w.fee, 0));
          }
        }
      }),
      { numRuns: 200 },
    );
    // the generator really drives every movement, not just deposits
    expect(Math.min(seen.deposit, seen.request, seen.approve, seen.reject)).toBeGreaterThan(100);
  });

  it('notices a tampered posting', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 10 ** 6 }), { minLength: 1, maxLength: 10 }),
        fc.nat(),
        fc.integer({ min: 1, max: 100 }),
        (amounts, pick, delta) => {
          const ledger: StoredTransaction[] = amounts.map((a, i) => ({
            id: i,
            postings: depositCredited(1 + (i % 3), minor(a)).postings,
          }));
          const cached = ledgerBalances(ledger);
          const i = pick % ledger.length;
          const target = ledger[i];
          if (target === undefined) return false;
          const [first, ...rest] = target.postings;
          if (first === undefined) return false;
          ledger[i] = { id: target.id, postings: [{ ...first, amount: first.amount + delta }, ...rest] };
          const report = checkLedger(ledger, cached);
          return (
            !report.ok &&
            report.total === delta &&
            report.unbalancedTransactions.length === 1 &&
            report.balanceMismatches.length === 1
          );
        },
      ),
    );
  });
});
