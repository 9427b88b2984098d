import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, formatMoney } from '@fairdraw/contract';
import type { Lang, LimitsState, PlayerLimit } from '@fairdraw/contract';
import { limitWindow } from '@fairdraw/domain';
import type { LimitKind, LimitPeriod } from '@fairdraw/domain';
import { buildTestApp, call, registerPlayer } from '../../test/helper.ts';
import type { TestApp } from '../../test/helper.ts';
import { expectRefused, GENERIC_BODIES } from '../../test/bad-input.ts';
import { auth, channels, guestToken, operatorToken, submitBank, wallet } from '../../test/money-helper.ts';
import type { Channels } from '../../test/money-helper.ts';
import { openAt, openPeriod, playItems, userIdOf } from '../../test/bets-helper.ts';
import { fund } from '../../test/withdraw-helper.ts';
import { ledgerCheck } from '../ledger/ledger.service.ts';

// Spending limits (docs/trust.md 29): the calls, tightening at once and loosening after 24 hours on a fake clock, each
// kind × period at its window's boundary, the lowest limit binding, the refusal naming the limit and what is left.
// T is Friday 2031-01-10 12:00:20 in Bangkok: the day ends at 17:00Z, the week on Sunday the 12th at 17:00Z, the
// month on the 31st at 17:00Z.

const TZ = 'Asia/Bangkok';
const HOUR = 3_600_000;
/** An amount in the players' currency as a refusal names it. */
const thb = (minor: number, lang: Lang) => formatMoney(minor, 'THB', 2, lang);
const T = new Date('2031-01-10T05:00:20Z');
let t: TestApp;
let ch: Channels;
let op: string;

beforeAll(async () => {
  t = await buildTestApp({}, { now: T });
  ch = await channels(t.app);
  op = await operatorToken(t.app);
  await openAt(t.app, T);
});
afterAll(async () => {
  await t.close();
});

const getLimits = (token: string, lang = 'en') =>
  call(t.app, 'GET', API.protectionLimits, { headers: { token, lang } });
const setLimits = (token: string, body: unknown, lang = 'en') =>
  call(t.app, 'POST', API.protectionLimits, { headers: { token, lang }, body });

const prompt = (token: string, body: unknown) =>
  call(t.app, 'POST', API.protectionPrompt, { headers: { token, lang: 'en' }, body });

function limitOf(state: LimitsState, kind: LimitKind, period: LimitPeriod): PlayerLimit {
  const l = state.limits.find((x) => x.kind === kind && x.period === period);
  if (!l) throw new Error(`no ${kind} ${period}`);
  return l;
}

async function state(token: string): Promise<LimitsState> {
  const res = await getLimits(token);
  expect(res.status, res.text).toBe(200);
  return res.body.data as LimitsState;
}

async function player(cash = 0) {
  t.app.setClock(() => T);
  const p = await registerPlayer(t.app);
  if (cash > 0) await fund(t.app, op, p.token, cash);
  return { ...p, id: await userIdOf(t.app, p.token) };
}

/** A one-item k3 slip of `amount` on the period open at the app's clock. */
async function k3(token: string, amount: number, lang = 'en') {
  const period = await openPeriod(t.app, 'df_k3');
  const play = (await playItems(t.app, 'df_k3'))[0]?.id;
  return call(t.app, 'POST', API.bet, {
    headers: { token, lang },
    body: { games_id: period.game_id, issue: period.issue, items: [{ play_id: play, amount }] },
  });
}

