import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { API } from '@fairdraw/contract';
import type { InboxList } from '@fairdraw/contract';
import { buildTestApp, call, registerPlayer } from '../../test/helper.ts';
import type { TestApp } from '../../test/helper.ts';
import { bet, CTX, openPeriod, openWhenBetsTaken, playItems, userIdOf } from '../../test/bets-helper.ts';
import { channels, count, guestToken, operatorToken, submitBank } from '../../test/money-helper.ts';
import type { Channels } from '../../test/money-helper.ts';
import { FUND_PASSWORD, readyPlayer, submitWithdraw } from '../../test/withdraw-helper.ts';
import { tick } from '../draws/draws.service.ts';
import { settleDrawnPeriods } from '../bets/settlement.service.ts';
import { listMessages, sendSystemMessage, unreadCount } from './inbox.service.ts';

// Messages: system messages stored as kind + params and worded at read time; the inbox calls.

/** The no-break space Intl puts between a currency code and the number. */
const NB = '\u00a0';
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

async function reader() {
  const p = await registerPlayer(t.app);
  const id = await userIdOf(t.app, p.token);
  const u = await t.app.db.selectFrom('users').select('created_at').where('id', '=', id).executeTakeFirstOrThrow();
  return { ...p, id, createdAt: u.created_at };
}

describe('sendSystemMessage', () => {
  it('stores kind and params inside the caller transaction; the row is worded in the language it is read in', async () => {
    const r = await reader();
    const now = t.app.clock();
    await t.app.db.transaction().execute(async (trx) => {
      await sendSystemMessage(
        trx,
        r.id,
        'withdrawal_rejected',
        { withdrawal_id: 7, amount: 12345, currency: 'THB', reason: 'Card closed' },
        now,
      );
    });
    expect(await unreadCount(t.app.db, r, now)).toBe(1);
    const en = await listMessages(t.app.db, r, { lang: 'en', site: 'THB' }, 1, 20, now);
    const th = await listMessages(t.app.db, r, { lang: 'th', site: 'THB' }, 1, 20, now);
    expect(en.list[0]).toMatchObject({ kind: 'withdrawal_rejected', title: 'Withdrawal rejected', read: false });
    expect(en.list[0]!.body).toBe(
      `Your withdrawal #7 of THB${NB}123.45 was rejected and the amount returned to your balance. Reason: Card closed`,
    );
    expect(th.list[0]!.title).toBe('การถอนเงินถูกปฏิเสธ');
    // Amounts as the web shows them in each language (Intl: a no-break space after the code in English).
    expect(th.list[0]!.body).toContain('จำนวน ฿123.45 ');
    expect(th.list[0]!.id).toBe(en.list[0]!.id);
  });

  it('writes nothing when the caller transaction rolls back', async () => {
    const r = await reader();
    const now = t.app.clock();
    await expect(
      t.app.db.transaction().execute(async (trx) => {
        await sendSystemMessage(trx, r.id, 'kyc_approved', {}, now);
        throw new Error('cause failed');
      }),
    ).rejects.toThrow('cause failed');
    expect(await unreadCount(t.app.db, r, now)).toBe(0);
  });
});

// ---- The calls -------------------------------------------------------------------------------------------------

const get = (token: string, url: string, lang = 'en') => call(t.app, 'GET', url, { headers: { token, lang } });
const post = (token: string, url: string, body: unknown, lang = 'en') =>
  call(t.app, 'POST', url, { headers: { token, lang }, body });

async function inbox(token: string, lang = 'en', query = '') {
  const res = await get(token, `${API.msgList}${query}`, lang);
  expect(res.status, res.text).toBe(200);
  return res.body.data as InboxList;
}
async function unread(token: string): Promise<number> {
  const res = await get(token, API.msgUnread);
  expect(res.status, res.text).toBe(200);
  return (res.body.data as { unread: number }).unread;
}
async function detail(token: string, id: string, lang = 'en') {
  return get(token, `${API.msgDetail}?id=${encodeURIComponent(id)}`, lang);
}

