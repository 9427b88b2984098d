import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { API, EXCLUSION_KINDS as CONTRACT_KINDS, formatInstant } from '@fairdraw/contract';
import type { Lang } from '@fairdraw/contract';
import type { ProtectionState } from '@fairdraw/contract';
import { EXCLUSION_KINDS } from '@fairdraw/domain';
import { buildTestApp, call, registerPlayer } from '../../test/helper.ts';
import type { TestApp } from '../../test/helper.ts';
import { expectRefused, GENERIC_BODIES, LONG } from '../../test/bad-input.ts';
import {
  auth,
  bankFields,
  channels,
  count,
  guestToken,
  operatorToken,
  submitBank,
  wallet,
  setChannelRate,
} from '../../test/money-helper.ts';
import type { Channels } from '../../test/money-helper.ts';
import { bet, openAt, openPeriod, playItems, userIdOf } from '../../test/bets-helper.ts';
import { fund } from '../../test/withdraw-helper.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { submitDeposit } from '../recharge/deposits.service.ts';
import { activeExclusion, activeExclusions, exclude } from './protection.service.ts';

// Time-out and self-exclusion (docs/trust.md 30): the calls, who may make them, the password and confirmation, audit,
// never shorter, and the checks other modules make: a deposit is refused at once, a payment already under way is
// still credited, and (once bet placement calls activeExclusions) a bet is refused.

const HOUR = 3_600_000;
const TZ = 'Asia/Bangkok';
/** The end of a break as the messages tell it (in English unless asked). */
const endOf = (endsAt: number, lang: Lang = 'en') => formatInstant(endsAt, lang, TZ, { withYear: true });
let t: TestApp;
let ch: Channels;
let op: string;

beforeAll(async () => {
  t = await buildTestApp();
  ch = await channels(t.app);
  op = await operatorToken(t.app);
  // The demo PIX and USDT channels of this THB site need a rate to be offered.
  for (const id of [ch.pix, ch.trc]) await setChannelRate(t.app, op, id, '1');
});
afterAll(async () => {
  await t.close();
});

async function player() {
  const p = await registerPlayer(t.app);
  return { ...p, id: await userIdOf(t.app, p.token) };
}

const getState = (token: string, lang = 'en') => call(t.app, 'GET', API.protection, { headers: { token, lang } });
const choose = (token: string, body: unknown, lang = 'en') =>
  call(t.app, 'POST', API.protectionExclude, { headers: { token, lang }, body });
const exclusionRows = (userId: number) =>
  t.app.db.selectFrom('self_exclusions').selectAll().where('user_id', '=', userId).orderBy('id').execute();

async function sessionUser(userId: number): Promise<SessionUser> {
  const u = await t.app.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  return {
    id: u.id,
    sessionId: 0,
    account: u.account,
    nickname: u.nickname,
    avatar: u.avatar,
    role: u.role,
    isGuest: u.is_guest,
    createdAt: u.created_at,
    hasFundPassword: false,
  };
}

describe('the choices', () => {
  it('are the same in the contract and the domain', () => {
    expect([...CONTRACT_KINDS]).toEqual([...EXCLUSION_KINDS]);
  });
});

describe('the OpenAPI document', () => {
  it('has both calls with their schemas', async () => {
    const res = await call(t.app, 'GET', '/api/docs/json');
    const doc = res.body as {
      paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>>;
    };
    expect(doc.paths[API.protection]?.get?.responses['200']).toBeDefined();
    expect(doc.paths[API.protectionExclude]?.post?.requestBody).toBeDefined();
    expect(doc.paths[API.protectionExclude]?.post?.responses['409']).toBeDefined();
  });
});

