import { describe, expect, it } from 'vitest';
import { adminPlayer, adminPlayerDetail, adminPlayerResetAnswer, API } from '@fairdraw/contract';
import { call, registerPlayer } from '../../test/helper.ts';
import type { TestApp } from '../../test/helper.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { auth, channels, guestToken, submitBank, wallet } from '../../test/money-helper.ts';
import { FUND_PASSWORD, readyPlayer, submitWithdraw } from '../../test/withdraw-helper.ts';
import { bet, appAtForFile, openPeriod, playItems, userIdOf } from '../../test/bets-helper.ts';
import { getBalances, ledgerCheck } from '../ledger/ledger.service.ts';

// The console's Players screen (README.md): search and a player's records for operators only; freeze and unfreeze
// with a reason (a frozen player can log in and withdraw, not bet or deposit); a password reset whose temporary
// password is shown once and must be changed before anything else. Every action is audited before/after.

// A day ahead of the wall clock, 20 s into a minute: the one-minute games' periods are open. The ledger stamps
// movements with the app's clock, so the history (the last months before it) lists them.
const T = new Date(Math.floor((Date.now() + 86_400_000) / 60_000) * 60_000 + 20_000);
let t: TestApp;
let op: string;
appAtForFile(T, (s) => ({ t, op } = s));

const get = (token: string, url: string) => call(t.app, 'GET', url, auth(token));
const post = (token: string, url: string, body: unknown) => call(t.app, 'POST', url, { ...auth(token), body });

async function betBody() {
  // Should none be open, the failure lists the game's periods and the app's clock.
  const k3 = await openPeriod(t.app, 'df_k3').catch(async (e: unknown) => {
    const periods = await t.app.db
      .selectFrom('periods')
      .innerJoin('games', 'games.id', 'periods.game_id')
      .select(['periods.issue', 'periods.status', 'periods.seal_at'])
      .where('games.code', '=', 'df_k3')
      .orderBy('periods.draw_at')
      .execute();
    throw new Error(`no open df_k3 period at ${t.app.clock().toISOString()}: ${JSON.stringify(periods)}`, { cause: e });
  });
  const play = (await playItems(t.app, 'df_k3'))[0]?.id;
  return { games_id: k3.game_id, issue: k3.issue, items: [{ play_id: play, amount: 1_000 }] };
}

/** A computed, unclaimed rebate of `amount` for the player (as the daily job leaves it), on a day of its own. */
let rebateDay = 0;
async function claimableRebate(userId: number, amount: number): Promise<void> {
  rebateDay += 1;
  const day = `2020-01-${String(rebateDay).padStart(2, '0')}`;
  await t.app.db.insertInto('bonus_rebate_days').values({ day, computed_at: T, players: 1, total: amount }).execute();
  await t.app.db
    .insertInto('bonus_rebates')
    .values({
      user_id: userId,
      day,
      turnover: amount * 100,
      amount,
      requirement: 0,
      lines: JSON.stringify([]),
      created_at: T,
    })
    .execute();
}

