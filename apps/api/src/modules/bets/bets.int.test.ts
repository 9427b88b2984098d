import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { API, formatMoney } from '@fairdraw/contract';
import { findPlay, minor, oddsBps, settleBetItem } from '@fairdraw/domain';
import type { GameFamily } from '@fairdraw/domain';
import { call } from '../../test/helper.ts';
import type { TestApp } from '../../test/helper.ts';
import { auth, count, guestToken } from '../../test/money-helper.ts';
import { fund } from '../../test/withdraw-helper.ts';
import {
  bet,
  CTX,
  appAtForFile,
  openAt,
  openPeriod,
  playItems,
  userIdOf,
  withPeriodLimit,
  cashPlayer as playerWithCash,
} from '../../test/bets-helper.ts';
import { getBalances } from '../ledger/ledger.service.ts';
import { tick } from '../draws/draws.service.ts';
import { parseIssue } from '../draws/schedule.ts';
import { settleDrawnPeriods } from './settlement.service.ts';

// Betting and settlement (docs/trust.md 5–10) with an injected clock: app.setClock decides what "now" is for betting;
// tick and settlement are called with the same instants. Times are in 2031 so nothing here is "now".
// T = 12:00:20 in Bangkok: every game has an open period (lucky28 seals at 12:00:30, k3 at 12:00:50).

const T = new Date('2031-01-10T05:00:20Z');
let t: TestApp;
let op: string;

appAtForFile(T, (s) => ({ t, op } = s));

const cashPlayer = (cash: number) => playerWithCash(t.app, op, cash);

/** A player with `cash`, and a one-item k3 slip of `amount` on the open period. */
async function k3Slip(cash: number, amount: number) {
  const p = await cashPlayer(cash);
  const k3 = await openPeriod(t.app, 'df_k3');
  const play = (await playItems(t.app, 'df_k3'))[0]?.id;
  return { p, k3, play, body: { games_id: k3.game_id, issue: k3.issue, items: [{ play_id: play, amount }] } };
}

const slipCount = () => count(t.app, 'bets');
const ledgerTxCount = () => count(t.app, 'ledger_transactions');