describe('system messages from their causes', () => {
  let op: string;
  let ch: Channels;
  beforeAll(async () => {
    op = await operatorToken(t.app);
    ch = await channels(t.app);
  });

  it('a deposit approved by the operator: one unread message, worded in th and en; opening it reads it', async () => {
    const p = await registerPlayer(t.app);
    expect(await unread(p.token)).toBe(0);
    const dep = await submitBank(t.app, p.token, ch.bank, 50_000);
    expect(dep.status, dep.text).toBe(200);
    const depositId = (dep.body.data as { id: number }).id;
    // Submitting alone tells nothing.
    expect(await unread(p.token)).toBe(0);
    const ok = await post(op, API.adminRechargeApprove, { id: depositId });
    expect(ok.status, ok.text).toBe(200);
    expect(await unread(p.token)).toBe(1);

    const en = await inbox(p.token, 'en');
    expect(en.unread).toBe(1);
    expect(en.list).toHaveLength(1);
    expect(en.list[0]).toMatchObject({
      kind: 'deposit_credited',
      broadcast: false,
      read: false,
      title: 'Deposit credited',
      body: `Your deposit #${depositId} of THB${NB}500.00 has been credited to your balance.`,
    });
    const th = await inbox(p.token, 'th');
    expect(th.list[0]!.id).toBe(en.list[0]!.id);
    expect(th.list[0]!.title).toBe('เติมเงินสำเร็จ');
    expect(th.list[0]!.body).toBe(`รายการเติมเงิน #${depositId} จำนวน ฿500.00 เข้ายอดเงินของคุณแล้ว`);

    const opened = await detail(p.token, en.list[0]!.id, 'th');
    expect(opened.status, opened.text).toBe(200);
    expect(opened.body.data).toMatchObject({ read: true, title: 'เติมเงินสำเร็จ' });
    expect(await unread(p.token)).toBe(0);
    expect((await inbox(p.token)).list[0]!.read).toBe(true);
  });

  it('a deposit rejected: the reason as the operator wrote it', async () => {
    const p = await registerPlayer(t.app);
    const dep = await submitBank(t.app, p.token, ch.bank, 20_000);
    const depositId = (dep.body.data as { id: number }).id;
    const no = await post(op, API.adminRechargeReject, { id: depositId, reason: 'No transfer received' });
    expect(no.status, no.text).toBe(200);
    const en = await inbox(p.token);
    expect(en.list.map((m) => m.kind)).toEqual(['deposit_rejected']);
    expect(en.list[0]!.body).toBe(
      `Your deposit #${depositId} of THB${NB}200.00 was rejected. Reason: No transfer received`,
    );
    expect((await inbox(p.token, 'zh-cn')).list[0]!.title).toBe('充值被拒绝');
  });

  it('a withdrawal paid and one rejected (with the reason), after the deposit that funded them', async () => {
    const p = await readyPlayer(t.app, op, 50_000);
    const ids: number[] = [];
    for (const decide of [API.adminWithdrawApprove, API.adminWithdrawReject]) {
      const w = await submitWithdraw(t.app, p.token, {
        amount: 10_000,
        payout_id: p.payoutId,
        fund_password: FUND_PASSWORD,
      });
      expect(w.status, w.text).toBe(200);
      const id = (w.body.data as { id: number }).id;
      ids.push(id);
      const res = await post(op, decide, { id, reason: 'Name does not match' });
      expect(res.status, res.text).toBe(200);
    }
    const en = await inbox(p.token);
    expect(en.list.map((m) => m.kind)).toEqual(['withdrawal_rejected', 'withdrawal_paid', 'deposit_credited']);
    expect(en.list[1]!.body).toBe(`Your withdrawal #${ids[0]} of THB${NB}100.00 has been paid.`);
    expect(en.list[0]!.body).toContain('Reason: Name does not match');
    const th = await inbox(p.token, 'th');
    expect(th.list[0]!.body).toBe(
      `รายการถอนเงิน #${ids[1]} จำนวน ฿100.00 ถูกปฏิเสธ และคืนเงินเข้ายอดเงินแล้ว เหตุผล: Name does not match`,
    );
    expect(en.unread).toBe(3);
  });

  it('a cash win of at least the threshold (setting big_win_threshold) tells its player; smaller wins do not', async () => {
    // A moment when a K3 period is open (not in the seconds between its seal and its draw).
    await openWhenBetsTaken(t.app, 'df_k3');
    await t.app.db
      .insertInto('settings')
      .values({ key: 'big_win_threshold', value: JSON.stringify(250) })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(250) }))
      .execute();
    try {
      const p = await readyPlayer(t.app, op, 50_000);
      const userId = await userIdOf(t.app, p.token);
      const k3 = await openPeriod(t.app, 'df_k3');
      for (const play of await playItems(t.app, 'df_k3')) {
        const r = await bet(t.app, p.token, {
          games_id: k3.game_id,
          issue: k3.issue,
          items: [{ play_id: play.id, amount: 100 }],
        });
        expect(r.status, r.text).toBe(200);
      }
      await tick(t.app.db, k3.draw_at, CTX);
      await settleDrawnPeriods(t.app.db, k3.draw_at);
      const slips = await t.app.db
        .selectFrom('bets')
        .select(['id', 'payout'])
        .where('user_id', '=', userId)
        .where('payout', '>=', 250)
        .orderBy('id')
        .execute();
      const smaller = await t.app.db
        .selectFrom('bets')
        .select('id')
        .where('user_id', '=', userId)
        .where('payout', '>', 0)
        .where('payout', '<', 250)
        .execute();
      expect(slips.length).toBeGreaterThan(0);
      const wins = (await inbox(p.token, 'en', '?limit=50')).list.filter((m) => m.kind === 'big_win');
      expect(wins).toHaveLength(slips.length);
      const rows = await t.app.db
        .selectFrom('messages')
        .select('params')
        .where('user_id', '=', userId)
        .where('kind', '=', 'big_win')
        .execute();
      expect(rows.map((r) => r.params.slip_id).sort()).toEqual(slips.map((s) => s.id).sort());
      for (const s of smaller) expect(rows.map((r) => r.params.slip_id)).not.toContain(s.id);
      expect(wins[0]!.body).toMatch(new RegExp(`^You won THB\\u00a0[\\d,]+\\.\\d{2} in .+, draw ${k3.issue}\\.`));
      const th = (await inbox(p.token, 'th', '?limit=50')).list.find((m) => m.kind === 'big_win')!;
      expect(th.title).toBe('ยินดีด้วย คุณถูกรางวัล!');
      expect(th.body).toContain(`งวด ${k3.issue}`);
    } finally {
      t.app.setClock(undefined);
      await t.app.db.deleteFrom('settings').where('key', '=', 'big_win_threshold').execute();
    }
  }, 120_000);
});