async function lastAudit(action: string) {
  return t.app.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

describe('who may call', () => {
  it('every players route refuses a player and a guest (403) and a stranger (401)', async () => {
    const p = await registerPlayer(t.app);
    const g = await guestToken(t.app);
    const gets = [
      `${API.adminPlayersSearch}?q=a`,
      `${API.adminPlayersDetail}?id=1`,
      `${API.adminPlayersLedger}?id=1`,
      `${API.adminPlayersBets}?id=1`,
      `${API.adminPlayersDeposits}?id=1`,
      `${API.adminPlayersWithdrawals}?id=1`,
      `${API.adminPlayersMessages}?id=1`,
    ];
    const posts = [API.adminPlayersFreeze, API.adminPlayersUnfreeze, API.adminPlayersResetPassword];
    for (const token of [p.token, g]) {
      for (const url of gets) expect((await get(token, url)).body.error, url).toBe('FORBIDDEN');
      for (const url of posts) {
        const res = await post(token, url, { id: 1, reason: 'x' });
        expect([res.status, res.body.error], url).toEqual([403, 'FORBIDDEN']);
      }
    }
    expect((await call(t.app, 'GET', `${API.adminPlayersSearch}?q=a`)).status).toBe(401);
  });
});

describe('search and records', () => {
  it('finds a player by part of his account, his nickname or his id; never an operator', async () => {
    const p = await registerPlayer(t.app);
    const id = await userIdOf(t.app, p.token);
    await call(t.app, 'POST', API.userProfile, { ...auth(p.token), body: { nickname: 'Zebra Moon' } });
    const byAccount = await get(op, `${API.adminPlayersSearch}?q=${p.account.slice(2, 9).toUpperCase()}`);
    expect(byAccount.status, byAccount.text).toBe(200);
    const list = (byAccount.body.data as { list: unknown[] }).list.map((r) => adminPlayer.parse(r));
    expect(list.map((r) => r.id)).toContain(id);
    const byNick = (await get(op, `${API.adminPlayersSearch}?q=zebra%20m`)).body.data as { list: { id: number }[] };
    expect(byNick.list.map((r) => r.id)).toEqual([id]);
    const byId = (await get(op, `${API.adminPlayersSearch}?q=${id}`)).body.data as { list: { id: number }[] };
    expect(byId.list.map((r) => r.id)).toContain(id);
    const all = (await get(op, `${API.adminPlayersSearch}?limit=50`)).body.data as { list: { role: string }[] };
    expect(all.list.every((r) => r.role !== 'operator')).toBe(true);
    // A LIKE wildcard is a plain character: '%' finds no one.
    const wild = (await get(op, `${API.adminPlayersSearch}?q=%25`)).body.data as { list: unknown[] };
    expect(wild.list).toEqual([]);
  });

  it('pages: limit 1 gives one row and has_more while more match', async () => {
    await registerPlayer(t.app);
    await registerPlayer(t.app);
    const page1 = (await get(op, `${API.adminPlayersSearch}?limit=1`)).body.data as {
      list: { id: number }[];
      has_more: boolean;
    };
    const page2 = (await get(op, `${API.adminPlayersSearch}?limit=1&page=2`)).body.data as { list: { id: number }[] };
    expect(page1.list).toHaveLength(1);
    expect(page1.has_more).toBe(true);
    expect(page2.list[0]?.id).toBeLessThan(page1.list[0]?.id as number);
  });

  it("shows a player's wallet, limits, KYC and paged ledger, bets, deposits, withdrawals and messages", async () => {
    const p = await readyPlayer(t.app, op, 50_000);
    const id = await userIdOf(t.app, p.token);
    expect((await bet(t.app, p.token, await betBody())).status).toBe(200);
    expect((await submitBank(t.app, p.token, (await channels(t.app)).bank, 20_000)).status).toBe(200);
    const w = await submitWithdraw(t.app, p.token, {
      amount: 10_000,
      payout_id: p.payoutId,
      fund_password: FUND_PASSWORD,
    });
    expect(w.status, w.text).toBe(200);

    const detail = adminPlayerDetail.parse((await get(op, `${API.adminPlayersDetail}?id=${id}`)).body.data);
    expect(detail.player).toMatchObject({ id, account: p.account, frozen: false, must_change_password: false });
    const own = await wallet(t.app, p.token);
    expect(detail.wallet).toMatchObject({ balance: own.balance, frozen: own.frozen });
    expect(detail.kyc.status).toBe('none');

    const list = async (url: string) => {
      const res = await get(op, `${url}?id=${id}&limit=1`);
      expect(res.status, res.text).toBe(200);
      return res.body.data as { list: Record<string, unknown>[]; has_more: boolean };
    };
    const ledger = await list(API.adminPlayersLedger);
    expect(ledger.list).toHaveLength(1);
    expect(ledger.has_more).toBe(true); // deposit credit, stake, withdrawal hold
    expect((await list(API.adminPlayersBets)).list[0]).toMatchObject({ total: 1_000 });
    expect((await list(API.adminPlayersDeposits)).list[0]).toMatchObject({ amount: 20_000, status: 'pending' });
    expect((await list(API.adminPlayersDeposits)).has_more).toBe(true); // the funding deposit
    expect((await list(API.adminPlayersWithdrawals)).list[0]).toMatchObject({ amount: 10_000, status: 'pending' });
    expect((await list(API.adminPlayersMessages)).list.length).toBe(1);
  });

  it('an unknown id answers 404 PLAYER_NOT_FOUND; an operator is not a player', async () => {
    for (const url of [API.adminPlayersDetail, API.adminPlayersBets, API.adminPlayersLedger]) {
      expect((await get(op, `${url}?id=2147483000`)).body.error).toBe('PLAYER_NOT_FOUND');
    }
    const opId = await userIdOf(t.app, op);
    expect((await get(op, `${API.adminPlayersDetail}?id=${opId}`)).body.error).toBe('PLAYER_NOT_FOUND');
    const res = await post(op, API.adminPlayersFreeze, { id: opId, reason: 'x' });
    expect([res.status, res.body.error]).toEqual([404, 'PLAYER_NOT_FOUND']);
  });
});

describe('freeze and unfreeze', () => {
  it('a frozen player logs in, reads and writes to support, but his bets, deposits, withdrawals, rebate claims and payout-method changes are refused; unfreezing restores them', async () => {
    const p = await readyPlayer(t.app, op, 50_000);
    const id = await userIdOf(t.app, p.token);
    const body = await betBody();
    const frozen = await post(op, API.adminPlayersFreeze, { id, reason: 'Chargeback under review' });
    expect(frozen.status, frozen.text).toBe(200);
    expect(adminPlayer.parse(frozen.body.data)).toMatchObject({
      frozen: true,
      frozen_reason: 'Chargeback under review',
    });

    const profile = await get(p.token, API.profile);
    expect(profile.body.data).toMatchObject({ frozen: true });
    const login = await call(t.app, 'POST', API.login, { body: { account: p.account, password: p.password } });
    expect(login.status).toBe(200);

    const before = await getBalances(t.app.db, id);
    const refused = await bet(t.app, p.token, body);
    expect([refused.status, refused.body.error]).toEqual([403, 'ACCOUNT_FROZEN']);
    expect(refused.body.msg).toMatch(/frozen/i);
    const deposit = await submitBank(t.app, p.token, (await channels(t.app)).bank, 20_000);
    expect([deposit.status, deposit.body.error]).toEqual([403, 'ACCOUNT_FROZEN']);
    expect(await getBalances(t.app.db, id)).toEqual(before);

    // Withdrawals, rebate claims and payout-method changes: refused too, nothing moves or changes.
    const withdrawBody = { amount: 10_000, payout_id: p.payoutId, fund_password: FUND_PASSWORD };
    const w = await submitWithdraw(t.app, p.token, withdrawBody);
    expect([w.status, w.body.error]).toEqual([403, 'ACCOUNT_FROZEN']);
    await claimableRebate(id, 500);
    const claim = await post(p.token, API.bonusClaim, {});
    expect([claim.status, claim.body.error]).toEqual([403, 'ACCOUNT_FROZEN']);
    const card = { type: 'bank', password: p.password, name: 'Ann Lee', bank_name: 'Demo Bank' };
    const bind = await post(p.token, API.payoutAdd, { ...card, card_number: '5555 5555 5555 4444' });
    expect([bind.status, bind.body.error]).toEqual([403, 'ACCOUNT_FROZEN']);
    const pix = await post(p.token, API.payoutAdd, { type: 'pix', password: p.password, key: 'ann@example.com' });
    expect([pix.status, pix.body.error]).toEqual([403, 'ACCOUNT_FROZEN']);
    const unbind = await post(p.token, API.payoutDelete, { id: p.payoutId });
    expect([unbind.status, unbind.body.error]).toEqual([403, 'ACCOUNT_FROZEN']);
    expect(await getBalances(t.app.db, id)).toEqual(before);
    expect((await get(p.token, API.payoutList)).body.data).toEqual([expect.objectContaining({ id: p.payoutId })]);
    expect((await get(p.token, API.bonusIndex)).body.data).toMatchObject({ claimable: 500 });

    // Reading, messages and support stay open.
    for (const url of [API.wallet, API.withdrawList, API.payoutList, API.bonusIndex, API.msgList, API.kycIndex]) {
      expect((await get(p.token, url)).status, url).toBe(200);
    }
    const help = await post(p.token, API.supportOpen, { subject: 'Frozen', body: 'Why is my account frozen?' });
    expect(help.status, help.text).toBe(200);

    const again = await post(op, API.adminPlayersFreeze, { id, reason: 'twice' });
    expect([again.status, again.body.error]).toEqual([409, 'PLAYER_ALREADY_FROZEN']);

    const audit = await lastAudit('player.freeze');
    expect(audit).toMatchObject({ target: `user:${id}` });
    expect(audit.before).toMatchObject({ frozen: false });
    expect(audit.after).toMatchObject({ frozen: true, frozen_reason: 'Chargeback under review' });

    const noReason = await post(op, API.adminPlayersUnfreeze, { id, reason: '  ' });
    expect([noReason.status, noReason.body.error]).toEqual([400, 'REASON_REQUIRED']);
    const lifted = await post(op, API.adminPlayersUnfreeze, { id, reason: 'Cleared' });
    expect(lifted.status, lifted.text).toBe(200);
    expect(adminPlayer.parse(lifted.body.data)).toMatchObject({ frozen: false, frozen_reason: null });
    const unAudit = await lastAudit('player.unfreeze');
    expect(unAudit.before).toMatchObject({ frozen: true });
    expect(unAudit.after).toMatchObject({ frozen: false, reason: 'Cleared' });
    const notFrozen = await post(op, API.adminPlayersUnfreeze, { id, reason: 'again' });
    expect([notFrozen.status, notFrozen.body.error]).toEqual([409, 'PLAYER_NOT_FROZEN']);

    expect((await bet(t.app, p.token, body)).status).toBe(200);
    expect((await submitBank(t.app, p.token, (await channels(t.app)).bank, 20_000)).status).toBe(200);
    expect((await submitWithdraw(t.app, p.token, withdrawBody)).status).toBe(200);
    expect((await post(p.token, API.bonusClaim, {})).body.data).toMatchObject({ claimed: 500 });
    expect((await post(p.token, API.payoutAdd, { ...card, card_number: '5555 5555 5555 4444' })).status).toBe(200);
    expect((await post(p.token, API.payoutDelete, { id: p.payoutId })).status).toBe(200);
    expect((await ledgerCheck(t.app.db)).ok).toBe(true);
  });

  it('withdrawals, rebate claims and payout changes read the freeze under the lock, not only the session', async () => {
    const p = await readyPlayer(t.app, op, 50_000);
    const id = await userIdOf(t.app, p.token);
    await claimableRebate(id, 700);
    // Frozen, and the services handed a session that still says "not frozen": only the transaction's own read of
    // the row, under its lock, can see it.
    await t.app.db.updateTable('users').set({ frozen_at: T, frozen_reason: 'direct' }).where('id', '=', id).execute();
    const user: SessionUser = {
      id,
      sessionId: 0,
      account: p.account,
      nickname: p.account,
      avatar: '',
      role: 'player',
      isGuest: false,
      createdAt: T,
      hasFundPassword: true,
      frozen: false,
    };
    const { submitWithdrawal } = await import('../withdraw/withdraw.service.ts');
    const { claimRebates } = await import('../bonus/bonus.service.ts');
    const { addPayoutMethod, deletePayoutMethod } = await import('../payout-methods/payout-methods.service.ts');
    const before = await getBalances(t.app.db, id);
    const refusals = [
      () =>
        submitWithdrawal(
          t.app.db,
          user,
          { amount: 10_000, payout_id: p.payoutId, fund_password: FUND_PASSWORD },
          { currency: t.config.currency, fundPassword: t.config, now: T },
        ),
      () => claimRebates(t.app.db, user, T),
      () =>
        addPayoutMethod(t.app.db, user, { type: 'pix', password: p.password, key: 'frozen@example.com' }, T, t.config),
      () => deletePayoutMethod(t.app.db, user, p.payoutId, T),
    ];
    for (const refused of refusals) await expect(refused()).rejects.toMatchObject({ key: 'ACCOUNT_FROZEN' });
    expect(await getBalances(t.app.db, id)).toEqual(before);
    expect((await get(p.token, API.payoutList)).body.data).toEqual([expect.objectContaining({ id: p.payoutId })]);
    expect((await get(p.token, API.bonusIndex)).body.data).toMatchObject({ claimable: 700 });
  });

  it('the bet batch itself refuses a player frozen after his session was read (the check under the lock)', async () => {
    const p = await readyPlayer(t.app, op, 50_000);
    const id = await userIdOf(t.app, p.token);
    // Frozen behind the session cache's back: only the transaction's own read can see it.
    await t.app.db.updateTable('users').set({ frozen_at: T, frozen_reason: 'direct' }).where('id', '=', id).execute();
    const { commitSlips } = await import('../bets/slip-batch.ts');
    const { preparedSlip } = await import('../../test/bets-helper.ts');
    const k3 = await openPeriod(t.app, 'df_k3');
    const play = (await playItems(t.app, 'df_k3'))[0];
    if (!play) throw new Error('no play');
    const other = await readyPlayer(t.app, op, 50_000);
    const otherId = await userIdOf(t.app, other.token);
    const [mine, theirs] = await commitSlips(
      t.app.db,
      [preparedSlip(k3, play, id, 1_000), preparedSlip(k3, play, otherId, 1_000)],
      () => T,
    );
    expect(mine).toMatchObject({ ok: false, error: { key: 'ACCOUNT_FROZEN' } });
    expect(theirs?.ok).toBe(true);
    expect((await getBalances(t.app.db, id)).cash).toBe(50_000);
    expect((await getBalances(t.app.db, otherId)).cash).toBe(49_000);
  });
});

describe('password reset', () => {
  it('gives a one-time temporary password, ends every session, and allows only the change until it is made', async () => {
    const p = await registerPlayer(t.app);
    const id = await userIdOf(t.app, p.token);
    const second = await call(t.app, 'POST', API.login, { body: { account: p.account, password: p.password } });
    const secondToken = (second.body.data as { token: string }).token;

    const res = await post(op, API.adminPlayersResetPassword, { id });
    expect(res.status, res.text).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const answer = adminPlayerResetAnswer.parse(res.body.data);
    expect(answer.temporary_password).toMatch(/^[A-Za-z0-9]{12}$/);
    expect(answer.player.must_change_password).toBe(true);

    // Every session ended.
    for (const token of [p.token, secondToken]) expect((await get(token, API.profile)).status).toBe(401);
    // Neither the password nor its hash is kept anywhere but the hash column.
    const audit = await lastAudit('player.reset_password');
    expect(JSON.stringify(audit)).not.toContain(answer.temporary_password);
    expect(JSON.stringify(audit)).not.toContain('argon2');
    expect(audit.after).toMatchObject({ must_change_password: true, sessions_ended: 2 });
    const row = await t.app.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).not.toContain(answer.temporary_password);

    expect((await call(t.app, 'POST', API.login, { body: { account: p.account, password: p.password } })).status).toBe(
      400,
    );
    const login = await call(t.app, 'POST', API.login, {
      body: { account: p.account, password: answer.temporary_password },
    });
    expect(login.status, login.text).toBe(200);
    const data = login.body.data as { token: string; userInfo: { must_change_password?: boolean } };
    expect(data.userInfo.must_change_password).toBe(true);

    // Only who-am-I, the password change and logout answer.
    expect((await get(data.token, API.profile)).body.data).toMatchObject({ must_change_password: true });
    for (const url of [API.wallet, API.msgList, API.kycIndex]) {
      const refused = await get(data.token, url);
      expect([refused.status, refused.body.error], url).toEqual([403, 'PASSWORD_CHANGE_REQUIRED']);
    }
    expect((await bet(t.app, data.token, await betBody())).body.error).toBe('PASSWORD_CHANGE_REQUIRED');

    const changed = await post(data.token, API.changePassword, {
      old_password: answer.temporary_password,
      password: 'mine2024',
      confirm_password: 'mine2024',
    });
    expect(changed.status, changed.text).toBe(200);
    expect((await get(data.token, API.wallet)).status).toBe(200);
    expect((await get(data.token, API.profile)).body.data).toMatchObject({ must_change_password: false });
    const relogin = await call(t.app, 'POST', API.login, { body: { account: p.account, password: 'mine2024' } });
    expect((relogin.body.data as { userInfo: Record<string, unknown> }).userInfo.must_change_password).toBeUndefined();
  });

  it('a guest has no password to reset (404); an unknown id neither', async () => {
    const g = await guestToken(t.app);
    const gid = await userIdOf(t.app, g);
    for (const id of [gid, 2147483000]) {
      const res = await post(op, API.adminPlayersResetPassword, { id });
      expect([res.status, res.body.error]).toEqual([404, 'PLAYER_NOT_FOUND']);
    }
  });
});
