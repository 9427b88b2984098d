import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import { API, isErrorKey, LANGS, NOTICE_MAX, SUPPORT_OPEN_MAX } from '@fairdraw/contract';
import { ledgerCheck } from '../modules/ledger/ledger.service.ts';
import { baseOf, casesOf, operationsOf } from './bad-input-generator.ts';
import type { Auth, Case, OpenApiDoc, Operation } from './bad-input-generator.ts';
import { buildTestApp, call, registerPlayer } from './helper.ts';
import type { TestApp } from './helper.ts';
import { channels, guestToken, submitBank } from './money-helper.ts';
import { openAt, openPeriod, playItems } from './bets-helper.ts';

// docs/trust.md 33, generated: every route of the OpenAPI document the API serves, every field of it, mutated one at a
// time (bad-input-generator.ts), with no token, a forged one, a lesser role's, and the right role's so validation
// is reached. Asserted over every request: no 5xx; every refusal is the envelope with a contract key and a
// translated message; and nothing changed — the row count of every table and the ledger check, before and after.
// No table is left out: nothing changes by itself here (the draw scheduler runs only when server.ts starts it).

const OPERATOR_PASSWORD = randomBytes(8).toString('hex');
const PLAYER_PASSWORD = 'secret123';

/**
 * Routes where any request that reaches the handler succeeds and changes state whatever it carries: a guest is a
 * new user, a logout ends the session, a prompt answer is recorded. Only what is refused before the handler is sent
 * to them (no token, garbage bodies, unknown fields); every other route's example request is refused by
 * construction (see `overrides`).
 */
const sixLangs = (text: string) => Object.fromEntries(LANGS.map((l) => [l, text]));

const ACCEPTING = new Set([`POST ${API.guest}`, `POST ${API.logout}`, `POST ${API.protectionPrompt}`]);

type World = {
  player: string;
  playerAccount: string;
  guest: string;
  operator: string;
  /** A slip the schema and the game accept on an open period, refused for the player's empty wallet. */
  slip: Record<string, unknown>;
};

/**
 * Example bodies that pass the schema but are refused further on, for routes the generator's unknown ids do not
 * settle: so a mutation the schema lets through still changes nothing.
 */
function overrides(world: World): Record<string, Record<string, unknown>> {
  return {
    // An account that exists: ACCOUNT_TAKEN.
    [`POST ${API.register}`]: { account: world.playerAccount, password: 'abc123', confirm_password: 'abc123' },
    // The account and this IP are locked (beforeAll): 429 before any password is checked or any failure counted.
    [`POST ${API.login}`]: { account: world.playerAccount },
    // A real game, open period and play: mutations reach the bet batch's SQL; the empty wallet refuses them all.
    [`POST ${API.bet}`]: world.slip,
    // Within the limits, so the checks go on to the (unknown) payout method.
    [`POST ${API.withdrawSubmit}`]: { amount: 10_000 },
    // The same limit three times (refused): one mutation can mend at most one of the repeats.
    [`POST ${API.protectionLimits}`]: {
      changes: [0, 1, 2].map(() => ({ kind: 'stake', period: 'day', amount: 10_000 })),
    },
    // Two contradictions (min > max, fee min > fee max): one mutation can mend at most one of them.
    [`POST ${API.adminWithdrawSettings}`]: { min: 2, max: 1, fee: { percent_bps: 0, fixed: 0, min: 2, max: 1 } },
    // Content: two defects each (a link off the site, an end before the start), and a notice too long in every
    // language; a new banner or promotion (no id) is refused alike.
    [`POST ${API.adminHomeBannerSave}`]: {
      image: '/art/banners/1.svg',
      url: 'https://evil.example/',
      title: sixLangs('x'),
      starts_at: T.getTime(),
      ends_at: T.getTime() - 1,
    },
    [`POST ${API.adminActivitySave}`]: {
      title: sixLangs('x'),
      body: sixLangs('x'),
      image: '/art/banners/1.svg',
      link: 'https://evil.example/',
      starts_at: T.getTime(),
      ends_at: T.getTime() - 1,
    },
    [`POST ${API.adminHomeNotice}`]: { body: sixLangs('x'.repeat(NOTICE_MAX + 1)) },
    // A per-period limit saved over a value that is not the one in force (SETTINGS_CHANGED).
    [`POST ${API.adminGamesLimits}`]: { period_max_per_player: 1_000_000, previous: 7 },
    // The same family three times (refused): one mutation can rename at most one of the repeats.
    [`POST ${API.adminBonusSettings}`]: {
      rates: [0, 1, 2].map(() => ({ family: 'k3', rate_bps: 0, multiple: 0 })),
    },
  };
}

