/**
 * Money that enters a wallet from outside it names its cause ("Also"). Every transaction kind the domain
 * defines is classified below — a new kind fails this file until it is — and for each kind that credits a player
 * (or pays the outside world) the test shows the service that posts it refuses without its cause, then runs a
 * scenario and checks every posted transaction's reference resolves to an existing row in the right state, for the
 * right player and amount.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEDGER_TRANSACTION_KINDS } from '@fairdraw/domain';
import type { LedgerTransactionKind } from '@fairdraw/domain';
import { API } from '@fairdraw/contract';
import { buildTestApp, call } from '../../test/helper.ts';
import type { TestApp } from '../../test/helper.ts';
import {
  auth,
  channels,
  guestToken,
  operatorToken,
  setChannelRate,
  submitBank,
  TEST_PIX_SECRET,
} from '../../test/money-helper.ts';
import type { Channels } from '../../test/money-helper.ts';
import { readyPlayer, submitWithdraw, FUND_PASSWORD } from '../../test/withdraw-helper.ts';
import { bet, CTX, openAt, openPeriod, playItems } from '../../test/bets-helper.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import { tick } from '../draws/draws.service.ts';
import { settleDrawnPeriods, settlePeriod, voidPeriod } from '../bets/settlement.service.ts';
import { approveDeposit, creditDeposit, rejectDeposit } from '../recharge/deposit-decisions.service.ts';
import { approveWithdrawal, rejectWithdrawal } from '../withdraw/withdraw.service.ts';
import { handleWebhook, providers } from '../payments/payments.service.ts';
import { signWebhook } from '../payments/payment-provider.ts';
import { computeDailyRebates, saveRebateSettings } from '../bonus/bonus.service.ts';
import { cancelChase } from '../bets/chase.service.ts';
import type { SessionUser } from '../../plugins/auth.ts';

/**
 * What each kind does and which row causes it. `credits`: money arrives in a player's wallet (or leaves to the
 * outside world) and must never happen without its cause; the others only move a player's own money.
 */
const KINDS: Record<LedgerTransactionKind, { credits: boolean; reference: RegExp; cause: string }> = {
  deposit: { credits: true, reference: /^deposit:(\d+)$/, cause: 'a deposit, now success' },
  withdrawal_request: { credits: false, reference: /^withdrawal:(\d+)$/, cause: 'the withdrawal requested' },
  withdrawal_paid: { credits: true, reference: /^withdrawal:(\d+)$/, cause: 'a withdrawal, now paid' },
  withdrawal_rejected: { credits: true, reference: /^withdrawal:(\d+)$/, cause: 'a withdrawal, now rejected' },
  demo_grant: { credits: true, reference: /^guest:(\d+)$/, cause: 'a guest account' },
  bonus: { credits: true, reference: /^$/, cause: 'none: no code path posts a bonus' },
  stake: { credits: false, reference: /^bet:(\d+)$/, cause: 'the slip placed' },
  payout: { credits: true, reference: /^bet:(\d+)$/, cause: 'a slip settled won or push, its period settled' },
  refund: { credits: true, reference: /^bet-refund:(\d+)$/, cause: 'a slip voided with its void period' },
  cancel: { credits: true, reference: /^bet-cancel:(\d+)$/, cause: 'a slip its player cancelled before the seal' },
  rebate: { credits: true, reference: /^rebate:(\d+)$/, cause: "a day's rebate, computed and now claimed" },
  chase_hold: { credits: false, reference: /^chase:(\d+)$/, cause: 'the chase placed (its whole stake held)' },
  chase_refund: { credits: true, reference: /^chase:(\d+)$/, cause: 'a chase stopped: cancelled, won or refused' },
};