describe('operator messages and broadcasts', () => {
  let op: string;
  beforeAll(async () => {
    op = await operatorToken(t.app);
  });

  it('a message to one player reaches that player only, as written, and is audited', async () => {
    const a = await registerPlayer(t.app);
    const b = await registerPlayer(t.app);
    const sent = await post(op, API.adminMsgSend, {
      to: 'one',
      account: a.account.toUpperCase(),
      title: ' Hello ',
      body: 'Welcome!',
    });
    expect(sent.status, sent.text).toBe(200);
    const id = (sent.body.data as { id: string }).id;
    expect(id).toMatch(/^m\d+$/);
    const th = await inbox(a.token, 'th');
    expect(th.list).toEqual([
      expect.objectContaining({ id, kind: 'operator', title: 'Hello', body: 'Welcome!', read: false }),
    ]);
    expect((await inbox(b.token)).list.find((m) => m.id === id)).toBeUndefined();
    const audit = await t.app.db.selectFrom('audit_log').select('action').where('action', '=', 'msg.send').execute();
    expect(audit.length).toBeGreaterThan(0);
  });

  it('a broadcast is one row; it reaches players registered by then, not those who register later', async () => {
    const before = await registerPlayer(t.app);
    const broadcastsBefore = await count(t.app, 'broadcasts');
    const messagesBefore = await count(t.app, 'messages');
    const sent = await post(op, API.adminMsgSend, { to: 'all', title: 'Maintenance', body: 'Tonight 02:00–03:00' });
    expect(sent.status, sent.text).toBe(200);
    const id = (sent.body.data as { id: string }).id;
    expect(id).toMatch(/^b\d+$/);
    expect(await count(t.app, 'broadcasts')).toBe(broadcastsBefore + 1);
    expect(await count(t.app, 'messages')).toBe(messagesBefore);

    const other = await registerPlayer(t.app);
    await sql`update users set created_at = created_at - interval '1 minute' where account = ${other.account}`.execute(
      t.app.db,
    );
    // A player who registers after the broadcast does not get it.
    await new Promise((r) => setTimeout(r, 5));
    const later = await registerPlayer(t.app);
    expect((await inbox(later.token)).list.find((m) => m.id === id)).toBeUndefined();
    expect((await detail(later.token, id)).status).toBe(404);

    const b = await inbox(before.token);
    expect(b.list[0]).toMatchObject({ id, kind: 'operator', broadcast: true, title: 'Maintenance', read: false });
    const unreadBefore = b.unread;
    // Reading it marks it for that player only.
    expect((await detail(before.token, id)).status).toBe(200);
    expect(await unread(before.token)).toBe(unreadBefore - 1);
    expect((await inbox(other.token)).list.find((m) => m.id === id)?.read).toBe(false);
  });

  it('mark all read covers own messages and broadcasts; read again is harmless', async () => {
    const p = await registerPlayer(t.app);
    for (const title of ['One', 'Two']) {
      const s = await post(op, API.adminMsgSend, { to: 'one', account: p.account, title, body: 'x' });
      expect(s.status, s.text).toBe(200);
    }
    const s = await post(op, API.adminMsgSend, { to: 'all', title: 'All', body: 'y' });
    expect(s.status, s.text).toBe(200);
    expect(await unread(p.token)).toBeGreaterThanOrEqual(3);
    const all = await post(p.token, API.msgRead, { all: true });
    expect(all.status, all.text).toBe(200);
    expect(all.body.data).toEqual({ unread: 0 });
    expect(await unread(p.token)).toBe(0);
    expect((await inbox(p.token)).list.every((m) => m.read)).toBe(true);
    expect((await post(p.token, API.msgRead, { all: true })).body.data).toEqual({ unread: 0 });
  });

  it('marks one read by id', async () => {
    const p = await registerPlayer(t.app);
    await post(op, API.adminMsgSend, { to: 'one', account: p.account, title: 'A', body: 'x' });
    await post(op, API.adminMsgSend, { to: 'one', account: p.account, title: 'B', body: 'x' });
    const list = await inbox(p.token);
    const n = list.unread;
    const res = await post(p.token, API.msgRead, { id: list.list[0]!.id });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual({ unread: n - 1 });
  });

  it('pages newest first and ends', async () => {
    const p = await registerPlayer(t.app);
    for (let i = 1; i <= 3; i++)
      await post(op, API.adminMsgSend, { to: 'one', account: p.account, title: `T${i}`, body: 'x' });
    const own = (l: InboxList) => l.list.filter((m) => !m.broadcast).map((m) => m.title);
    const first = await inbox(p.token, 'en', '?page=1&limit=2');
    expect(first.has_more).toBe(true);
    expect(own(first)).toEqual(['T3', 'T2']);
    const second = await inbox(p.token, 'en', '?page=2&limit=2');
    expect(own(second)).toEqual(['T1']);
    expect(second.has_more).toBe(false);
  });
});