describe('GET and POST /api/protection/limits', () => {
  it('answer nine limits, none set, for a new player; a guest and a stranger are refused', async () => {
    const p = await player();
    const s = await state(p.token);
    expect(s.limits).toHaveLength(9);
    expect(s.limits.every((l) => l.amount === null && l.pending === null && l.left === null)).toBe(true);
    expect(limitOf(s, 'stake', 'day').resets_at).toBe(Date.parse('2031-01-10T17:00:00Z'));
    expect(limitOf(s, 'stake', 'week').resets_at).toBe(Date.parse('2031-01-12T17:00:00Z'));
    expect(limitOf(s, 'stake', 'month').resets_at).toBe(Date.parse('2031-01-31T17:00:00Z'));
    expect(s.reality_check.minutes).toBe(0);
    expect(s.time_zone).toBe(TZ);
    expect(s.server_time).toBe(T.getTime());

    const guest = await guestToken(t.app);
    expect((await getLimits(guest)).body).toMatchObject({ error: 'DEMO_NOT_ALLOWED' });
    expect((await setLimits(guest, { changes: [] })).body).toMatchObject({ error: 'DEMO_NOT_ALLOWED' });
    expect((await getLimits(op)).status).toBe(403);
    expect((await call(t.app, 'GET', API.protectionLimits)).status).toBe(401);
  });

  it('a tightening applies at once, a loosening or removal 24 hours later, a tightening cancels a waiting loosening', async () => {
    const p = await player();
    const set = async (amount: number | null) => {
      const res = await setLimits(p.token, { changes: [{ kind: 'stake', period: 'day', amount }] });
      expect(res.status, res.text).toBe(200);
      return limitOf(res.body.data as LimitsState, 'stake', 'day');
    };
    expect(await set(5_000)).toMatchObject({ amount: 5_000, pending: null, left: 5_000 });
    expect(await set(8_000)).toMatchObject({
      amount: 5_000,
      pending: { amount: 8_000, effective_at: T.getTime() + 24 * HOUR },
    });
    expect(await set(3_000)).toMatchObject({ amount: 3_000, pending: null });
    expect(await set(null)).toMatchObject({
      amount: 3_000,
      pending: { amount: null, effective_at: T.getTime() + 24 * HOUR },
    });

    t.app.setClock(() => new Date(T.getTime() + 24 * HOUR - 1));
    expect(limitOf(await state(p.token), 'stake', 'day').amount).toBe(3_000);
    t.app.setClock(() => new Date(T.getTime() + 24 * HOUR));
    expect(limitOf(await state(p.token), 'stake', 'day')).toMatchObject({ amount: null, pending: null });
    // The removal that took effect is told once (the cancelled increase never took effect, so it is not).
    await state(p.token);
    const told = await t.app.db
      .selectFrom('messages')
      .select(['kind', 'params', 'created_at'])
      .where('user_id', '=', p.id)
      .execute();
    expect(told).toEqual([
      {
        kind: 'limit_effective',
        params: { limit: 'stake', period: 'day', amount: null, currency: 'THB' },
        created_at: new Date(T.getTime() + 24 * HOUR),
      },
    ]);

    // Every change is audited, and the choices are kept (append-only).
    const audits = await t.app.db
      .selectFrom('audit_log')
      .select('action')
      .where('target', '=', `user:${p.id}`)
      .execute();
    expect(audits.filter((a) => a.action === 'protection.limit')).toHaveLength(4);
    await expect(t.app.db.deleteFrom('player_limits').where('user_id', '=', p.id).execute()).rejects.toThrow();
  });

  it('keeps the reality-check interval per player', async () => {
    const p = await player();
    const res = await setLimits(p.token, { changes: [], reality_check: 30 });
    expect((res.body.data as LimitsState).reality_check).toMatchObject({ minutes: 30, session_net: 0 });
    expect((await state(p.token)).reality_check.minutes).toBe(30);
    await setLimits(p.token, { changes: [], reality_check: 0 });
    expect((await state(p.token)).reality_check.minutes).toBe(0);
  });

  it('keeps the last reality-check dismissal on the server, seen from another session of the player', async () => {
    const p = await player();
    await setLimits(p.token, { changes: [], reality_check: 30 });
    expect((await state(p.token)).reality_check.dismissed_at).toBeNull();
    const at = new Date(T.getTime() + 31 * 60_000);
    t.app.setClock(() => at);
    const res = await prompt(p.token, { prompt: 'reality_check' });
    expect(res.status, res.text).toBe(200);
    expect((res.body.data as LimitsState).reality_check.dismissed_at).toBe(at.getTime());
    // Another device: a second login of the same player reads the same dismissal.
    const login = await call(t.app, 'POST', API.login, { body: { account: p.account, password: p.password } });
    const other = (login.body.data as { token: string }).token;
    expect((await state(other)).reality_check.dismissed_at).toBe(at.getTime());
    // The reminder's own due time (the page's view of the server clock), at most an hour ahead of the server.
    await prompt(other, { prompt: 'reality_check', at: at.getTime() + 30 * 60_000 });
    expect((await state(p.token)).reality_check.dismissed_at).toBe(at.getTime() + 30 * 60_000);
    await prompt(other, { prompt: 'reality_check', at: at.getTime() + 10 * 3_600_000 });
    expect((await state(p.token)).reality_check.dismissed_at).toBe(at.getTime() + 3_600_000);
    expect((await prompt(other, { prompt: 'reality_check', at: -1 })).status).toBe(400);
    // A dismissal never moves back in time; another player's is their own.
    t.app.setClock(() => T);
    await prompt(other, { prompt: 'reality_check' });
    expect((await state(p.token)).reality_check.dismissed_at).toBe(at.getTime() + 3_600_000);
    const b = await player();
    expect((await state(b.token)).reality_check.dismissed_at).toBeNull();
  });

  it('offers a deposit limit until it was offered once or one is set', async () => {
    const a = await player();
    expect((await state(a.token)).offer_deposit_limit).toBe(true);
    const res = await prompt(a.token, { prompt: 'deposit_limit_offer' });
    expect((res.body.data as LimitsState).offer_deposit_limit).toBe(false);
    expect((await state(a.token)).offer_deposit_limit).toBe(false);
    const b = await player();
    expect((await state(b.token)).offer_deposit_limit).toBe(true);
    await setLimits(b.token, { changes: [{ kind: 'deposit', period: 'month', amount: 100_000 }] });
    expect((await state(b.token)).offer_deposit_limit).toBe(false);
    const c = await player();
    await setLimits(c.token, { changes: [{ kind: 'stake', period: 'day', amount: 100_000 }] });
    expect((await state(c.token)).offer_deposit_limit).toBe(true);
  });

  it('answers prompts for players only, and refuses a bad prompt with a key', async () => {
    const p = await player();
    const bad = await prompt(p.token, { prompt: 'self_exclusion' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 400 });
    expect((await prompt(await guestToken(t.app), { prompt: 'reality_check' })).body).toMatchObject({
      error: 'DEMO_NOT_ALLOWED',
    });
    expect((await prompt(op, { prompt: 'reality_check' })).body).toMatchObject({ error: 'FORBIDDEN' });
    expect((await call(t.app, 'POST', API.protectionPrompt, { body: { prompt: 'reality_check' } })).status).toBe(401);
    expect((await state(p.token)).reality_check.dismissed_at).toBeNull();
  });

  it('refuses bad input with a translated key, never a 500', async () => {
    const p = await player();
    const bodies: [string, unknown][] = [
      ['no changes', {}],
      ['zero', { changes: [{ kind: 'stake', period: 'day', amount: 0 }] }],
      ['negative', { changes: [{ kind: 'stake', period: 'day', amount: -1 }] }],
      ['fraction', { changes: [{ kind: 'stake', period: 'day', amount: 1.5 }] }],
      ['string', { changes: [{ kind: 'stake', period: 'day', amount: '100' }] }],
      ['huge', { changes: [{ kind: 'stake', period: 'day', amount: 2 ** 60 }] }],
      ['unknown kind', { changes: [{ kind: 'bonus', period: 'day', amount: 100 }] }],
      ['unknown period', { changes: [{ kind: 'stake', period: 'year', amount: 100 }] }],
      ['reality 45', { changes: [], reality_check: 45 }],
      ['the same limit twice', { changes: [0, 1].map(() => ({ kind: 'loss', period: 'week', amount: 100 })) }],
      ['too many', { changes: Array.from({ length: 10 }, () => ({ kind: 'stake', period: 'day', amount: 1 })) }],
    ];
    for (const [label, body] of bodies) expectRefused(await setLimits(p.token, body), label);
    for (const [label, opts] of GENERIC_BODIES) {
      expectRefused(
        await call(t.app, 'POST', API.protectionLimits, { ...opts, headers: { ...opts.headers, token: p.token } }),
        label,
      );
    }
    expect((await setLimits(p.token, { changes: [{ kind: 'stake', period: 'day', amount: 0 }] })).body).toMatchObject({
      error: 'LIMIT_AMOUNT_INVALID',
    });
  });

  it('player B never sees or is bound by player A’s limits', async () => {
    const a = await player(20_000);
    const b = await player(20_000);
    await setLimits(a.token, { changes: [{ kind: 'stake', period: 'day', amount: 1_000 }] });
    expect((await state(b.token)).limits.every((l) => l.amount === null)).toBe(true);
    expect((await k3(b.token, 5_000)).status).toBe(200);
    expect((await k3(a.token, 5_000)).body).toMatchObject({ error: 'STAKE_LIMIT_REACHED' });
  });
});

