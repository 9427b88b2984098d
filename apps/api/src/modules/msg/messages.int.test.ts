import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, registerPlayer } from '../../test/helper.ts';
import type { TestApp } from '../../test/helper.ts';
import { userIdOf } from '../../test/bets-helper.ts';
import { listMessages, sendSystemMessage, unreadCount } from './messages.service.ts';

// Messages (issue 11): system messages stored as kind + params and worded at read time; the inbox calls.

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
    const en = await listMessages(t.app.db, r, 'en', 1, 20, now);
    const th = await listMessages(t.app.db, r, 'th', 1, 20, now);
    expect(en.list[0]).toMatchObject({ kind: 'withdrawal_rejected', title: 'Withdrawal rejected', read: false });
    expect(en.list[0]!.body).toBe(
      'Your withdrawal #7 of 123.45 THB was rejected and the amount returned to your balance. Reason: Card closed',
    );
    expect(th.list[0]!.title).toBe('การถอนเงินถูกปฏิเสธ');
    expect(th.list[0]!.body).toContain('123.45 THB');
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