describe('POST /api/game/bet: the checks, in order', () => {
  it('answers the first unmet rule, in English where asked, and creates nothing', async () => {
    const p = await cashPlayer(10_000);
    const k3 = await openPeriod(t.app, 'df_k3');
    const k3Plays = await playItems(t.app, 'df_k3');
    const pk10Plays = await playItems(t.app, 'df_pk10');
    const play = k3Plays[0]?.id ?? 0;
    const before = { slips: await slipCount(), tx: await ledgerTxCount() };
    const expectError = async (body: unknown, status: number, error: string, msg?: string) => {
      const res = await bet(t.app, p.token, body);
      expect(res.status, res.text).toBe(status);
      expect(res.body.error).toBe(error);
      if (msg !== undefined) expect(res.body.msg).toBe(msg);
      return res;
    };
    const base = { games_id: k3.game_id, issue: k3.issue };

    // A zero amount comes first, even with an unknown game, period and play.
    await expectError(
      { games_id: 999_999, issue: '20000101-0001', items: [{ play_id: 999_999, amount: 0 }] },
      400,
      'ZERO_AMOUNT_BET',
      'There are bets with amount 0; cannot submit.',
    );
    await expectError(
      {
        ...base,
        items: [
          { play_id: play, amount: 100 },
          { play_id: play, amount: 0 },
        ],
      },
      400,
      'ZERO_AMOUNT_BET',
    );
    await expectError({ ...base, games_id: 999_999, items: [{ play_id: play, amount: 100 }] }, 404, 'GAME_NOT_FOUND');
    await expectError(
      { ...base, issue: '20310110-0999', items: [{ play_id: 999_999, amount: 100 }] },
      409,
      'PERIOD_NOT_CURRENT',
    );
    // A future (scheduled) period is not the current one.
    const future = await t.app.db
      .selectFrom('periods')
      .select('issue')
      .where('game_id', '=', k3.game_id)
      .where('status', '=', 'scheduled')
      .orderBy('draw_at')
      .executeTakeFirstOrThrow();
    await expectError(
      { ...base, issue: future.issue, items: [{ play_id: play, amount: 100 }] },
      409,
      'PERIOD_NOT_CURRENT',
    );
    await expectError({ ...base, items: [{ play_id: 999_999, amount: 100 }] }, 404, 'PLAY_NOT_FOUND');
    // Another game's play is not a play of this game.
    await expectError({ ...base, items: [{ play_id: pk10Plays[0]?.id, amount: 100 }] }, 404, 'PLAY_NOT_FOUND');
    await expectError(
      { ...base, items: [{ play_id: play, amount: 99 }] },
      400,
      'STAKE_BELOW_MIN',
      `The minimum stake is ${formatMoney(100, 'THB', 2, 'en')}`,
    );
    await expectError(
      { ...base, items: [{ play_id: play, amount: 5_000_001 }] },
      400,
      'STAKE_ABOVE_MAX',
      `The maximum stake is ${formatMoney(5_000_000, 'THB', 2, 'en')}`,
    );
    await expectError({ ...base, items: [{ play_id: play, amount: Number.MAX_SAFE_INTEGER }] }, 400, 'STAKE_ABOVE_MAX');
    await expectError(
      { ...base, items: [{ play_id: play, amount: 10_001 }] },
      400,
      'INSUFFICIENT_BALANCE',
      'Insufficient balance',
    );
    expect(await slipCount()).toBe(before.slips);
    expect(await ledgerTxCount()).toBe(before.tx);
  });

  it('Mark Six all-in needs 2 or 3 distinct numbers matching the play', async () => {
    const p = await cashPlayer(10_000);
    const ms = await openPeriod(t.app, 'xam_6');
    const plays = await playItems(t.app, 'xam_6');
    const all2 = plays.find((x) => x.code === 'ms.all2');
    const all3 = plays.find((x) => x.code === 'ms.all3');
    const special = plays.find((x) => x.group_code === 'special-number');
    expect(all2 && all3 && special).toBeTruthy();
    const base = { games_id: ms.game_id, issue: ms.issue };
    for (const [id, numbers] of [
      [all2?.id, undefined],
      [all2?.id, [3, 3]],
      [all2?.id, [1, 2, 3]],
      [all3?.id, [1, 2]],
      [all3?.id, [5, 6, 5]],
      [special?.id, [1, 2]],
    ] as const) {
      const res = await bet(t.app, p.token, {
        ...base,
        items: [{ play_id: id, amount: 100, ...(numbers ? { numbers } : {}) }],
      });
      expect(res.status, res.text).toBe(400);
      expect(res.body.error).toBe('NUMBERS_INVALID');
    }
    const ok = await bet(t.app, p.token, {
      ...base,
      items: [{ play_id: all3?.id, amount: 100, numbers: [49, 3, 17] }],
    });
    expect(ok.status, ok.text).toBe(200);
    const item = (ok.body.data as { items: { code: string; numbers: number[]; odds_bps: number }[] }).items[0];
    expect(item?.code).toBe('ms.all3.3-17-49');
    expect(item?.numbers).toEqual([3, 17, 49]);
    expect(item?.odds_bps).toBe(8_300_000);
  });

  it('refuses a slip that would pass the per-period limit (PERIOD_LIMIT_REACHED)', async () => {
    const p = await cashPlayer(100_000);
    const k3 = await openPeriod(t.app, 'df_k3');
    const play = (await playItems(t.app, 'df_k3'))[0]?.id;
    await withPeriodLimit(t.app, 3000, async () => {
      const body = (amount: number) => ({ games_id: k3.game_id, issue: k3.issue, items: [{ play_id: play, amount }] });
      expect((await bet(t.app, p.token, body(2000))).status).toBe(200);
      const res = await bet(t.app, p.token, body(1001));
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('PERIOD_LIMIT_REACHED');
      expect(res.body.msg).toBe(`This exceeds your limit per draw (${formatMoney(3000, 'THB', 2, 'en')})`);
      expect((await bet(t.app, p.token, body(1000))).status).toBe(200);
      expect((await getBalances(t.app.db, p.id)).cash).toBe(97_000);
    });
  });

  it('operators cannot bet (403) and a session is required (401)', async () => {
    const k3 = await openPeriod(t.app, 'df_k3');
    const play = (await playItems(t.app, 'df_k3'))[0]?.id;
    const body = { games_id: k3.game_id, issue: k3.issue, items: [{ play_id: play, amount: 100 }] };
    expect((await bet(t.app, op, body)).status).toBe(403);
    expect((await call(t.app, 'POST', API.bet, { body })).status).toBe(401);
  });
});