describe('who may read what', () => {
  it("player B never reads or marks A's message: 404, and A's stays unread", async () => {
    const op = await operatorToken(t.app);
    const a = await registerPlayer(t.app);
    const b = await registerPlayer(t.app);
    await post(op, API.adminMsgSend, { to: 'one', account: a.account, title: 'Private', body: 'for A' });
    const id = (await inbox(a.token)).list.find((m) => m.title === 'Private')!.id;
    const seen = await detail(b.token, id);
    expect(seen.status).toBe(404);
    expect(seen.body).toMatchObject({ error: 'MESSAGE_NOT_FOUND', msg: 'Message not found' });
    const th = await detail(b.token, id, 'th');
    expect(th.body.msg).toBe('ไม่พบข้อความ');
    expect((await post(b.token, API.msgRead, { id })).status).toBe(404);
    expect((await inbox(a.token)).list.find((m) => m.id === id)?.read).toBe(false);
    expect(JSON.stringify((await inbox(b.token)).list)).not.toContain('for A');
  });

  it('no session: 401; a guest: 403; an operator has no inbox; a player cannot send', async () => {
    const op = await operatorToken(t.app);
    const guest = await guestToken(t.app);
    const p = await registerPlayer(t.app);
    for (const url of [API.msgList, API.msgUnread, `${API.msgDetail}?id=m1`]) {
      expect((await call(t.app, 'GET', url, { headers: { lang: 'en' } })).status).toBe(401);
      expect((await get(guest, url)).status).toBe(403);
      expect((await get(op, url)).status).toBe(403);
    }
    expect((await post(guest, API.msgRead, { all: true })).status).toBe(403);
    const send = await post(p.token, API.adminMsgSend, { to: 'all', title: 'x', body: 'y' });
    expect(send.status).toBe(403);
  });
});