let t: TestApp;
let ch: Channels;
let op: string;
let operator: AuditActor;
beforeAll(async () => {
  // The scenarios happen in 2031 on the app's clock (March and May): sessions made at the start last the year.
  t = await buildTestApp(
    { PIX_SANDBOX_SECRET: TEST_PIX_SECRET, SESSION_TTL_HOURS: String(24 * 365) },
    { now: new Date('2031-03-01T00:00:00Z') },
  );
  ch = await channels(t.app);
  op = await operatorToken(t.app, 'opcauses');
  const row = await t.app.db
    .selectFrom('users')
    .select('id')
    .where('account', '=', 'opcauses')
    .executeTakeFirstOrThrow();
  operator = { userId: row.id, account: 'opcauses' };
  await setChannelRate(t.app, op, ch.pix, '0.155');
});
afterAll(async () => {
  await t.close();
});

async function ledgerSize() {
  const { rows } = await sql<{ tx: number; postings: number }>`
    select (select count(*) from ledger_transactions)::int as tx, (select count(*) from ledger_postings)::int as postings
  `.execute(t.app.db);
  return rows[0];
}

/** Runs `fn`, expects the AppError `key`, and that the ledger did not move. */
async function refused(key: string, fn: () => Promise<unknown>) {
  const before = await ledgerSize();
  const err = await fn().then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, key).toBeInstanceOf(AppError);
  expect((err as AppError).key).toBe(key);
  expect(await ledgerSize()).toEqual(before);
}

const idOf = (res: { body: Record<string, unknown> }) => (res.body.data as { id: number }).id;

describe('the kinds', () => {
  it('every kind the domain can post is classified here', () => {
    expect(Object.keys(KINDS).sort()).toEqual([...LEDGER_TRANSACTION_KINDS].sort());
  });

  it('no code outside the domain builds a bonus: when one does, it must be given its cause here first', () => {
    const src = fileURLToPath(new URL('../../', import.meta.url));
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (name.endsWith('.ts') && !name.endsWith('.test.ts')) files.push(path);
      }
    };
    walk(src);
    expect(files.length).toBeGreaterThan(20);
    // The account history only names the kind when it reads a posting (modules/statement): it builds nothing.
    const readers = new Set([join(src, 'modules/statement/statement.service.ts')]);
    const builders = files.filter((f) => !readers.has(f) && /bonusCredited|'bonus'/.test(readFileSync(f, 'utf8')));
    expect(builders).toEqual([]);
  });
});

