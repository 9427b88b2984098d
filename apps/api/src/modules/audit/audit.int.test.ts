import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type AuditEntry, type Paged } from '@fairdraw/contract';
import { buildTestApp, call, registerPlayer } from '../../test/helper.ts';
import type { TestApp } from '../../test/helper.ts';
import { auth, channels, guestToken, operatorToken, submitBank } from '../../test/money-helper.ts';

// The audit log as the console reads it: newest first, paged, and searched (`q`) in action, operator and target.
let t: TestApp;
let op: string;
let opAccount: string;
const deposits: number[] = [];

const list = (token: string, query: string) => call(t.app, 'GET', `${API.adminAuditList}?${query}`, auth(token));
const page = async (query: string) => {
  const res = await list(op, query);
  expect(res.status, res.text).toBe(200);
  return res.body.data as Paged<AuditEntry>;
};

beforeAll(async () => {
  t = await buildTestApp();
  opAccount = 'auditorOps7';
  op = await operatorToken(t.app, opAccount);
  const p = await registerPlayer(t.app);
  const ch = await channels(t.app);
  for (const [i, decision] of (['approve', 'approve', 'approve', 'reject', 'reject'] as const).entries()) {
    const dep = await submitBank(t.app, p.token, ch.bank, 10_000 + i);
    const id = (dep.body.data as { id: number }).id;
    deposits.push(id);
    const path = decision === 'approve' ? API.adminRechargeApprove : API.adminRechargeReject;
    const body = decision === 'approve' ? { id } : { id, reason: 'no payment_found 100%' };
    const res = await call(t.app, 'POST', path, { ...auth(op), body });
    expect(res.status, res.text).toBe(200);
  }
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/admin/audit/list', () => {
  it('refuses players and guests', async () => {
    for (const token of [(await registerPlayer(t.app)).token, await guestToken(t.app)]) {
      expect((await list(token, '')).status).toBe(403);
    }
  });

  it('finds entries by action, operator or target, in any case, and pages what it finds', async () => {
    const all = await page('limit=50');
    expect(all.list.map((a) => a.id)).toEqual([...all.list.map((a) => a.id)].sort((a, b) => b - a));

    const rejected = await page('q=DEPOSIT.REJECT');
    expect(rejected.list.map((a) => a.action)).toEqual(['deposit.reject', 'deposit.reject']);
    const byOperator = await page('q=AUDITOROPS&limit=50');
    expect(byOperator.list.length).toBe(5);
    for (const a of byOperator.list) expect(a.actor).toBe(opAccount);
    const byTarget = await page(`q=deposit:${deposits[1]}`);
    expect(byTarget.list.map((a) => a.target)).toEqual([`deposit:${deposits[1]}`]);

    const first = await page('q=deposit.&limit=2&page=1');
    const third = await page('q=deposit.&limit=2&page=3');
    expect(first.has_more).toBe(true);
    expect(first.list).toHaveLength(2);
    expect(third.list).toHaveLength(1);
    expect(third.has_more).toBe(false);
  });

  it('takes % and _ as plain characters, not wildcards', async () => {
    expect((await page('q=%25')).list).toEqual([]);
    expect((await page('q=deposit_approve')).list).toEqual([]);
    expect((await page('q=a%25b')).list).toEqual([]);
  });
});
