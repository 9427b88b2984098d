import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { API } from '@fairdraw/contract';
import type { AdminGames, BetSlip } from '@fairdraw/contract';
import { localDate } from '@fairdraw/domain';
import { call } from '../../test/helper.ts';
import type { TestApp } from '../../test/helper.ts';
import { auth, guestToken } from '../../test/money-helper.ts';
import {
  appAtForFile,
  bet,
  CTX,
  openAt,
  openPeriod,
  playItems,
  userIdOf,
  withPeriodLimit,
  cashPlayer as playerWithCash,
} from '../../test/bets-helper.ts';
import { getBalances, ledgerCheck } from '../ledger/ledger.service.ts';
import { tick } from '../draws/draws.service.ts';
import { turnoverSettledBetween } from '../bonus/bonus.repository.ts';
import { rebuildReportDay } from '../report/report-rebuild.service.ts';
import { settleDrawnPeriods } from './settlement.service.ts';

// Cancelling a slip before its period's seal (modules/bets README, "Cancel"), with an injected clock. Times are in
// 2031; at T every game has a period open (k3 seals at 12:00:50 Bangkok).
const T = new Date('2031-02-11T05:00:20Z');
let t: TestApp;
let op: string;

appAtForFile(T, (s) => ({ t, op } = s));

const cashPlayer = (cash: number) => playerWithCash(t.app, op, cash);

/** A k3 slip of `amounts` (one item each) on the open period; the slip answered. */
async function k3Slip(token: string, amounts: number[]): Promise<BetSlip> {
  const k3 = await openPeriod(t.app, 'df_k3');
  const plays = await playItems(t.app, 'df_k3');
  const res = await bet(t.app, token, {
    games_id: k3.game_id,
    issue: k3.issue,
    items: amounts.map((amount, i) => ({ play_id: plays[i]?.id, amount })),
  });
  expect(res.status, res.text).toBe(200);
  return res.body.data as BetSlip;
}

const cancel = (token: string, id: number, key?: string) =>
  call(t.app, 'POST', API.betCancel, { ...auth(token, key ? { 'idempotency-key': key } : {}), body: { id } });

async function cancelTransactions(slipId: number) {
  const { rows } = await sql<{ kind: string; n: number }>`
    select kind, count(*)::int as n from ledger_transactions where reference = ${`bet-cancel:${slipId}`}
    group by kind`.execute(t.app.db);
  return rows;
}

async function list(token: string, status?: string): Promise<BetSlip[]> {
  const res = await call(t.app, 'GET', `${API.betList}?limit=50${status ? `&status=${status}` : ''}`, auth(token));
  expect(res.status, res.text).toBe(200);
  return (res.body.data as { list: BetSlip[] }).list;
}