describe('wallets', () => {
  it('a guest bets demo money and never touches cash', async () => {
    const g = await guestToken(t.app);
    const id = await userIdOf(t.app, g);
    const before = await getBalances(t.app.db, id);
    const ssc = await openPeriod(t.app, 'df_ssc');
    const play = (await playItems(t.app, 'df_ssc'))[0]?.id;
    const res = await bet(t.app, g, {
      games_id: ssc.game_id,
      issue: ssc.issue,
      items: [{ play_id: play, amount: 500 }],
    });
    expect(res.status, res.text).toBe(200);
    expect((res.body.data as { wallet: string }).wallet).toBe('demo');
    const after = await getBalances(t.app.db, id);
    expect(after.demo).toBe(before.demo - 500);
    expect(after.cash).toBe(0);
    const cashAccounts = await t.app.db
      .selectFrom('ledger_accounts')
      .select('id')
      .where('user_id', '=', id)
      .where('kind', '=', 'player_cash')
      .execute();
    expect(cashAccounts).toHaveLength(0);
  });

  it('an idempotent replay places the slip once', async () => {
    const { p, body } = await k3Slip(10_000, 300);
    const a = await bet(t.app, p.token, body, 'bet-replay-0001');
    const b = await bet(t.app, p.token, body, 'bet-replay-0001');
    expect(a.status).toBe(200);
    expect(b.body).toEqual(a.body);
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect((await getBalances(t.app.db, p.id)).cash).toBe(9_700);
  });

  it('a key answers with the slip it placed, also when retried after the seal or many times at once', async () => {
    const { p, k3, play, body } = await k3Slip(10_000, 300);
    const answers = await Promise.all(Array.from({ length: 5 }, () => bet(t.app, p.token, body, 'bet-burst-0001')));
    const placed = answers.filter((r) => r.status === 200);
    // Every answer is the one slip, or "still in flight" for a retry that raced the first try; one stake only.
    expect(placed.length).toBeGreaterThan(0);
    for (const r of placed) expect(r.body.data).toEqual(placed[0]?.body.data);
    for (const r of answers.filter((x) => x.status !== 200)) expect(r.body.error).toBe('IDEMPOTENCY_IN_FLIGHT');
    expect((await getBalances(t.app.db, p.id)).cash).toBe(9_700);

    // After the seal the same request is still answered with the slip, not PERIOD_SEALED.
    t.app.setClock(() => k3.seal_at);
    try {
      const late = await bet(t.app, p.token, body, 'bet-burst-0001');
      expect(late.status).toBe(200);
      expect(late.body.data).toEqual(placed[0]?.body.data);
      // The same key with another slip: 422, and a fresh key gets the seal.
      const other = await bet(t.app, p.token, { ...body, items: [{ play_id: play, amount: 400 }] }, 'bet-burst-0001');
      expect(other.status).toBe(422);
      expect(other.body.error).toBe('IDEMPOTENCY_KEY_REUSED');
      const fresh = await bet(t.app, p.token, body, 'bet-burst-0002');
      expect(fresh.body.error).toBe('PERIOD_SEALED');
    } finally {
      t.app.setClock(() => T);
    }
    expect((await getBalances(t.app.db, p.id)).cash).toBe(9_700);
  });

  it('a refused slip keeps its refusal: the same key is refused alike, a new key is decided afresh', async () => {
    const { p, body } = await k3Slip(10_000, 15_000);
    const first = await bet(t.app, p.token, body, 'bet-topup-0001');
    expect(first.status).toBe(400);
    expect(first.body.error).toBe('INSUFFICIENT_BALANCE');
    await fund(t.app, op, p.token, 10_000);
    // docs/trust.md 6: the replay answers the same status and body, and moves nothing — even now the balance would do.
    const replay = await bet(t.app, p.token, body, 'bet-topup-0001');
    expect(replay.status).toBe(400);
    expect(replay.body).toEqual(first.body);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect((await getBalances(t.app.db, p.id)).cash).toBe(20_000);
    const fresh = await bet(t.app, p.token, body, 'bet-topup-0002');
    expect(fresh.status).toBe(200);
    expect((await getBalances(t.app.db, p.id)).cash).toBe(5_000);
  });
});

