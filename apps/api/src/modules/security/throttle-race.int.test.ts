import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@fairdraw/contract';
import { buildTestApp, call, newAccount, registerPlayer } from '../../test/helper.ts';
import type { TestApp } from '../../test/helper.ts';
import { auth } from '../../test/money-helper.ts';
import { FUND_PASSWORD, readyPlayer, setFundPassword, submitWithdraw } from '../../test/withdraw-helper.ts';
import { operatorToken } from '../../test/money-helper.ts';

// Throttles under parallel attempts (docs/trust.md 19; README "Login throttling"): an attempt is reserved against the
// limit before its password is checked, so however many arrive at once, at most the limit are judged and the rest
// are refused as locked. Meaningful on both engines: on PGlite the statements run one at a time, but the requests
// still interleave between them (the lock read, the argon2 verify, the count), which is how parallel attempts used
// to be judged all at once there too; on PostgreSQL the statements overlap as well.
const PARALLEL = 30;
const MAX = 5;
const IP_MAX = 20;
const ACCOUNT_MAX = 10;

let t: TestApp;
let op: string;
beforeAll(async () => {
  t = await buildTestApp({
    LOGIN_MAX_FAILURES: String(MAX),
    LOGIN_IP_MAX_FAILURES: String(IP_MAX),
    LOGIN_ACCOUNT_MAX_FAILURES: String(ACCOUNT_MAX),
    FUND_PASSWORD_MAX_FAILURES: String(MAX),
  });
  op = await operatorToken(t.app);
});
afterAll(async () => {
  await t.close();
});

type Answer = { status: number; error: string | undefined };

async function inParallel(n: number, attempt: (i: number) => Promise<{ status: number; body: unknown }>) {
  const answers = await Promise.all(
    Array.from({ length: n }, async (_, i): Promise<Answer> => {
      const res = await attempt(i);
      return { status: res.status, error: (res.body as { error?: string }).error };
    }),
  );
  const tally = new Map<string, number>();
  for (const a of answers) tally.set(`${a.status} ${a.error}`, (tally.get(`${a.status} ${a.error}`) ?? 0) + 1);
  return Object.fromEntries(tally);
}

async function loginFailures(scope: 'account' | 'ip' | 'client', key: string): Promise<number | undefined> {
  const row = await t.app.db
    .selectFrom('login_attempts')
    .select('failures')
    .where('scope', '=', scope)
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.failures;
}

async function fundFailures(account: string): Promise<number | undefined> {
  const row = await t.app.db
    .selectFrom('fund_password_attempts as f')
    .innerJoin('users as u', 'u.id', 'f.user_id')
    .select('f.failures')
    .where('u.account', '=', account)
    .executeTakeFirst();
  return row?.failures;
}

const login = (account: string, password: string, ip: string) =>
  call(t.app, 'POST', API.login, { headers: { lang: 'en' }, body: { account, password }, ip });