describe('POST /api/game/cancel', () => {
  it('refunds the stake once into the cash wallet; the slip and its items are cancelled everywhere', async () => {
    await openAt(t.app, T);
    const p = await cashPlayer(10_000);
    const slip = await k3Slip(p.token, [400, 600]);
    expect(slip).toMatchObject({ status: 'unsettled', cancellable: true });
    expect(slip.seal_at).toBeGreaterThan(T.getTime());
    expect((await getBalances(t.app.db, p.id)).cash).toBe(9_000);
    expect((await list(p.token, 'unsettled'))[0]).toMatchObject({ id: slip.id, cancellable: true });

    const res = await cancel(p.token, slip.id);
    expect(res.status, res.text).toBe(200);
    const done = res.body.data as BetSlip;
    expect(done).toMatchObject({ id: slip.id, status: 'cancelled', payout: 1_000, cancellable: false });
    expect(done.items.map((i) => [i.status, i.payout])).toEqual([
      ['cancelled', 400],
      ['cancelled', 600],
    ]);
    expect((await getBalances(t.app.db, p.id)).cash).toBe(10_000);
    expect(await cancelTransactions(slip.id)).toEqual([{ kind: 'cancel', n: 1 }]);
    // The house gave back what it took: the slip's stake and its cancel sum to zero on both sides.
    const { rows } = await sql<{ account: string; sum: number }>`
      select a.kind as account, sum(pp.amount)::int8 as sum from ledger_transactions lt
      join ledger_postings pp on pp.transaction_id = lt.id join ledger_accounts a on a.id = pp.account_id
      where lt.reference in (${`bet:${slip.id}`}, ${`bet-cancel:${slip.id}`}) group by a.kind order by a.kind`.execute(
      t.app.db,
    );
    expect(rows).toEqual([
      { account: 'house', sum: 0 },
      { account: 'player_cash', sum: 0 },
    ]);
    expect((await ledgerCheck(t.app.db)).ok).toBe(true);

    // The lists: cancelled by its own filter, neither open nor settled.
    expect((await list(p.token, 'cancelled')).map((s) => s.id)).toEqual([slip.id]);
    expect(await list(p.token, 'unsettled')).toEqual([]);
    expect(await list(p.token, 'settled')).toEqual([]);
    expect((await list(p.token))[0]).toMatchObject({ id: slip.id, status: 'cancelled' });

    // Again: refused, nothing moves.
    const again = await cancel(p.token, slip.id);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('BET_ALREADY_CANCELLED');
    expect((await getBalances(t.app.db, p.id)).cash).toBe(10_000);
    expect(await cancelTransactions(slip.id)).toEqual([{ kind: 'cancel', n: 1 }]);
  });

  it("refunds a guest's slip into the demo wallet it was staked from", async () => {
    await openAt(t.app, T);
    const guest = await guestToken(t.app);
    const id = await userIdOf(t.app, guest);
    const before = await getBalances(t.app.db, id);
    const slip = await k3Slip(guest, [500]);
    expect(slip.wallet).toBe('demo');
    expect((await getBalances(t.app.db, id)).demo).toBe(before.demo - 500);
    const res = await cancel(guest, slip.id);
    expect(res.status, res.text).toBe(200);
    expect(await getBalances(t.app.db, id)).toEqual(before);
    const { rows } = await sql<{ account: string; amount: number }>`
      select a.kind as account, pp.amount::int8 as amount from ledger_transactions lt
      join ledger_postings pp on pp.transaction_id = lt.id join ledger_accounts a on a.id = pp.account_id
      where lt.kind = 'cancel' and lt.reference = ${`bet-cancel:${slip.id}`} order by a.kind`.execute(t.app.db);
    expect(rows).toEqual([
      { account: 'demo_source', amount: -500 },
      { account: 'player_demo', amount: 500 },
    ]);
  });

  it('frees its stake from the per-period limit', async () => {
    await openAt(t.app, T);
    const p = await cashPlayer(20_000);
    await withPeriodLimit(t.app, 3_000, async () => {
      const first = await k3Slip(p.token, [2_500]);
      const k3 = await openPeriod(t.app, 'df_k3');
      const play = (await playItems(t.app, 'df_k3'))[0]?.id;
      const body = { games_id: k3.game_id, issue: k3.issue, items: [{ play_id: play, amount: 3_000 }] };
      expect((await bet(t.app, p.token, body)).body.error).toBe('PERIOD_LIMIT_REACHED');
      expect((await cancel(p.token, first.id)).status).toBe(200);
      const staked = await t.app.db
        .selectFrom('bet_period_stakes')
        .select('staked')
        .where('period_id', '=', k3.id)
        .where('user_id', '=', p.id)
        .executeTakeFirstOrThrow();
      expect(staked.staked).toBe(0);
      const res = await bet(t.app, p.token, body);
      expect(res.status, res.text).toBe(200);
    });
  });

  it("frees its stake from the player's own stake limit, and a cancelled slip counts as no loss", async () => {
    await openAt(t.app, T);
    const p = await cashPlayer(20_000);
    const limits = await call(t.app, 'POST', API.protectionLimits, {
      ...auth(p.token),
      body: { changes: [{ kind: 'stake', period: 'day', amount: 3_000 }] },
    });
    expect(limits.status, limits.text).toBe(200);
    const first = await k3Slip(p.token, [3_000]);
    const k3 = await openPeriod(t.app, 'df_k3');
    const play = (await playItems(t.app, 'df_k3'))[0]?.id;
    const body = { games_id: k3.game_id, issue: k3.issue, items: [{ play_id: play, amount: 3_000 }] };
    expect((await bet(t.app, p.token, body)).body.error).toBe('STAKE_LIMIT_REACHED');
    expect((await cancel(p.token, first.id)).status).toBe(200);
    const state = await call(t.app, 'GET', API.protectionLimits, auth(p.token));
    const used = (state.body.data as { limits: { kind: string; period: string; used: number }[] }).limits;
    expect(used.find((l) => l.kind === 'stake' && l.period === 'day')?.used).toBe(0);
    expect(used.find((l) => l.kind === 'loss' && l.period === 'day')?.used).toBe(0);
    const res = await bet(t.app, p.token, body);
    expect(res.status, res.text).toBe(200);
  });

  it('is exactly once per idempotency key: a replay answers the first bytes and refunds nothing more', async () => {
    await openAt(t.app, T);
    const p = await cashPlayer(10_000);
    const slip = await k3Slip(p.token, [1_000]);
    const first = await cancel(p.token, slip.id, 'cancel-key-0001');
    expect(first.status, first.text).toBe(200);
    const replay = await cancel(p.token, slip.id, 'cancel-key-0001');
    expect(replay.status).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.text).toBe(first.text);
    expect(await cancelTransactions(slip.id)).toEqual([{ kind: 'cancel', n: 1 }]);
    expect((await getBalances(t.app.db, p.id)).cash).toBe(10_000);
    // The key with another slip: refused, as every money POST refuses a reused key.
    const other = await k3Slip(p.token, [100]);
    expect((await cancel(p.token, other.id, 'cancel-key-0001')).body.error).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it("refuses another player's slip and an unknown one (404), operators (403) and no session (401)", async () => {
    await openAt(t.app, T);
    const owner = await cashPlayer(10_000);
    const other = await cashPlayer(10_000);
    const slip = await k3Slip(owner.token, [1_000]);
    const notMine = await cancel(other.token, slip.id);
    expect(notMine.status).toBe(404);
    expect(notMine.body.error).toBe('BET_NOT_FOUND');
    expect((await cancel(owner.token, 2_000_000_000)).body.error).toBe('BET_NOT_FOUND');
    expect((await cancel(op, slip.id)).status).toBe(403);
    expect((await call(t.app, 'POST', API.betCancel, { body: { id: slip.id } })).status).toBe(401);
    expect((await cancel(owner.token, -1)).body.error).toBe('BET_NOT_FOUND');
    expect(await cancelTransactions(slip.id)).toEqual([]);
    expect((await getBalances(t.app.db, other.id)).cash).toBe(10_000);
    expect((await getBalances(t.app.db, owner.id)).cash).toBe(9_000);
  });

  it('an operator turns cancelling off per game, at once and audited; the slip then cannot be cancelled', async () => {
    await openAt(t.app, T);
    const p = await cashPlayer(10_000);
    const slip = await k3Slip(p.token, [1_000]);
    const setCancel = (token: string, cancelEnabled: boolean) =>
      call(t.app, 'POST', API.adminGamesCancel, {
        ...auth(token),
        body: { games_id: slip.games_id, cancel_enabled: cancelEnabled },
      });
    expect((await setCancel(p.token, false)).status).toBe(403);
    const off = await setCancel(op, false);
    expect(off.status, off.text).toBe(200);
    const game = (off.body.data as AdminGames).games.find((g) => g.id === slip.games_id);
    expect(game?.cancel_enabled).toBe(false);
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('action', '=', 'games.cancel')
      .where('target', '=', `game:${slip.games_id}`)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({ before: { cancel_enabled: true }, after: { cancel_enabled: false } });
    expect((await list(p.token, 'unsettled'))[0]).toMatchObject({ id: slip.id, cancellable: false });
    const refused = await cancel(p.token, slip.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('BET_CANCEL_DISABLED');
    expect(await cancelTransactions(slip.id)).toEqual([]);
    expect((await setCancel(op, true)).status).toBe(200);
    expect((await cancel(p.token, slip.id)).status).toBe(200);
    const unknown = await call(t.app, 'POST', API.adminGamesCancel, {
      ...auth(op),
      body: { games_id: 999_999, cancel_enabled: false },
    });
    expect(unknown.body.error).toBe('GAME_NOT_FOUND');
  });
  it('refuses at and after the seal (PERIOD_SEALED), and a settled slip; a cancelled slip is never settled', async () => {
    await openAt(t.app, T);
    const p = await cashPlayer(10_000);
    const k3 = await openPeriod(t.app, 'df_k3');
    const kept = await k3Slip(p.token, [1_000]);
    const late = await k3Slip(p.token, [1_000]);
    const undone = await k3Slip(p.token, [1_000]);
    // One millisecond before seal_at the period still takes bets: the cancel goes through.
    t.app.setClock(() => new Date(k3.seal_at.getTime() - 1));
    expect((await cancel(p.token, undone.id)).status).toBe(200);
    // At seal_at, before the scheduler has sealed the period: refused by the clock.
    t.app.setClock(() => k3.seal_at);
    const atSeal = await cancel(p.token, late.id);
    expect(atSeal.status).toBe(409);
    expect(atSeal.body.error).toBe('PERIOD_SEALED');
    // Sealed by the scheduler: refused by the period's status, whatever the clock says.
    await tick(t.app.db, k3.seal_at, CTX);
    t.app.setClock(() => new Date(k3.seal_at.getTime() - 1));
    expect((await cancel(p.token, late.id)).body.error).toBe('PERIOD_SEALED');
    // Drawn and settled: the cancelled slip stays cancelled, with no payout posting; the others are settled.
    await tick(t.app.db, k3.draw_at, CTX);
    await settleDrawnPeriods(t.app.db, k3.draw_at);
    t.app.setClock(() => k3.draw_at);
    const slips = await t.app.db
      .selectFrom('bet_results')
      .select(['id', 'status', 'payout'])
      .where('id', 'in', [kept.id, late.id, undone.id])
      .orderBy('id')
      .execute();
    expect(slips.find((s) => s.id === undone.id)).toMatchObject({ status: 'cancelled', payout: 1_000 });
    for (const s of slips.filter((x) => x.id !== undone.id)) expect(['won', 'lost', 'push']).toContain(s.status);
    const { rows: paid } = await sql<{ n: number }>`
      select count(*)::int as n from ledger_transactions where reference = ${`bet:${undone.id}`}`.execute(t.app.db);
    expect(paid[0]?.n).toBe(1); // its stake only
    const settled = await cancel(p.token, kept.id);
    expect(settled.status).toBe(409);
    expect(settled.body.error).toBe('BET_ALREADY_SETTLED');
    expect(await cancelTransactions(kept.id)).toEqual([]);
    expect(await cancelTransactions(late.id)).toEqual([]);
    expect((await list(p.token, 'settled')).map((s) => s.id).sort()).toEqual([kept.id, late.id].sort());

    // Rebate turnover and the daily report leave the cancelled slip out.
    const turnover = await turnoverSettledBetween(
      t.app.db,
      new Date(k3.draw_at.getTime() - 1),
      new Date(k3.draw_at.getTime() + 1),
    );
    expect(turnover.filter((r) => r.user_id === p.id)).toEqual([{ user_id: p.id, family: 'k3', turnover: 2_000 }]);
    const { rows: at } = await sql<{ created_at: Date }>`
      select created_at from ledger_transactions where reference = ${`bet-cancel:${undone.id}`}`.execute(t.app.db);
    const day = localDate(new Date(at[0]!.created_at).getTime(), CTX.timeZone);
    await rebuildReportDay(t.app.db, day, new Date(), CTX.timeZone);
    const report = await t.app.db
      .selectFrom('report_daily')
      .select(['stakes', 'slips'])
      .where('user_id', '=', p.id)
      .where('day', '=', day)
      .where('game_id', '=', k3.game_id)
      .executeTakeFirstOrThrow();
    expect(report).toEqual({ stakes: 2_000, slips: 2 });
  });
});