// The instant the suite runs at (the app's clock): an open K3 period then.
const T = new Date('2031-01-10T05:00:20Z');
let t: TestApp;
let world: World;
let doc: OpenApiDoc;

async function tableCounts(): Promise<Record<string, number>> {
  const { rows: tables } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(t.app.db);
  const union = sql.join(
    tables.map((r) => sql`select ${r.name} as name, count(*)::int as n from ${sql.table(r.name)}`),
    sql` union all `,
  );
  const { rows } = await sql<{ name: string; n: number }>`${union}`.execute(t.app.db);
  return Object.fromEntries(rows.map((r) => [r.name, r.n]));
}

function changed(before: Record<string, number>, after: Record<string, number>): string[] {
  return Object.keys({ ...before, ...after })
    .filter((k) => before[k] !== after[k])
    .map((k) => `${k} ${before[k]} → ${after[k]}`);
}

beforeAll(async () => {
  t = await buildTestApp(
    {
      OPERATOR_ACCOUNT: 'suiteoperator',
      OPERATOR_PASSWORD,
      // The login lock is what keeps login, password checks and exclusions from counting failures during the suite.
      LOGIN_MAX_FAILURES: '5',
      LOGIN_IP_MAX_FAILURES: '5',
      LOGIN_ACCOUNT_MAX_FAILURES: '5',
      // The member stream (GET /api/user/events) is refused (429) to whoever it accepts: an open stream never ends.
      SSE_MAX_PER_USER: '0',
    },
    // The world, its sessions and its login locks, all at the instant its bets are placed.
    { now: T },
  );
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApiDoc>();

  // The world the suite runs in, made before the snapshot: an operator, a guest, a player with a fund password, a
  // payout method, a pending deposit and an empty wallet, an open K3 period; the player's account and this IP
  // locked by five wrong logins.
  const login = await call(t.app, 'POST', API.login, {
    body: { account: 'suiteoperator', password: OPERATOR_PASSWORD },
  });
  const operator = (login.body.data as { token: string }).token;
  const p = await registerPlayer(t.app, undefined, PLAYER_PASSWORD);
  const headers = { token: p.token };
  await call(t.app, 'POST', API.fundPassword, { headers, body: { password: '123456', confirm_password: '123456' } });
  const bound = await call(t.app, 'POST', API.payoutAdd, {
    headers,
    body: {
      type: 'bank',
      password: PLAYER_PASSWORD,
      name: 'Somchai',
      bank_name: 'Demo',
      card_number: '4111111111111111',
    },
  });
  expect(bound.status, bound.text).toBe(200);
  const ch = await channels(t.app);
  expect((await submitBank(t.app, p.token, ch.bank, 10_000)).status).toBe(200);
  // Two-step verification on: its set-up and confirmation are refused (already on), and turning it off checks a
  // code only after the account's lock below has refused it.
  const setup = await call(t.app, 'POST', API.twoFactorSetup, { headers, body: { password: PLAYER_PASSWORD } });
  const { secret } = setup.body.data as { secret: string };
  const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: t.app.clock().getTime() });
  expect((await call(t.app, 'POST', API.twoFactorEnable, { headers, body: { code } })).status).toBe(200);
  for (let i = 0; i < 5; i++) {
    const wrong = await call(t.app, 'POST', API.login, { body: { account: p.account, password: 'wrong12345' } });
    expect(wrong.status).toBeLessThan(500);
  }
  const locked = await call(t.app, 'POST', API.login, { body: { account: 'someoneelse', password: 'wrong12345' } });
  expect(locked.body.error).toBe('TOO_MANY_LOGIN_ATTEMPTS');
  // Bets are placed at the app's clock: an open period of K3 at a fixed time.
  await openAt(t.app, T);
  const k3 = await openPeriod(t.app, 'df_k3');
  const play = (await playItems(t.app, 'df_k3'))[0]?.id;
  const slip = { games_id: k3.game_id, issue: k3.issue, items: [{ play_id: play, amount: 100 }] };
  const refused = await call(t.app, 'POST', API.bet, { headers, body: slip });
  expect(refused.body.error).toBe('INSUFFICIENT_BALANCE');
  // Support: the player already has the most open conversations, so every open is refused (SUPPORT_OPEN_LIMIT);
  // the low ids belong to another player's closed conversations, so a reply naming one is refused too.
  const other = await registerPlayer(t.app);
  for (let i = 0; i < SUPPORT_OPEN_MAX; i++) {
    const c = await call(t.app, 'POST', API.supportOpen, {
      headers: { token: other.token },
      body: { subject: 's', body: 'b' },
    });
    const id = (c.body.data as { id: number }).id;
    expect(
      (await call(t.app, 'POST', API.adminSupportClose, { headers: { token: operator }, body: { id } })).status,
    ).toBe(200);
  }
  for (let i = 0; i < SUPPORT_OPEN_MAX; i++) {
    expect((await call(t.app, 'POST', API.supportOpen, { headers, body: { subject: 's', body: 'b' } })).status).toBe(
      200,
    );
  }
  world = { player: p.token, playerAccount: p.account, guest: await guestToken(t.app), operator, slip };
}, 120_000);