describe('the login throttle under parallel attempts', () => {
  it(`judges at most LOGIN_MAX_FAILURES of ${PARALLEL} parallel wrong logins for one account from one client`, async () => {
    const { account, password } = await registerPlayer(t.app);
    const ip = '10.40.0.1';
    const tally = await inParallel(PARALLEL, () => login(account, 'wrongpass', ip));
    expect(tally).toEqual({ '400 INCORRECT_CREDENTIALS': MAX, '429 TOO_MANY_LOGIN_ATTEMPTS': PARALLEL - MAX });
    expect(await loginFailures('client', `${account.toLowerCase()}\n${ip}`)).toBe(MAX);
    // The lock holds for the right password too, from that client; another client still signs in.
    expect((await login(account, password, ip)).status).toBe(429);
    expect((await login(account, password, '10.40.1.1')).status).toBe(200);
  });

  it(`judges at most LOGIN_ACCOUNT_MAX_FAILURES of ${PARALLEL} parallel wrong logins for one account from ${PARALLEL} clients`, async () => {
    const { account, password } = await registerPlayer(t.app);
    const tally = await inParallel(PARALLEL, (i) => login(account, 'wrongpass', `10.44.0.${i + 1}`));
    expect(tally).toEqual({
      '400 INCORRECT_CREDENTIALS': ACCOUNT_MAX,
      '429 TOO_MANY_LOGIN_ATTEMPTS': PARALLEL - ACCOUNT_MAX,
    });
    expect(await loginFailures('account', account.toLowerCase())).toBe(ACCOUNT_MAX);
    expect((await login(account, password, '10.44.1.1')).status).toBe(429);
  });

  it(`judges at most LOGIN_IP_MAX_FAILURES of ${PARALLEL} parallel wrong logins from one IP`, async () => {
    const ip = '10.41.0.1';
    const tally = await inParallel(PARALLEL, () => login(newAccount('nobody'), 'wrongpass', ip));
    expect(tally).toEqual({ '400 INCORRECT_CREDENTIALS': IP_MAX, '429 TOO_MANY_LOGIN_ATTEMPTS': PARALLEL - IP_MAX });
    expect(await loginFailures('ip', ip)).toBe(IP_MAX);
  });

  it('a right password below the limit still logs in, and its reservation is given back to the IP', async () => {
    const ip = '10.42.0.1';
    const { account, password } = await registerPlayer(t.app);
    for (let i = 0; i < IP_MAX - 1; i += 1) {
      expect((await login(newAccount('nobody'), 'wrongpass', ip)).body.error).toBe('INCORRECT_CREDENTIALS');
    }
    // One failure short of the IP's lock: right passwords pass, in parallel too, and leave the count where it was.
    const tally = await inParallel(3, () => login(account, password, ip));
    expect(tally['200 undefined']).toBeGreaterThanOrEqual(1);
    expect(await loginFailures('ip', ip)).toBe(IP_MAX - 1);
    expect((await login(account, password, ip)).status).toBe(200);
    expect((await login(account, 'wrongpass', ip)).body.error).toBe('INCORRECT_CREDENTIALS');
    expect((await login(account, password, ip)).status).toBe(429);
  });

  it("four wrong logins then the right one: logged in, the client's counter cleared, the account's given back", async () => {
    const { account, password } = await registerPlayer(t.app);
    const ip = '10.43.0.1';
    await inParallel(MAX - 1, () => login(account, 'wrongpass', ip));
    expect(await loginFailures('client', `${account.toLowerCase()}\n${ip}`)).toBe(MAX - 1);
    expect((await login(account, password, ip)).status).toBe(200);
    expect(await loginFailures('client', `${account.toLowerCase()}\n${ip}`)).toBeUndefined();
    expect(await loginFailures('account', account.toLowerCase())).toBe(MAX - 1);
  });

  const rechecks: Array<
    [string, (p: { token: string }, wrong: string) => Promise<{ status: number; body: unknown }>, string]
  > = [
    [
      'password change (old_password)',
      (p, wrong) =>
        call(t.app, 'POST', API.changePassword, {
          ...auth(p.token),
          body: { old_password: wrong, password: 'newsecret1', confirm_password: 'newsecret1' },
        }),
      'OLD_PASSWORD_INCORRECT',
    ],
    [
      'binding a payout method',
      (p, wrong) =>
        call(t.app, 'POST', API.payoutAdd, {
          ...auth(p.token),
          body: {
            type: 'bank',
            password: wrong,
            name: 'Ann Lee',
            bank_name: 'Demo Bank',
            card_number: '4111 1111 1111 1111',
          },
        }),
      'PASSWORD_INCORRECT',
    ],
    [
      'a time-out (protection/exclude)',
      (p, wrong) =>
        call(t.app, 'POST', API.protectionExclude, {
          ...auth(p.token),
          body: { kind: 'timeout_24h', password: wrong, confirm: true },
        }),
      'PASSWORD_INCORRECT',
    ],
  ];
  it.each(rechecks)(
    `%s: at most LOGIN_MAX_FAILURES of ${PARALLEL} parallel wrong passwords are judged`,
    async (_, send, wrongKey) => {
      const p = await registerPlayer(t.app);
      const tally = await inParallel(PARALLEL, () => send(p, 'wrongpass'));
      expect(tally).toEqual({ [`400 ${wrongKey}`]: MAX, '429 TOO_MANY_LOGIN_ATTEMPTS': PARALLEL - MAX });
      expect(await loginFailures('account', p.account.toLowerCase())).toBe(MAX);
      expect((await send(p, p.password)).status).toBe(429);
      // The session's client is locked, not the owner's sign-in.
      expect((await login(p.account, p.password, '10.45.0.1')).status).toBe(200);
    },
  );

  it('a right password on a re-check does not count against the account', async () => {
    const p = await registerPlayer(t.app);
    await inParallel(MAX - 1, () => rechecks[1]![1](p, 'wrongpass'));
    const bound = await rechecks[1]![1](p, p.password);
    expect(bound.status).toBe(200);
    expect(await loginFailures('account', p.account.toLowerCase())).toBe(MAX - 1);
  });
});

describe('the fund-password lock under parallel attempts', () => {
  it(`${PARALLEL} parallel wrong fund passwords at withdrawal: at most FUND_PASSWORD_MAX_FAILURES judged`, async () => {
    const p = await readyPlayer(t.app, op, 100_000);
    const tally = await inParallel(PARALLEL, () =>
      submitWithdraw(t.app, p.token, { amount: 10_000, payout_id: p.payoutId, fund_password: '000000' }),
    );
    // The attempt that reaches the limit is judged and answers the lock itself.
    expect(tally).toEqual({ '400 FUND_PASSWORD_INCORRECT': MAX - 1, '429 FUND_PASSWORD_LOCKED': PARALLEL - MAX + 1 });
    expect(await fundFailures(p.account)).toBe(MAX);
    const right = await submitWithdraw(t.app, p.token, {
      amount: 10_000,
      payout_id: p.payoutId,
      fund_password: FUND_PASSWORD,
    });
    expect(right.body.error).toBe('FUND_PASSWORD_LOCKED');
  });

  it(`${PARALLEL} parallel wrong old fund passwords: at most FUND_PASSWORD_MAX_FAILURES judged`, async () => {
    const p = await registerPlayer(t.app);
    await setFundPassword(t.app, p.token);
    const change = (old: string) =>
      call(t.app, 'POST', API.fundPassword, {
        ...auth(p.token),
        body: { old_password: old, password: '135790', confirm_password: '135790' },
      });
    const tally = await inParallel(PARALLEL, () => change('000000'));
    expect(tally).toEqual({ '400 OLD_PASSWORD_INCORRECT': MAX - 1, '429 FUND_PASSWORD_LOCKED': PARALLEL - MAX + 1 });
    expect(await fundFailures(p.account)).toBe(MAX);
    expect((await change(FUND_PASSWORD)).body.error).toBe('FUND_PASSWORD_LOCKED');
  });

  it('the right fund password below the limit passes and clears the counter', async () => {
    const p = await readyPlayer(t.app, op, 100_000);
    const wrong = { amount: 10_000, payout_id: p.payoutId, fund_password: '000000' };
    await inParallel(MAX - 1, () => submitWithdraw(t.app, p.token, wrong));
    expect(await fundFailures(p.account)).toBe(MAX - 1);
    const right = await submitWithdraw(t.app, p.token, { ...wrong, fund_password: FUND_PASSWORD });
    expect(right.status).toBe(200);
    expect(await fundFailures(p.account)).toBeUndefined();
  });
});