describe('GET /api/bet/list', () => {
  it('lists own slips only, newest first, filtered and paged', async () => {
    const a = await cashPlayer(10_000);
    const b = await cashPlayer(10_000);
    const k3 = await openPeriod(t.app, 'df_k3');
    const play = (await playItems(t.app, 'df_k3'))[0]?.id;
    const ids: number[] = [];
    for (const amount of [100, 200, 300]) {
      const res = await bet(t.app, a.token, {
        games_id: k3.game_id,
        issue: k3.issue,
        items: [{ play_id: play, amount }],
      });
      ids.push((res.body.data as { id: number }).id);
    }
    await bet(t.app, b.token, { games_id: k3.game_id, issue: k3.issue, items: [{ play_id: play, amount: 100 }] });
    const list = await call(t.app, 'GET', `${API.betList}?limit=2`, auth(a.token));
    expect(list.status).toBe(200);
    const data = list.body.data as { list: { id: number; total: number }[]; has_more: boolean };
    expect(data.list.map((s) => s.id)).toEqual([ids[2], ids[1]]);
    expect(data.has_more).toBe(true);
    const page2 = await call(
      t.app,
      'GET',
      `${API.betList}?limit=2&page=2&status=unsettled&games_id=${k3.game_id}`,
      auth(a.token),
    );
    expect((page2.body.data as { list: { id: number }[] }).list.map((s) => s.id)).toEqual([ids[0]]);
    const settled = await call(t.app, 'GET', `${API.betList}?status=settled`, auth(a.token));
    expect((settled.body.data as { list: unknown[] }).list).toHaveLength(0);
    // B never sees A's slips.
    const other = await call(t.app, 'GET', API.betList, auth(b.token));
    const otherIds = (other.body.data as { list: { id: number }[] }).list.map((s) => s.id);
    expect(otherIds).toHaveLength(1);
    expect(otherIds.some((id) => ids.includes(id))).toBe(false);
  });
});

describe('void', () => {
  it('refunds every stake of a period once, with a reason and an audit row; a drawn period cannot be voided', async () => {
    const p = await cashPlayer(10_000);
    const g = await guestToken(t.app);
    const gid = await userIdOf(t.app, g);
    const pk = await openPeriod(t.app, 'df_pk10_5');
    const play = (await playItems(t.app, 'df_pk10_5'))[0]?.id;
    const body = { games_id: pk.game_id, issue: pk.issue, items: [{ play_id: play, amount: 700 }] };
    expect((await bet(t.app, p.token, body)).status).toBe(200);
    expect((await bet(t.app, p.token, body)).status).toBe(200);
    expect((await bet(t.app, g, body)).status).toBe(200);
    const demoBefore = (await getBalances(t.app.db, gid)).demo;

    const voidCall = (b: unknown, token = op) => call(t.app, 'POST', API.adminPeriodVoid, { ...auth(token), body: b });
    expect((await voidCall({ games_id: pk.game_id, issue: pk.issue })).body.error).toBe('REASON_REQUIRED');
    expect((await voidCall({ games_id: pk.game_id, issue: pk.issue, reason: '  ' })).body.error).toBe(
      'REASON_REQUIRED',
    );
    expect((await voidCall({ games_id: pk.game_id, issue: pk.issue, reason: 'x' }, p.token)).status).toBe(403);
    expect((await voidCall({ games_id: pk.game_id, issue: '20000101-0001', reason: 'x' })).status).toBe(404);
    const audits = await count(t.app, 'audit_log');
    const res = await voidCall({ games_id: pk.game_id, issue: pk.issue, reason: 'feed outage' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'void', refunded: 3, void_reason: 'feed outage' });
    expect(await count(t.app, 'audit_log')).toBe(audits + 1);
    const again = await voidCall({ games_id: pk.game_id, issue: pk.issue, reason: 'again' });
    expect(again.status).toBe(409);
    expect((await getBalances(t.app.db, p.id)).cash).toBe(10_000);
    expect((await getBalances(t.app.db, gid)).demo).toBe(demoBefore + 700);
    const slips = await t.app.db
      .selectFrom('bets')
      .select(['id', 'status', 'payout'])
      .where('period_id', '=', pk.id)
      .execute();
    expect(slips.every((s) => s.status === 'void' && s.payout === 700)).toBe(true);
    const refunds = await t.app.db
      .selectFrom('ledger_transactions')
      .select('reference')
      .where('kind', '=', 'refund')
      .where(
        'reference',
        'in',
        slips.map((s) => `bet-refund:${s.id}`),
      )
      .execute();
    expect(refunds).toHaveLength(3);
    // Betting on it is refused now.
    expect((await bet(t.app, p.token, body)).status).toBe(409);
  });
});