describe('GET /api/protection/index', () => {
  it('shows a new player no break and every choice allowed, each with its end from server time', async () => {
    const p = await player();
    const before = Date.now();
    const res = await getState(p.token);
    expect(res.status, res.text).toBe(200);
    const data = res.body.data as ProtectionState;
    expect(data.active).toBeNull();
    expect(data.time_zone).toBe(TZ);
    expect(data.server_time).toBeGreaterThanOrEqual(before);
    expect(data.choices.map((c) => c.kind)).toEqual([...EXCLUSION_KINDS]);
    expect(data.choices.every((c) => c.allowed)).toBe(true);
    expect(data.choices.filter((c) => c.self_exclusion).map((c) => c.kind)).toEqual([
      'exclusion_6m',
      'exclusion_1y',
      'exclusion_5y',
    ]);
    const day = data.choices.find((c) => c.kind === 'timeout_24h');
    expect(day?.ends_at).toBeGreaterThanOrEqual(data.server_time + 24 * HOUR);
    expect(day?.ends_at).toBeLessThanOrEqual(data.server_time + 24 * HOUR + 60_000);
  });

  it('is for registered players only: no session 401, a guest 403 DEMO_NOT_ALLOWED, an operator 403', async () => {
    const none = await call(t.app, 'GET', API.protection, { headers: { lang: 'en' } });
    expect(none.status).toBe(401);
    expect(none.body.error).toBe('LOGIN_REQUIRED');
    const guest = await guestToken(t.app);
    for (const res of [
      await getState(guest),
      await choose(guest, { kind: 'timeout_24h', password: 'secret123', confirm: true }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('DEMO_NOT_ALLOWED');
    }
    for (const res of [
      await getState(op),
      await choose(op, { kind: 'timeout_24h', password: 'opsecret123', confirm: true }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('FORBIDDEN');
    }
    expect(await count(t.app, 'self_exclusions')).toBe(0);
  });
});

describe('POST /api/protection/exclude', () => {
  it('needs the confirmation and the login password; a wrong password counts as a failed login', async () => {
    const p = await player();
    const noConfirm = await choose(p.token, { kind: 'timeout_24h', password: p.password });
    expect(noConfirm.status).toBe(400);
    expect(noConfirm.body).toMatchObject({ error: 'EXCLUSION_CONFIRM_REQUIRED', field: 'confirm' });
    expect(noConfirm.body.msg).toBe('Please confirm that you understand the break cannot be lifted early');
    const falseConfirm = await choose(p.token, { kind: 'timeout_24h', password: p.password, confirm: false });
    expect(falseConfirm.body.error).toBe('EXCLUSION_CONFIRM_REQUIRED');
    const noPassword = await choose(p.token, { kind: 'timeout_24h', confirm: true });
    expect(noPassword.body).toMatchObject({ error: 'REQUIRED_FIELDS', field: 'password' });
    const badKind = await choose(p.token, { kind: 'timeout_1h', password: p.password, confirm: true });
    expect(badKind.body).toMatchObject({ code: 400, error: 'VALIDATION_FAILED', field: 'kind' });

    const wrong = await choose(p.token, { kind: 'timeout_24h', password: 'not-it-1', confirm: true });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ error: 'PASSWORD_INCORRECT', field: 'password' });
    const failures = await t.app.db
      .selectFrom('login_attempts')
      .select('failures')
      .where('scope', '=', 'account')
      .where('key', '=', p.account.toLowerCase())
      .executeTakeFirst();
    expect(failures?.failures).toBe(1);
    expect(await exclusionRows(p.id)).toEqual([]);
    expect((await getState(p.token)).body.data).toMatchObject({ active: null });
  });

  it('starts a 24-hour time-out at once, shows it, and writes an audit entry', async () => {
    const p = await player();
    const before = Date.now();
    const res = await choose(p.token, { kind: 'timeout_24h', password: p.password, confirm: true });
    expect(res.status, res.text).toBe(200);
    const data = res.body.data as ProtectionState;
    expect(data.active).toMatchObject({ kind: 'timeout_24h', self_exclusion: false });
    const active = data.active!;
    expect(active.starts_at).toBeGreaterThanOrEqual(before);
    expect(active.starts_at).toBeLessThanOrEqual(Date.now());
    expect(active.ends_at - active.starts_at).toBeGreaterThanOrEqual(24 * HOUR);
    expect(active.ends_at - active.starts_at).toBeLessThanOrEqual(24 * HOUR + 60_000);
    expect(active.ends_at % 60_000).toBe(0);
    // Only longer choices remain open.
    const allowed = Object.fromEntries(data.choices.map((c) => [c.kind, c.allowed]));
    expect(allowed).toMatchObject({ timeout_7d: true, timeout_30d: true, exclusion_6m: true, exclusion_5y: true });
    expect((await getState(p.token)).body.data).toMatchObject({ active });

    const rows = await exclusionRows(p.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'timeout_24h', user_id: p.id });
    expect(rows[0]?.ends_at.getTime()).toBe(active.ends_at);

    const audit = await call(t.app, 'GET', API.adminAuditList, auth(op));
    const entry = (audit.body.data as { list: { actor: string; action: string; target: string }[] }).list.find(
      (e) => e.target === `user:${p.id}`,
    );
    expect(entry).toMatchObject({
      actor: p.account,
      action: 'protection.exclude',
      before: null,
      after: { kind: 'timeout_24h', ends_at: new Date(active.ends_at).toISOString() },
    });
  });

  it('lengthens but never shortens: a shorter or equal choice is 409 with the current end, nothing recorded', async () => {
    const p = await player();
    const week = await choose(p.token, { kind: 'timeout_7d', password: p.password, confirm: true });
    expect(week.status).toBe(200);
    const weekEnd = (week.body.data as ProtectionState).active!.ends_at;
    const until = endOf(weekEnd);
    // As the /my screen tells it: date, time and zone in the answer's language; Thai counts Buddhist-era years.
    expect(until).toMatch(/^[A-Z][a-z]{2} \d{1,2}, 20\d\d, \d\d:\d\d [AP]M GMT\+7$/);
    expect(endOf(weekEnd, 'th')).toMatch(/25\d\d/);

    const day = await choose(p.token, { kind: 'timeout_24h', password: p.password, confirm: true });
    expect(day.status).toBe(409);
    expect(day.body).toMatchObject({ code: 409, error: 'EXCLUSION_NOT_LONGER', field: 'kind' });
    expect(day.body.msg).toBe(`Your break already runs until ${until}. It can only be made longer, never shorter.`);
    const th = await choose(p.token, { kind: 'timeout_24h', password: p.password, confirm: true }, 'th');
    expect(th.body.msg).toContain(endOf(weekEnd, 'th'));
    expect(th.body.msg).not.toBe(day.body.msg);
    expect(await exclusionRows(p.id)).toHaveLength(1);

    const half = await choose(p.token, { kind: 'exclusion_6m', password: p.password, confirm: true });
    expect(half.status).toBe(200);
    const active = (half.body.data as ProtectionState).active!;
    expect(active).toMatchObject({ kind: 'exclusion_6m', self_exclusion: true });
    expect(active.ends_at - active.starts_at).toBeGreaterThanOrEqual(181 * 24 * HOUR);
    const after = (half.body.data as ProtectionState).choices;
    expect(after.filter((c) => c.allowed).map((c) => c.kind)).toEqual(['exclusion_1y', 'exclusion_5y']);
    // Every time-out is shorter than a running self-exclusion: refused.
    const back = await choose(p.token, { kind: 'timeout_30d', password: p.password, confirm: true });
    expect(back.body.error).toBe('EXCLUSION_NOT_LONGER');

    const audit = await t.app.db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('target', '=', `user:${p.id}`)
      .orderBy('id')
      .execute();
    expect(audit).toHaveLength(2);
    expect(audit[1]?.before).toMatchObject({ kind: 'timeout_7d', ends_at: new Date(weekEnd).toISOString() });
    expect(audit[1]?.after).toMatchObject({ kind: 'exclusion_6m' });
  });

  it('two choices at the same instant: one is recorded, the other refused (the player row is locked)', async () => {
    const p = await player();
    const user = await sessionUser(p.id);
    const now = new Date();
    const input = { kind: 'timeout_30d' as const, password: p.password, confirm: true as const };
    const results = await Promise.allSettled([
      exclude(t.app.db, user, input, now, t.config),
      exclude(t.app.db, user, input, now, t.config),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected');
    expect((refused?.reason as { key?: string } | undefined)?.key).toBe('EXCLUSION_NOT_LONGER');
    expect(await exclusionRows(p.id)).toHaveLength(1);
  });

  it('the records are append-only: the database refuses UPDATE and DELETE', async () => {
    const p = await player();
    expect((await choose(p.token, { kind: 'timeout_24h', password: p.password, confirm: true })).status).toBe(200);
    await expect(
      sql`update self_exclusions set ends_at = now() where user_id = ${p.id}`.execute(t.app.db),
    ).rejects.toThrow(/append-only/);
    await expect(sql`delete from self_exclusions where user_id = ${p.id}`.execute(t.app.db)).rejects.toThrow(
      /append-only/,
    );
    expect(await activeExclusion(t.app.db, p.id, new Date())).not.toBeNull();
  });

  it('refuses bad input with a key and a translated message, and records nothing', async () => {
    const p = await player();
    const bodies: [string, Parameters<typeof call>[3]][] = [
      ...GENERIC_BODIES,
      ['no body', {}],
      ['empty object', { body: {} }],
      ['wrong types', { body: { kind: 1, password: 123456, confirm: 'yes' } }],
      ['overlong', { body: { kind: LONG, password: LONG, confirm: true } }],
      ['kind with wrong case', { body: { kind: 'TIMEOUT_24H', password: p.password, confirm: true } }],
      ['confirm as 1', { body: { kind: 'timeout_24h', password: p.password, confirm: 1 } }],
    ];
    for (const [label, opts] of bodies) {
      const res = await call(t.app, 'POST', API.protectionExclude, {
        ...opts,
        headers: { token: p.token, lang: 'en', ...opts?.headers },
      });
      expectRefused(res, label);
    }
    expect(await exclusionRows(p.id)).toEqual([]);
  });
});

describe('activeExclusion and activeExclusions (for bets and deposits)', () => {
  it('tell who is on a break at an instant, batched, until (not at) the end', async () => {
    const a = await player();
    const b = await player();
    const c = await player();
    expect((await choose(a.token, { kind: 'timeout_24h', password: a.password, confirm: true })).status).toBe(200);
    expect((await choose(b.token, { kind: 'exclusion_1y', password: b.password, confirm: true })).status).toBe(200);
    const now = new Date();
    const map = await activeExclusions(t.app.db, [a.id, b.id, c.id, a.id], now);
    expect([...map.keys()].sort((x, y) => x - y)).toEqual([a.id, b.id].sort((x, y) => x - y));
    expect(map.get(a.id)).toMatchObject({ kind: 'timeout_24h', selfExclusion: false });
    expect(map.get(b.id)).toMatchObject({ kind: 'exclusion_1y', selfExclusion: true });
    expect(await activeExclusions(t.app.db, [], now)).toEqual(new Map());

    const end = map.get(a.id)!.endsAt;
    expect(await activeExclusion(t.app.db, a.id, new Date(end.getTime() - 1))).not.toBeNull();
    expect(await activeExclusion(t.app.db, a.id, end)).toBeNull();
    expect(await activeExclusion(t.app.db, c.id, now)).toBeNull();
  });
});

describe('deposits while on a break', () => {
  it('a new deposit is refused at once with SELF_EXCLUDED and the end in the business time zone', async () => {
    const p = await player();
    const other = await player();
    expect((await submitBank(t.app, p.token, ch.bank, 10_000)).status).toBe(200);
    const res = await choose(p.token, { kind: 'timeout_24h', password: p.password, confirm: true });
    const endsAt = (res.body.data as ProtectionState).active!.ends_at;
    const until = endOf(endsAt);
    const deposits = await count(t.app, 'deposits');

    const refused = await submitBank(t.app, p.token, ch.bank, 10_000);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 403, data: null, error: 'SELF_EXCLUDED' });
    expect(refused.body.msg).toBe(
      `Your break from play runs until ${until}. Bets and deposits are blocked until then.`,
    );
    // Before any other check: even a request the form would refuse says why first.
    const empty = await call(t.app, 'POST', API.rechargeSubmit, { ...auth(p.token, { lang: 'th' }), body: {} });
    expect(empty.body.error).toBe('SELF_EXCLUDED');
    expect(empty.body.msg).toContain(endOf(endsAt, 'th'));
    for (const channel of [ch.pix, ch.trc]) {
      const r = await call(t.app, 'POST', API.rechargeSubmit, {
        ...auth(p.token, { 'idempotency-key': `excluded-${channel}-${p.id}` }),
        body: { channel_id: channel, amount: 10_000, tx_hash: 'a'.repeat(64) },
      });
      expect(r.body.error).toBe('SELF_EXCLUDED');
    }
    expect(await count(t.app, 'deposits')).toBe(deposits);

    // Others are not affected; the player still sees the wallet and may still withdraw (not blocked here).
    expect((await submitBank(t.app, other.token, ch.bank, 10_000)).status).toBe(200);
    expect((await wallet(t.app, p.token)).balance).toBe(0);

    // When the break has ended the same deposit goes through.
    const after = await submitDeposit(
      t.app.db,
      await sessionUser(p.id),
      { channel_id: ch.bank, amount: 10_000, ...bankFields },
      'THB',
      TZ,
      new Date(endsAt),
      'th',
    );
    expect(after.status).toBe('pending');
  });

  it('money already sent is not lost: a PIX payment and an approval of earlier deposits still credit', async () => {
    const p = await player();
    const pix = await call(t.app, 'POST', API.rechargeSubmit, {
      ...auth(p.token),
      body: { channel_id: ch.pix, amount: 25_000 },
    });
    expect(pix.status).toBe(200);
    const pixId = (pix.body.data as { id: number }).id;
    const bank = await submitBank(t.app, p.token, ch.bank, 10_000);
    const bankId = (bank.body.data as { id: number }).id;
    expect((await choose(p.token, { kind: 'exclusion_6m', password: p.password, confirm: true })).status).toBe(200);

    // The provider's payment (through the same signed-webhook path as a real one) credits the PIX deposit.
    const paid = await call(t.app, 'POST', API.adminPixSandboxConfirm, { ...auth(op), body: { id: pixId } });
    expect(paid.status, paid.text).toBe(200);
    // A bank transfer submitted before the break: the operator may still approve it.
    const approved = await call(t.app, 'POST', API.adminRechargeApprove, { ...auth(op), body: { id: bankId } });
    expect(approved.status, approved.text).toBe(200);
    expect((await wallet(t.app, p.token)).balance).toBe(35_000);
    // A new one is still refused.
    expect((await submitBank(t.app, p.token, ch.bank, 10_000)).body.error).toBe('SELF_EXCLUDED');
  });
});

describe('bets while on a break', () => {
  // Bet placement checks activeExclusions for every slip of a batch (bets/slip-batch.ts), before anything else.
  it('refuses bets while excluded', async () => {
    const p = await player();
    await fund(t.app, op, p.token, 10_000);
    const res = await choose(p.token, { kind: 'timeout_24h', password: p.password, confirm: true });
    const until = endOf((res.body.data as ProtectionState).active!.ends_at);
    // Periods open at the app's clock: 5 s into the next minute: after the break began, and inside df_k3's betting window (60 s cycle, sealed for the
    // last 10 s), whatever the second the test runs at.
    await openAt(t.app, new Date(Math.floor(Date.now() / 60_000) * 60_000 + 65_000));
    const period = await openPeriod(t.app, 'df_k3');
    const plays = await playItems(t.app, 'df_k3');
    const slips = await count(t.app, 'bets');
    const refused = await bet(t.app, p.token, {
      games_id: period.game_id,
      issue: period.issue,
      items: [{ play_id: plays[0]?.id ?? 0, amount: 1_000 }],
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: 'SELF_EXCLUDED' });
    expect(refused.body.msg).toContain(until);
    expect(await count(t.app, 'bets')).toBe(slips);
    expect((await wallet(t.app, p.token)).balance).toBe(10_000);
  });
});