describe('bad input: a translated key, never a 500', () => {
  let op: string;
  let p: { token: string; account: string };
  beforeAll(async () => {
    op = await operatorToken(t.app);
    p = await registerPlayer(t.app);
  });

  it.each([
    ['x', 'MESSAGE_NOT_FOUND'],
    ['m0', 'MESSAGE_NOT_FOUND'],
    ['m99999999999', 'MESSAGE_NOT_FOUND'],
    ['m2147483648', 'MESSAGE_NOT_FOUND'],
    ['m2147483647', 'MESSAGE_NOT_FOUND'],
    ['b2147483647', 'MESSAGE_NOT_FOUND'],
    ['', 'MESSAGE_NOT_FOUND'],
  ])('detail ?id=%s → %s', async (id, code) => {
    const res = await detail(p.token, id);
    expect(res.status).toBe(404);
    expect(res.body.error).toBe(code);
  });

  it('detail without id → 400 REQUIRED_FIELDS', async () => {
    const res = await get(p.token, API.msgDetail);
    expect(res.status, res.text).toBe(400);
    expect(res.body.error).toBe('REQUIRED_FIELDS');
  });

  it.each([
    [{}, 400, 'REQUIRED_FIELDS'],
    [{ all: false }, 400, 'VALIDATION_FAILED'],
    [{ all: true, id: 'm1' }, 400, 'REQUIRED_FIELDS'],
    [{ id: 5 }, 400, 'VALIDATION_FAILED'],
    [{ id: 'q1' }, 404, 'MESSAGE_NOT_FOUND'],
  ])('read %j → %i %s', async (body, status, code) => {
    const res = await post(p.token, API.msgRead, body);
    expect(res.status, res.text).toBe(status);
    expect(res.body.error).toBe(code);
  });

  it.each([
    [{ to: 'one', title: 'a', body: 'b' }, 400, 'MESSAGE_RECIPIENT_REQUIRED'],
    [{ to: 'one', account: 'nobody_here', title: 'a', body: 'b' }, 404, 'MESSAGE_RECIPIENT_NOT_FOUND'],
    [{ to: 'some', title: 'a', body: 'b' }, 400, 'VALIDATION_FAILED'],
    [{ to: 'all', title: '  ', body: 'b' }, 400, 'MESSAGE_TITLE_FORMAT'],
    [{ to: 'all', title: 'x'.repeat(101), body: 'b' }, 400, 'MESSAGE_TITLE_FORMAT'],
    [{ to: 'all', title: 'a', body: 'b'.repeat(2001) }, 400, 'MESSAGE_BODY_FORMAT'],
    [{ to: 'all', title: 'a' }, 400, 'REQUIRED_FIELDS'],
  ])('send %j → %i %s', async (body, status, code) => {
    const before = await count(t.app, 'broadcasts');
    const res = await post(op, API.adminMsgSend, body, 'th');
    expect(res.status, res.text).toBe(status);
    expect(res.body.error).toBe(code);
    expect(await count(t.app, 'broadcasts')).toBe(before);
  });

  it('an operator account is no recipient', async () => {
    const res = await post(op, API.adminMsgSend, { to: 'one', account: 'op_none', title: 'a', body: 'b' });
    expect(res.status).toBe(404);
  });
});