/** The instant `period` ends for bets placed at T. */
const windowEnd = (period: LimitPeriod) => limitWindow(period, T, TZ).to;

describe('bets against stake and loss limits, each period at its boundary', () => {
  for (const kind of ['stake', 'loss'] as const) {
    for (const period of ['day', 'week', 'month'] as const) {
      it(`${kind} per ${period}: up to the limit, then refused with what is left, until the ${period} ends`, async () => {
        const p = await player(50_000);
        await setLimits(p.token, { changes: [{ kind, period, amount: 5_000 }] });
        expect((await k3(p.token, 3_000)).status).toBe(200);
        expect((await k3(p.token, 2_000)).status).toBe(200);
        const refused = await k3(p.token, 1_000);
        expect(refused.status).toBe(400);
        expect(refused.body).toMatchObject({ error: `${kind.toUpperCase()}_LIMIT_REACHED` });
        const word = { day: 'daily', week: 'weekly', month: 'monthly' }[period];
        expect(refused.body.msg).toBe(`This bet would pass your ${word} ${kind} limit: ${thb(0, 'en')} left`);
        expect((await wallet(t.app, p.token)).balance).toBe(45_000);

        // Just before the window ends the slips still count; from its first instant they do not.
        const end = windowEnd(period).getTime();
        await openAt(t.app, new Date(end - 40_000));
        expect((await k3(p.token, 1_000)).body).toMatchObject({ error: `${kind.toUpperCase()}_LIMIT_REACHED` });
        await openAt(t.app, new Date(end + 20_000));
        expect((await k3(p.token, 5_000)).status).toBe(200);
        expect((await k3(p.token, 1_000)).body).toMatchObject({ error: `${kind.toUpperCase()}_LIMIT_REACHED` });
        await openAt(t.app, T);
      });
    }
  }

  it('loss is stakes − payouts: a payout gives room back, a stake limit does not', async () => {
    const p = await player(50_000);
    await setLimits(p.token, { changes: [{ kind: 'loss', period: 'day', amount: 5_000 }] });
    const first = await k3(p.token, 5_000);
    expect(first.status).toBe(200);
    expect((await k3(p.token, 1_000)).body).toMatchObject({ error: 'LOSS_LIMIT_REACHED' });
    // Settled with 3,000 back (as the settlement writes it): the loss so far is 2,000.
    const id = (first.body.data as { id: number }).id;
    await t.app.db
      .updateTable('bets')
      .set({ status: 'won', payout: 3_000, settled_at: T })
      .where('id', '=', id)
      .execute();
    expect(limitOf(await state(p.token), 'loss', 'day')).toMatchObject({ used: 2_000, left: 3_000 });
    expect((await k3(p.token, 3_000)).status).toBe(200);
    expect((await k3(p.token, 1_000)).body).toMatchObject({ error: 'LOSS_LIMIT_REACHED' });
  });

  it('the lowest applicable limit wins, and the message names it in the player’s language', async () => {
    const p = await player(50_000);
    await setLimits(p.token, {
      changes: [
        { kind: 'stake', period: 'day', amount: 10_000 },
        { kind: 'stake', period: 'week', amount: 6_000 },
        { kind: 'loss', period: 'month', amount: 20_000 },
      ],
    });
    const refused = await k3(p.token, 7_000);
    expect(refused.body).toMatchObject({ error: 'STAKE_LIMIT_REACHED' });
    expect(refused.body.msg).toBe(`This bet would pass your weekly stake limit: ${thb(6_000, 'en')} left`);
    const th = await k3(p.token, 7_000, 'th');
    expect(th.body.msg).toContain('รายสัปดาห์');
    expect(th.body.msg).toContain(thb(6_000, 'th'));
    expect((await k3(p.token, 6_000)).status).toBe(200);
    expect(limitOf(await state(p.token), 'stake', 'day')).toMatchObject({ used: 6_000, left: 4_000 });
  });

  it('demo play is not counted nor limited', async () => {
    const guest = await guestToken(t.app);
    expect((await k3(guest, 1_000)).status).toBe(200);
  });
});