describe('settlement', () => {
  it('pays floor(stake × odds / 10000) per the stored result, once; settling again changes nothing', async () => {
    const p = await cashPlayer(100_000);
    const g = await guestToken(t.app);
    const gid = await userIdOf(t.app, g);
    const games = ['df_pk10', 'df_pk10_3', 'df_k3', 'xam_6', 'xy_28', 'df_ssc'];
    const slipIds: number[] = [];
    let staked = 0;
    for (const code of games) {
      const period = await openPeriod(t.app, code);
      const plays = await playItems(t.app, code);
      const items = plays
        .filter((x) => !x.code.startsWith('ms.all'))
        .slice(0, 20)
        .map((x, i) => ({ play_id: x.id, amount: 100 + i * 7 }));
      if (code === 'xam_6') {
        const all2 = plays.find((x) => x.code === 'ms.all2');
        items.push({ play_id: all2?.id ?? 0, amount: 150, numbers: [1, 2] } as (typeof items)[number]);
      }
      const res = await bet(t.app, p.token, { games_id: period.game_id, issue: period.issue, items });
      expect(res.status, res.text).toBe(200);
      slipIds.push((res.body.data as { id: number }).id);
      staked += items.reduce((s, i) => s + i.amount, 0);
      // The guest bets the same: a demo win must never reach the home page's list.
      expect((await bet(t.app, g, { games_id: period.game_id, issue: period.issue, items })).status).toBe(200);
    }
    expect((await getBalances(t.app.db, p.id)).cash).toBe(100_000 - staked);
    const demoAfterStake = (await getBalances(t.app.db, gid)).demo;

    // Draw everything (Mark Six draws at 21:30 Bangkok = 14:30Z), then settle.
    const later = new Date('2031-01-10T15:00:00Z');
    await tick(t.app.db, later, CTX);
    const first = await settleDrawnPeriods(t.app.db, later);
    expect(first.periods).toBeGreaterThan(0);

    const slips = await t.app.db
      .selectFrom('bet_results as bets')
      .innerJoin('periods', 'periods.id', 'bets.period_id')
      .innerJoin('games', 'games.id', 'bets.game_id')
      .select([
        'bets.id',
        'bets.status',
        'bets.payout',
        'bets.total',
        'bets.issue',
        'periods.result',
        'periods.status as pstatus',
        'games.family',
      ])
      .where('bets.id', 'in', slipIds)
      .execute();
    let expectedTotal = 0;
    let wins = 0;
    for (const s of slips) {
      expect(s.pstatus).toBe('settled');
      const items = await t.app.db.selectFrom('bet_item_results').selectAll().where('bet_id', '=', s.id).execute();
      const date = parseIssue(s.issue)?.date;
      let slipPayout = 0;
      const statuses: string[] = [];
      for (const it of items) {
        const play = findPlay(s.family as GameFamily, it.code, date);
        if (!play || !s.result) throw new Error('play or result missing');
        const exp = settleBetItem({ play, odds: oddsBps(it.odds_bps), stake: minor(it.amount) }, s.result);
        const status = { win: 'won', lose: 'lost', push: 'push' }[exp.result];
        expect(it.status).toBe(status);
        expect(it.payout).toBe(exp.payout);
        if (exp.result === 'win') {
          wins += 1;
          expect(it.payout).toBe(Math.floor((it.amount * it.odds_bps) / 10_000));
        }
        statuses.push(status);
        slipPayout += exp.payout;
      }
      expect(s.payout).toBe(slipPayout);
      const slipStatus = statuses.includes('won') ? 'won' : statuses.every((x) => x === 'push') ? 'push' : 'lost';
      expect(s.status).toBe(slipStatus);
      expectedTotal += slipPayout;
      const payouts = await t.app.db
        .selectFrom('ledger_transactions')
        .select('id')
        .where('kind', '=', 'payout')
        .where('reference', '=', `bet:${s.id}`)
        .execute();
      expect(payouts).toHaveLength(slipPayout > 0 ? 1 : 0);
    }
    expect(wins).toBeGreaterThan(0);
    const cash = (await getBalances(t.app.db, p.id)).cash;
    expect(cash).toBe(100_000 - staked + expectedTotal);
    // The guest's demo wallet was paid from demo_source, in play money (same plays, same results).
    expect((await getBalances(t.app.db, gid)).demo).toBe(demoAfterStake + expectedTotal);

    // Settling again changes nothing.
    const tx = await ledgerTxCount();
    expect(await settleDrawnPeriods(t.app.db, new Date(later.getTime() + 60_000))).toEqual({ periods: 0, slips: 0 });
    expect(await ledgerTxCount()).toBe(tx);
    expect((await getBalances(t.app.db, p.id)).cash).toBe(cash);

    // The home page's winning list shows the real cash wins that came out ahead, net of their stake (masked), never
    // the guest's demo wins.
    const home = await call(t.app, 'GET', API.home, { headers: { lang: 'en' } });
    const list = (
      home.body.data as { winning_list: { nickname: string; amount: number; game_code: string; currency: string }[] }
    ).winning_list;
    // Other tests of this file bet cash in the same periods, so their wins are listed too: the list is every cash slip
    // that came out ahead, whoever placed it, and this player's own wins among them.
    const wonSlips = (
      await t.app.db
        .selectFrom('bets')
        .select(['id', 'payout', 'total'])
        .where('wallet', '=', 'cash')
        .where('status', '=', 'won')
        .execute()
    ).filter((s) => (s.payout ?? 0) > s.total);
    const ownWins = slips.filter((s) => s.status === 'won' && (s.payout ?? 0) > s.total);
    expect(wonSlips.map((s) => s.id)).toEqual(expect.arrayContaining(ownWins.map((s) => s.id)));
    expect(wonSlips.length).toBeLessThanOrEqual(20);
    expect(list).toHaveLength(wonSlips.length);
    const nickname = (
      await t.app.db.selectFrom('users').select('nickname').where('id', '=', p.id).executeTakeFirstOrThrow()
    ).nickname;
    for (const w of list) {
      expect(w.nickname).not.toBe(nickname);
      expect(w.nickname).toContain('***');
      expect(w.currency).toBe(t.config.currency);
    }
    expect(list.map((w) => w.amount).sort((a, b) => a - b)).toEqual(
      wonSlips.map((s) => (s.payout ?? 0) - s.total).sort((a, b) => a - b),
    );

    // The player's list shows them settled, with the result.
    const mine = await call(t.app, 'GET', `${API.betList}?status=settled&limit=50`, auth(p.token));
    const mineList = (mine.body.data as { list: { id: number; result: number[] | null }[] }).list;
    expect(mineList.map((s) => s.id).sort()).toEqual([...slipIds].sort());
    expect(mineList.every((s) => Array.isArray(s.result))).toBe(true);
  });

  it('a period left drawn (crash before settlement) is settled by the next run', async () => {
    const day2 = new Date('2031-01-11T05:00:20Z');
    await openAt(t.app, day2);
    try {
      const p = await cashPlayer(10_000);
      const k3 = await openPeriod(t.app, 'df_k3');
      const plays = await playItems(t.app, 'df_k3');
      const items = plays.slice(0, 10).map((x) => ({ play_id: x.id, amount: 100 }));
      expect((await bet(t.app, p.token, { games_id: k3.game_id, issue: k3.issue, items })).status).toBe(200);
      await tick(t.app.db, k3.draw_at, CTX);
      const drawn = await t.app.db
        .selectFrom('periods')
        .select('status')
        .where('id', '=', k3.id)
        .executeTakeFirstOrThrow();
      expect(drawn.status).toBe('drawn');
      // A settlement that fails mid-way rolls back whole: simulate it by failing the final period update.
      await sql`create function fd_test_fail() returns trigger language plpgsql as $$
        begin raise exception 'crash'; end $$`.execute(t.app.db);
      await sql`create trigger fd_test_fail before update on periods for each row
        when (new.status = 'settled') execute function fd_test_fail()`.execute(t.app.db);
      await expect(settleDrawnPeriods(t.app.db, k3.draw_at)).rejects.toThrow();
      await sql`drop trigger fd_test_fail on periods`.execute(t.app.db);
      await sql`drop function fd_test_fail()`.execute(t.app.db);
      const stillDrawn = await t.app.db
        .selectFrom('periods')
        .select('status')
        .where('id', '=', k3.id)
        .executeTakeFirstOrThrow();
      expect(stillDrawn.status).toBe('drawn');
      const unsettled = await t.app.db.selectFrom('bets').select('status').where('period_id', '=', k3.id).execute();
      expect(unsettled.every((s) => s.status === 'unsettled')).toBe(true);
      expect(
        await t.app.db
          .selectFrom('ledger_transactions')
          .select('id')
          .where('kind', '=', 'payout')
          .where('reference', 'like', 'bet:%')
          .execute(),
      ).toBeDefined();
      const report = await settleDrawnPeriods(t.app.db, k3.draw_at);
      expect(report.slips).toBeGreaterThanOrEqual(1);
      const done = await t.app.db
        .selectFrom('periods')
        .select('status')
        .where('id', '=', k3.id)
        .executeTakeFirstOrThrow();
      expect(done.status).toBe('settled');
    } finally {
      t.app.setClock(() => T);
    }
  });
});