describe('a credit cannot be posted without its cause', () => {
  it('deposit: an unknown deposit, a rejected one, one already credited, a webhook for a bank transfer', async () => {
    const p = await readyPlayer(t.app, op);
    await refused('DEPOSIT_NOT_FOUND', () =>
      approveDeposit(t.app.db, operator, 2_000_000_000, 'THB', t.app.clock(), 'th'),
    );
    await refused('DEPOSIT_NOT_FOUND', () =>
      t.app.db
        .transaction()
        .execute((trx) => creditDeposit(trx, 2_000_000_000, operator, 'deposit.approve', null, t.app.clock())),
    );
    const rejected = idOf(await submitBank(t.app, p.token, ch.bank, 10_000));
    await rejectDeposit(t.app.db, operator, rejected, 'no transfer', 'THB', t.app.clock(), 'th');
    await refused('ALREADY_DECIDED', () => approveDeposit(t.app.db, operator, rejected, 'THB', t.app.clock(), 'th'));
    const credited = idOf(await submitBank(t.app, p.token, ch.bank, 10_000));
    await approveDeposit(t.app.db, operator, credited, 'THB', t.app.clock(), 'th');
    await refused('ALREADY_DECIDED', () => approveDeposit(t.app.db, operator, credited, 'THB', t.app.clock(), 'th'));
    // A provider's notification names a deposit: not one of its own channel, or not existing, credits nothing.
    const all = providers(t.config);
    for (const depositId of [rejected, 2_000_000_000]) {
      const raw = Buffer.from(
        JSON.stringify({ id: `evt_${depositId}`, type: 'pix.paid', deposit_id: depositId, amount: 1 }),
      );
      const ts = Math.floor(Date.now() / 1000);
      const headers = { 'x-fd-timestamp': String(ts), 'x-fd-signature': signWebhook(TEST_PIX_SECRET, ts, raw) };
      await refused('DEPOSIT_NOT_FOUND', () => handleWebhook(t.app.db, all, 'sandbox', raw, headers, new Date()));
    }
  });

  it('withdrawal paid or rejected: an unknown withdrawal, one already decided', async () => {
    const p = await readyPlayer(t.app, op, 50_000);
    const res = await submitWithdraw(t.app, p.token, {
      amount: 20_000,
      payout_id: p.payoutId,
      fund_password: FUND_PASSWORD,
    });
    expect(res.status, res.text).toBe(200);
    const id = idOf(res);
    await refused('WITHDRAWAL_NOT_FOUND', () => approveWithdrawal(t.app.db, operator, 2_000_000_000, t.app.clock()));
    await refused('WITHDRAWAL_NOT_FOUND', () =>
      rejectWithdrawal(t.app.db, operator, 2_000_000_000, 'x', t.app.clock()),
    );
    await approveWithdrawal(t.app.db, operator, id, t.app.clock());
    await refused('ALREADY_DECIDED', () => rejectWithdrawal(t.app.db, operator, id, 'too late', t.app.clock()));
    await refused('ALREADY_DECIDED', () => approveWithdrawal(t.app.db, operator, id, t.app.clock()));
  });

  it('rebate: nothing computed, nothing claimable; a claimed rebate is not claimed again', async () => {
    const p = await readyPlayer(t.app, op, 50_000);
    const claim = async () => {
      const before = await ledgerSize();
      const res = await call(t.app, 'POST', API.bonusClaim, auth(p.token));
      expect(res.body.error).toBe('BONUS_NOTHING_TO_CLAIM');
      expect(await ledgerSize()).toEqual(before);
    };
    await claim();
    // A day computed with nothing staked gives nothing to claim.
    await computeDailyRebates(t.app.db, new Date('2031-03-03T00:00:00Z'), CTX.timeZone);
    await claim();
  });

  it('payout and refund: a period not drawn pays nothing; a drawn or settled one cannot be voided', async () => {
    const now = new Date('2031-03-04T05:06:10Z');
    await openAt(t.app, now);
    const p = await readyPlayer(t.app, op, 50_000);
    const period = await openPeriod(t.app, 'df_k3');
    const plays = await playItems(t.app, 'df_k3');
    const slip = await bet(t.app, p.token, {
      games_id: period.game_id,
      issue: period.issue,
      items: [{ play_id: plays[0]?.id, amount: 1_000 }],
    });
    expect(slip.status, slip.text).toBe(200);
    // Not drawn: nothing to settle, nothing paid.
    const before = await ledgerSize();
    expect(await settlePeriod(t.app.db, period.id, now)).toBeUndefined();
    expect(await ledgerSize()).toEqual(before);
    await refused('NOT_FOUND', () =>
      voidPeriod(t.app.db, operator, { games_id: period.game_id, issue: '20310304-9999', reason: 'x' }, now),
    );
    // Drawn, then settled: a void (the only path to a refund) is refused at each step.
    await tick(t.app.db, period.draw_at, CTX);
    await refused('ALREADY_DECIDED', () =>
      voidPeriod(t.app.db, operator, { games_id: period.game_id, issue: period.issue, reason: 'late' }, now),
    );
    await settleDrawnPeriods(t.app.db, period.draw_at);
    await refused('ALREADY_DECIDED', () =>
      voidPeriod(t.app.db, operator, { games_id: period.game_id, issue: period.issue, reason: 'late' }, now),
    );
    // A cancel (the player's own refund) of a settled slip, of another's, of an unknown one: nothing posted.
    const other = await readyPlayer(t.app, op, 10_000);
    const cancel = async (token: string, id: number, key: string) => {
      const before = await ledgerSize();
      const res = await call(t.app, 'POST', API.betCancel, { ...auth(token), body: { id } });
      expect(res.body.error, res.text).toBe(key);
      expect(await ledgerSize()).toEqual(before);
    };
    await cancel(p.token, idOf(slip), 'BET_ALREADY_SETTLED');
    await cancel(other.token, idOf(slip), 'BET_NOT_FOUND');
    await cancel(p.token, 2_000_000_000, 'BET_NOT_FOUND');
    // Settling again posts nothing more.
    const settled = await ledgerSize();
    expect(await settleDrawnPeriods(t.app.db, period.draw_at)).toEqual({ periods: 0, slips: 0 });
    expect(await settlePeriod(t.app.db, period.id, period.draw_at)).toBeUndefined();
    expect(await ledgerSize()).toEqual(settled);
  });
});