describe('deposits against deposit limits', () => {
  it('refuses a deposit that would pass the limit, naming what is left; a rejected one gives room back', async () => {
    const p = await player();
    await setLimits(p.token, { changes: [{ kind: 'deposit', period: 'week', amount: 30_000 }] });
    expect((await submitBank(t.app, p.token, ch.bank, 20_000)).status).toBe(200);
    const refused = await submitBank(t.app, p.token, ch.bank, 20_000);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      error: 'DEPOSIT_LIMIT_REACHED',
      msg: `This deposit would pass your weekly deposit limit: ${thb(10_000, 'en')} left`,
    });
    expect((await submitBank(t.app, p.token, ch.bank, 10_000)).status).toBe(200);
    expect(limitOf(await state(p.token), 'deposit', 'week')).toMatchObject({ used: 30_000, left: 0 });
    const pending = await t.app.db.selectFrom('deposits').select('id').where('user_id', '=', p.id).execute();
    const reject = await call(t.app, 'POST', API.adminRechargeReject, {
      ...auth(op),
      body: { id: pending[0]?.id, reason: 'not received' },
    });
    expect(reject.status, reject.text).toBe(200);
    expect((await submitBank(t.app, p.token, ch.bank, 20_000)).status).toBe(200);
    // The next week starts on Monday.
    t.app.setClock(() => limitWindow('week', T, TZ).to);
    expect((await submitBank(t.app, p.token, ch.bank, 30_000)).status).toBe(200);
    t.app.setClock(() => T);
    expect((await ledgerCheck(t.app.db)).ok).toBe(true);
  });
});