describe('the betting window: the server clock decides', () => {
  it('accepts at seal_at − 1 ms and refuses at seal_at, whatever the client sends', async () => {
    // On a day of its own (after the others): ticking at the seal seals other games' periods too.
    const day3 = new Date('2031-01-12T05:00:20Z');
    await openAt(t.app, day3);
    const p = await cashPlayer(10_000);
    const k3 = await openPeriod(t.app, 'df_k3');
    const play = (await playItems(t.app, 'df_k3'))[0]?.id;
    const body = { games_id: k3.game_id, issue: k3.issue, items: [{ play_id: play, amount: 100 }] };
    try {
      t.app.setClock(() => new Date(k3.seal_at.getTime() - 1));
      expect((await bet(t.app, p.token, body)).status).toBe(200);
      t.app.setClock(() => new Date(k3.seal_at.getTime()));
      const late = await bet(t.app, p.token, { ...body, server_time: T.getTime() });
      expect(late.status).toBe(409);
      expect(late.body.error).toBe('PERIOD_SEALED');
      // Still 'open' in the table (no tick yet): the clock refused it. Once sealed by tick, the status does too.
      await tick(t.app.db, new Date(k3.seal_at.getTime()), CTX);
      t.app.setClock(() => day3);
      const sealed = await bet(t.app, p.token, body);
      expect(sealed.body.error).toBe('PERIOD_SEALED');
    } finally {
      t.app.setClock(() => T);
    }
    expect((await getBalances(t.app.db, p.id)).cash).toBe(9_900);
  });
});