describe('a chase refund needs its chase', () => {
  it('an unknown chase refunds nothing (a chase already ended: chase.int.test.ts, CHASE_ENDED)', async () => {
    const p = await readyPlayer(t.app, op);
    const u = await t.app.db
      .selectFrom('users')
      .select('id')
      .where('account', '=', p.account)
      .executeTakeFirstOrThrow();
    const user = { id: u.id } as SessionUser;
    const ctx = { currency: 'THB' as const, timeZone: CTX.timeZone, lang: 'en' as const, now: t.app.clock() };
    await refused('CHASE_NOT_FOUND', () => cancelChase(t.app.db, user, 2_000_000_000, ctx));
  });
});

describe('after a scenario, every transaction names an existing cause in the right state', () => {
  it('deposits, a PIX payment, withdrawals, guests, bets won and lost, a void period', async () => {
    // Deposits: bank approved, bank rejected, PIX paid through the signed webhook.
    const p = await readyPlayer(t.app, op, 200_000);
    const pix = await call(t.app, 'POST', API.rechargeSubmit, {
      ...auth(p.token),
      body: { channel_id: ch.pix, amount: 12_345 },
    });
    const pixDeposit = pix.body.data as { id: number; channel_amount: number };
    const raw = JSON.stringify({
      id: 'evt_causes',
      type: 'pix.paid',
      deposit_id: pixDeposit.id,
      amount: pixDeposit.channel_amount,
    });
    // Signed at the app's clock, the one the webhook's timestamp is checked against.
    const ts = Math.floor(t.app.clock().getTime() / 1000);
    const hook = await call(t.app, 'POST', '/api/pay/webhook/sandbox', {
      headers: {
        'content-type': 'application/json',
        'x-fd-timestamp': String(ts),
        'x-fd-signature': signWebhook(TEST_PIX_SECRET, ts, raw),
      },
      rawBody: raw,
    });
    expect(hook.body.data).toEqual({ credited: true });
    // Withdrawals: one paid, one rejected, one pending.
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await submitWithdraw(t.app, p.token, {
        amount: 10_000,
        payout_id: p.payoutId,
        fund_password: FUND_PASSWORD,
      });
      ids.push(idOf(res));
    }
    await approveWithdrawal(t.app.db, operator, ids[0] ?? 0, t.app.clock());
    await rejectWithdrawal(t.app.db, operator, ids[1] ?? 0, 'checked: wrong name', t.app.clock());
    // Guests get play money.
    await guestToken(t.app);
    // Bets: a settled k3 period with many plays (some win, some lose), a voided pk10 period. Every total a
    // non-triple can make (4 to 17) and any triple: whatever the dice, exactly one of them wins and the rest lose.
    const now = new Date('2031-05-06T07:08:10Z');
    await openAt(t.app, now);
    const k3 = await openPeriod(t.app, 'df_k3');
    const oneWins = (await playItems(t.app, 'df_k3')).filter((p) => /^k3\.(sum\.\d+|triple\.any)$/.test(p.code));
    expect(oneWins).toHaveLength(15);
    for (const play of oneWins) {
      const r = await bet(t.app, p.token, {
        games_id: k3.game_id,
        issue: k3.issue,
        items: [{ play_id: play.id, amount: 100 }],
      });
      expect(r.status, r.text).toBe(200);
    }
    // A chase of two periods: the whole stake held, the first slip placed from it, the second refunded on cancel.
    const chased = await call(t.app, 'POST', API.chase, {
      ...auth(p.token),
      body: {
        games_id: k3.game_id,
        issue: k3.issue,
        items: [{ play_id: (await playItems(t.app, 'df_k3'))[0]?.id, amount: 100 }],
        periods: 2,
      },
    });
    expect(chased.status, chased.text).toBe(200);
    const chaseCancelled = await call(t.app, 'POST', API.chaseCancel, {
      ...auth(p.token),
      body: { id: idOf(chased) },
    });
    expect(chaseCancelled.status, chaseCancelled.text).toBe(200);
    const pk10 = await openPeriod(t.app, 'df_pk10');
    const pk10Play = (await playItems(t.app, 'df_pk10'))[0];
    for (let i = 0; i < 3; i++) {
      const r = await bet(t.app, p.token, {
        games_id: pk10.game_id,
        issue: pk10.issue,
        items: [{ play_id: pk10Play?.id, amount: 200 }],
      });
      expect(r.status, r.text).toBe(200);
    }
    // One more k3 slip, cancelled by its player before the seal: its stake back under 'cancel'.
    const cancelled = await bet(t.app, p.token, {
      games_id: k3.game_id,
      issue: k3.issue,
      items: [{ play_id: (await playItems(t.app, 'df_k3'))[0]?.id, amount: 300 }],
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    const undone = await call(t.app, 'POST', API.betCancel, { ...auth(p.token), body: { id: idOf(cancelled) } });
    expect(undone.status, undone.text).toBe(200);
    await voidPeriod(t.app.db, operator, { games_id: pk10.game_id, issue: pk10.issue, reason: 'feed down' }, now);
    await tick(t.app.db, k3.draw_at, CTX);
    await settleDrawnPeriods(t.app.db, k3.draw_at);
    // A rebate on that day's k3 turnover: computed after the day ended (Bangkok), claimed, claimed again in vain.
    await saveRebateSettings(t.app.db, operator, { rates: [{ family: 'k3', rate_bps: 100, multiple: 2 }] });
    const { rows: valid } = await sql<{ turnover: number }>`
      select coalesce(sum(bi.amount), 0)::int8 as turnover from bet_item_results bi join bets b on b.id = bi.bet_id
      where b.period_id = ${k3.id} and bi.status in ('won', 'lost')`.execute(t.app.db);
    const expected = Math.floor((valid[0]?.turnover ?? 0) / 100);
    expect(expected).toBeGreaterThan(0);
    const rebateDay = await computeDailyRebates(t.app.db, new Date('2031-05-06T17:10:00Z'), CTX.timeZone);
    expect(rebateDay).toMatchObject({ day: '2031-05-06', computed: true, players: 1, total: expected });
    const claim = await call(t.app, 'POST', API.bonusClaim, auth(p.token));
    expect(claim.body.data).toMatchObject({ claimed: expected, days: ['2031-05-06'] });
    const again = await call(t.app, 'POST', API.bonusClaim, auth(p.token));
    expect(again.body.error).toBe('BONUS_NOTHING_TO_CLAIM');

    // Every transaction, with what it credited to whom (the player-side posting).
    const { rows } = await sql<{ kind: string; reference: string; user_id: number | null; amount: number }>`
      select t.kind, t.reference, a.user_id, p.amount::int8 as amount
      from ledger_transactions t
      join ledger_postings p on p.transaction_id = t.id
      join ledger_accounts a on a.id = p.account_id
      where a.user_id is not null
      order by t.id, p.id`.execute(t.app.db);
    const seen = new Set<string>();
    const idIn = (kind: LedgerTransactionKind, reference: string): number => {
      const m = KINDS[kind].reference.exec(reference);
      expect(m, `${kind} ${reference}`).not.toBeNull();
      return Number(m?.[1]);
    };
    for (const r of rows) {
      expect(LEDGER_TRANSACTION_KINDS as readonly string[]).toContain(r.kind);
      const kind = r.kind as LedgerTransactionKind;
      seen.add(kind);
      const id = idIn(kind, r.reference);
      const why = `${kind} ${r.reference}`;
      switch (kind) {
        case 'deposit': {
          const d = await t.app.db.selectFrom('deposits').selectAll().where('id', '=', id).executeTakeFirst();
          expect(d, why).toMatchObject({ status: 'success', user_id: r.user_id, amount: r.amount });
          break;
        }
        case 'withdrawal_request':
        case 'withdrawal_paid':
        case 'withdrawal_rejected': {
          const w = await t.app.db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirst();
          expect(w?.user_id, why).toBe(r.user_id);
          const held = (w?.amount ?? 0) + (w?.fee ?? 0);
          if (kind === 'withdrawal_paid') expect(w?.status, why).toBe('paid');
          if (kind === 'withdrawal_rejected') expect(w?.status, why).toBe('rejected');
          // The player-side postings: held on request, released on payment or rejection.
          expect(Math.abs(r.amount), why).toBe(held);
          break;
        }
        case 'demo_grant': {
          const u = await t.app.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
          expect(u, why).toMatchObject({ id: r.user_id, is_guest: true });
          break;
        }
        case 'stake':
        case 'payout':
        case 'refund':
        case 'cancel': {
          const b = await t.app.db
            .selectFrom('bets as b')
            .innerJoin('periods as p', 'p.id', 'b.period_id')
            .select(['b.user_id', 'b.status', 'b.total', 'b.payout', 'p.status as period_status'])
            .where('b.id', '=', id)
            .executeTakeFirst();
          expect(b?.user_id, why).toBe(r.user_id);
          if (kind === 'stake') expect(-r.amount, why).toBe(b?.total);
          if (kind === 'payout') {
            expect(['won', 'push'], why).toContain(b?.status);
            expect(b?.period_status, why).toBe('settled');
            expect(r.amount, why).toBe(b?.payout);
          }
          if (kind === 'refund') {
            expect(b?.status, why).toBe('void');
            expect(b?.period_status, why).toBe('void');
            expect(r.amount, why).toBe(b?.total);
          }
          if (kind === 'cancel') {
            expect(b?.status, why).toBe('cancelled');
            expect(r.amount, why).toBe(b?.total);
          }
          break;
        }
        case 'rebate': {
          const b = await t.app.db.selectFrom('bonus_rebates').selectAll().where('id', '=', id).executeTakeFirst();
          expect(b?.user_id, why).toBe(r.user_id);
          expect(b?.claimed_at, why).not.toBeNull();
          expect(r.amount, why).toBe(b?.amount);
          // Its day was computed, and the turnover it rests on is that day's settled cash stakes.
          const day = await t.app.db
            .selectFrom('bonus_rebate_days')
            .selectAll()
            .where('day', '=', b?.day ?? '')
            .executeTakeFirst();
          expect(day, why).toBeDefined();
          break;
        }
        case 'chase_hold':
        case 'chase_refund': {
          const c = await t.app.db.selectFrom('chases').selectAll().where('id', '=', id).executeTakeFirst();
          expect(c?.user_id, why).toBe(r.user_id);
          // Both postings are the player's: cash and his chase account move by the same amount.
          if (kind === 'chase_hold') expect(Math.abs(r.amount), why).toBe(c?.total);
          if (kind === 'chase_refund') {
            expect(['cancelled', 'won', 'refused'], why).toContain(c?.status);
            expect(Math.abs(r.amount), why).toBe(c?.refunded);
          }
          break;
        }
        case 'bonus':
          throw new Error(`a bonus was posted (${r.reference}): give it a cause first`);
      }
    }
    // The scenario walked every kind that has a path.
    expect([...seen].sort()).toEqual(
      LEDGER_TRANSACTION_KINDS.filter((k) => k !== 'bonus')
        .map(String)
        .sort(),
    );
    // Lost slips were paid nothing; each paying slip once.
    const { rows: lost } = await sql<{ n: number }>`
      select count(*)::int as n from bets b join ledger_transactions t on t.reference = 'bet:' || b.id and t.kind = 'payout'
      where b.status = 'lost'`.execute(t.app.db);
    expect(lost[0]?.n).toBe(0);
    const { rows: won } = await sql<{
      n: number;
    }>`select count(*)::int as n from bets where status in ('won', 'push')`.execute(t.app.db);
    expect(won[0]?.n).toBeGreaterThan(0);
  });
});