afterAll(async () => {
  await t?.close();
});

function tokenOf(auth: Auth): string | undefined {
  if (auth === 'none') return undefined;
  if (auth === 'forged') return randomBytes(32).toString('base64url');
  if (auth === 'junk') return "' or 1=1 --".repeat(1_000);
  return world[auth];
}

type Answer = { status: number; body: unknown; error?: string };

async function send(c: Case): Promise<Answer> {
  const token = tokenOf(c.auth);
  const headers: Record<string, string> = {
    ...(c.kind === 'header' && 'lang' in c.headers ? {} : { lang: 'en' }),
    ...c.headers,
    ...(token === undefined ? {} : { token }),
  };
  const inject = t.app.inject({
    method: c.method,
    url: c.url,
    headers,
    ...(c.payload !== undefined ? { payload: c.payload } : {}),
  });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('no answer within 10 s')), 10_000);
  });
  try {
    const res = await Promise.race([inject, timeout]);
    let body: unknown = null;
    try {
      body = res.json();
    } catch {
      body = res.body.slice(0, 200);
    }
    return { status: res.statusCode, body };
  } catch (err) {
    return { status: 0, body: null, error: err instanceof Error ? err.message : String(err) };
  } finally {
    clearTimeout(timer);
  }
}

/** What is wrong with an answer, or null. */
function problemOf(a: Answer): string | null {
  if (a.error) return a.error;
  if (a.status >= 500) return `${a.status} ${JSON.stringify(a.body).slice(0, 300)}`;
  if (a.status < 400) return null;
  const b = a.body as { code?: unknown; data?: unknown; error?: unknown; msg?: unknown } | null;
  if (!b || typeof b !== 'object') return `${a.status} without the envelope: ${String(b)}`;
  if (b.code !== a.status) return `envelope code ${String(b.code)} ≠ status ${a.status}`;
  if (b.data !== null) return `refusal with data ${JSON.stringify(b.data).slice(0, 100)}`;
  if (!isErrorKey(b.error)) return `unknown error key ${String(b.error)}`;
  if (typeof b.msg !== 'string' || b.msg === '' || b.msg === b.error) return `untranslated message ${String(b.msg)}`;
  return null;
}

async function pool<T>(items: T[], concurrency: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await fn(item);
    }
  });
  await Promise.all(workers);
}

/** The token that gets an operation past authentication. */
const roleOf = (op: Operation): Auth => (!op.secured ? 'none' : op.operator ? 'operator' : 'player');

function casesFor(op: Operation): Case[] {
  const role = roleOf(op);
  const base = baseOf(op, overrides(world)[op.route]);
  const cases = casesOf(op, base, role);
  if (!ACCEPTING.has(op.route)) return cases;
  // Never with a valid token, and only what its schema or parser refuses: a body it does not validate (any JSON
  // to logout) would otherwise reach the handler.
  return cases
    .filter((c) => c.kind === 'auth' || c.kind === 'raw' || c.kind === 'body')
    .map((c) => (c.auth === role && role !== 'none' ? { ...c, auth: 'forged' as const } : c));
}

describe('generated bad input, from the OpenAPI document', () => {
  it('covers the API: the document lists the routes the suite must reach', () => {
    const routes = operationsOf(doc).map((op) => op.route);
    // A sample, so that a broken document (or a missing route prefix) cannot pass as "nothing to test".
    for (const route of [
      `POST ${API.rechargeSubmit}`,
      `POST ${API.login}`,
      `GET ${API.gameEvents}`,
      'POST /api/pay/webhook/{provider}',
    ]) {
      expect(routes).toContain(route);
    }
  });

  it('no request answers 5xx, every refusal is the envelope, and nothing changes', async () => {
    const ops = operationsOf(doc);
    const before = await tableCounts();
    const ledgerBefore = await ledgerCheck(t.app.db);
    expect(ledgerBefore.ok).toBe(true);
    const failures: string[] = [];
    const tally = { requests: 0, '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0, unanswered: 0 };
    for (const op of ops) {
      const routeBefore = await tableCounts();
      const successes: string[] = [];
      const role = roleOf(op);
      let reached = 0;
      await pool(casesFor(op), 6, async (c) => {
        const a = await send(c);
        if (c.auth === role && a.status !== 401 && a.status !== 403) reached += 1;
        tally.requests += 1;
        if (a.status === 0) tally.unanswered += 1;
        else if (a.status >= 500) tally['5xx'] += 1;
        else if (a.status >= 400) tally['4xx'] += 1;
        else if (a.status >= 300) tally['3xx'] += 1;
        else tally['2xx'] += 1;
        const problem = problemOf(a);
        if (problem) failures.push(`${c.route} [${c.auth}] ${c.label}: ${problem}`);
        if (a.status >= 200 && a.status < 300 && op.method === 'POST') successes.push(c.label);
      });
      // The right role's token got past authentication, so the field cases tested the fields.
      if (!ACCEPTING.has(op.route) && reached === 0) failures.push(`${op.route}: no case got past authentication`);
      const diff = changed(routeBefore, await tableCounts());
      if (diff.length > 0) {
        failures.push(`${op.route} changed ${diff.join(', ')} (accepted: ${successes.slice(0, 10).join('; ')})`);
      }
    }
    const after = await tableCounts();
    const ledgerAfter = await ledgerCheck(t.app.db);
    console.log(
      `generated bad input (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}): ${ops.length} routes, ` +
        `${tally.requests} requests, 2xx ${tally['2xx']}, 3xx ${tally['3xx']}, 4xx ${tally['4xx']}, ` +
        `5xx ${tally['5xx']}, unanswered ${tally.unanswered}`,
    );
    // The suite's own sessions survived it (a logout it sent would have turned every later case into a 401).
    for (const token of [world.player, world.guest, world.operator]) {
      expect((await call(t.app, 'GET', API.profile, { headers: { token } })).status).toBe(200);
    }
    expect(failures, failures.slice(0, 200).join('\n')).toEqual([]);
    expect(changed(before, after)).toEqual([]);
    expect(ledgerAfter.ok).toBe(true);
    expect(ledgerAfter.transactions).toBe(ledgerBefore.transactions);
    expect(tally['5xx']).toBe(0);
    expect(tally.requests).toBeGreaterThan(1_000);
  }, 180_000);
});
