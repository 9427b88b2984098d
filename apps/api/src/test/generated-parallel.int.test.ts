import { performance } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, IDEMPOTENCY_HEADER } from '@fairdraw/contract';
import { ledgerCheck } from '../modules/ledger/ledger.service.ts';
import { baseOf, operationsOf } from './bad-input-generator.ts';
import type { OpenApiDoc, Operation } from './bad-input-generator.ts';
import { buildTestApp, call, newAccount } from './helper.ts';
import type { TestApp } from './helper.ts';
import { bankFields, channels } from './money-helper.ts';
import { openAt, openPeriod, playItems } from './bets-helper.ts';
import { FUND_PASSWORD, readyPlayer } from './withdraw-helper.ts';
import type { WithdrawPlayer } from './withdraw-helper.ts';

// docs/trust.md, generated: every POST route of the OpenAPI document a player can call (not /api/admin, not the
// payment webhooks) gets PARALLEL valid requests of ONE player at once — each with its own idempotency key where the
// route takes one — as a double tap, a retrying client or a script would send them. Asserted: no 5xx and no
// answer missing, no "deadlock detected" in the app's log, and the ledger check clean at the end. A new route joins
// by itself (its example request is derived from the document, as the generated bad-input suite derives it); one
// that needs real rows in its body gets them in `overrides`, and a multipart one its parts in `MULTIPART`.
// PostgreSQL only: PGlite runs one statement at a time, so nothing runs in parallel there.
const onPostgres = Boolean(process.env.DATABASE_URL);

/** Requests sent at once to each route. */
const PARALLEL = 20;
const OPERATOR_PASSWORD = randomBytes(8).toString('hex');
const PLAYER_PASSWORD = 'secret123';
// The instant the suite runs at (the app's clock): an open K3 period then.
const T = new Date('2031-01-10T05:00:20Z');

/**
 * What each route's player has: a fund password, a bound card, cash, a conversation, the open period's slip (a body)
 * and one slip placed on it (its id: the slip the cancel route is sent twenty times for).
 */
type World = {
  player: WithdrawPlayer;
  /** An account nobody has yet: the one registration sent twenty times. */
  fresh: string;
  bank: number;
  slip: Record<string, unknown>;
  placed: number;
  conversation: number;
};

/** Example bodies that name the player's own rows (the derived example names unknown ones, which are refused). */
function overrides(w: World): Record<string, Record<string, unknown>> {
  return {
    [`POST ${API.register}`]: {
      account: w.fresh,
      password: PLAYER_PASSWORD,
      confirm_password: PLAYER_PASSWORD,
    },
    [`POST ${API.login}`]: { account: w.player.account, password: PLAYER_PASSWORD },
    [`POST ${API.changePassword}`]: {
      old_password: PLAYER_PASSWORD,
      password: 'another123',
      confirm_password: 'another123',
    },
    [`POST ${API.fundPassword}`]: { password: '135790', confirm_password: '135790', old_password: FUND_PASSWORD },
    [`POST ${API.rechargeSubmit}`]: { channel_id: w.bank, amount: 10_000, ...bankFields },
    [`POST ${API.withdrawSubmit}`]: { amount: 10_000, payout_id: w.player.payoutId, fund_password: FUND_PASSWORD },
    [`POST ${API.payoutAdd}`]: {
      type: 'bank',
      password: PLAYER_PASSWORD,
      name: 'Ann Lee',
      bank_name: 'Demo Bank',
      card_number: '5555 5555 5555 4444',
    },
    [`POST ${API.payoutDelete}`]: { id: w.player.payoutId },
    [`POST ${API.bet}`]: w.slip,
    [`POST ${API.betCancel}`]: { id: w.placed },
    [`POST ${API.chase}`]: { ...w.slip, periods: 2, multipliers: [1, 1], stop_on_win: false },
    [`POST ${API.protectionExclude}`]: { kind: 'timeout_24h', password: PLAYER_PASSWORD, confirm: true },
    [`POST ${API.protectionLimits}`]: { changes: [{ kind: 'deposit', period: 'day', amount: 1_000_000 }] },
    [`POST ${API.supportOpen}`]: { subject: 'Deposit', body: 'Where is my deposit?' },
    [`POST ${API.supportReply}`]: { id: w.conversation, body: 'Any news?' },
    [`POST ${API.msgRead}`]: { all: true },
    [`POST ${API.userProfile}`]: { nickname: 'Parallel' },
  };
}

type Part = { name: string; value: string | Buffer; filename?: string; type?: string };

/** Routes that take multipart/form-data (the document lists no JSON body for them): their parts. */
const MULTIPART: Record<string, () => Promise<Part[]>> = {
  [`POST ${API.userAvatar}`]: async () => [
    { name: 'avatar', value: await jpeg(), filename: 'a.jpg', type: 'image/jpeg' },
  ],
  [`POST ${API.kycSubmit}`]: async () => [
    { name: 'real_name', value: 'Somchai Jaidee' },
    { name: 'document_number', value: '1-1037-00123-45-6' },
    { name: 'front', value: await jpeg(), filename: 'front.jpg', type: 'image/jpeg' },
    { name: 'back', value: await jpeg(), filename: 'back.jpg', type: 'image/jpeg' },
  ],
};

function jpeg(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 400, channels: 3, background: '#3a6' } })
    .jpeg()
    .toBuffer();
}

function multipart(parts: Part[]): { payload: Buffer; contentType: string } {
  const boundary = `----fdparallel${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const file = p.filename === undefined ? '' : `; filename="${p.filename}"`;
    const type = p.type ? `Content-Type: ${p.type}\r\n` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${file}\r\n${type}\r\n`));
    chunks.push(Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

let t: TestApp;
let doc: OpenApiDoc;
let operator: string;
let slip: Record<string, unknown>;
let bank: number;
const log: string[] = [];

beforeAll(async () => {
  if (!onPostgres) return;
  // The app's log from warnings up: a 5xx is logged with its cause ("deadlock detected").
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      log.push(chunk.toString());
      done();
    },
  });
  t = await buildTestApp(
    { OPERATOR_ACCOUNT: 'paraloperator', OPERATOR_PASSWORD, SSE_MAX_PER_USER: '0' },
    { now: T, logger: { level: 'warn', stream } },
  );
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApiDoc>();
  const login = await call(t.app, 'POST', API.login, {
    body: { account: 'paraloperator', password: OPERATOR_PASSWORD },
  });
  operator = (login.body.data as { token: string }).token;
  await openAt(t.app, T);
  const k3 = await openPeriod(t.app, 'df_k3');
  const play = (await playItems(t.app, 'df_k3'))[0]?.id;
  slip = { games_id: k3.game_id, issue: k3.issue, items: [{ play_id: play, amount: 100 }] };
  bank = (await channels(t.app)).bank;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** The POST routes a player calls: not an operator's, not a payment provider's webhook, not a stream. */
const playerPosts = (ops: Operation[]) =>
  ops.filter((op) => op.method === 'POST' && !op.operator && !op.path.startsWith('/api/pay/webhook') && !op.stream);

/** A fresh player for one route: a fund password, a bound card, 1,000.00 cash and an open conversation. */
async function worldFor(): Promise<World> {
  const player = await readyPlayer(t.app, operator, 100_000);
  const opened = await call(t.app, 'POST', API.supportOpen, {
    headers: { token: player.token, lang: 'en' },
    body: { subject: 'Hello', body: 'First message' },
  });
  if (opened.status !== 200) throw new Error(`support open failed: ${opened.text}`);
  const placed = await call(t.app, 'POST', API.bet, { headers: { token: player.token, lang: 'en' }, body: slip });
  if (placed.status !== 200) throw new Error(`bet failed: ${placed.text}`);
  return {
    player,
    fresh: newAccount('par'),
    bank,
    slip,
    placed: (placed.body.data as { id: number }).id,
    conversation: (opened.body.data as { id: number }).id,
  };
}

type Sent = { status: number; text: string };

/** A refusal's error key, for the printed tally. */
function errorOf(text: string): string {
  try {
    return String((JSON.parse(text) as { error?: unknown }).error);
  } catch {
    return 'not JSON';
  }
}

async function send(op: Operation, w: World, i: number): Promise<Sent> {
  const headers: Record<string, string> = { token: w.player.token, lang: 'en' };
  if (op.headers.some((h) => h.name === IDEMPOTENCY_HEADER))
    headers[IDEMPOTENCY_HEADER] = `parallel-${i}-${randomBytes(6).toString('hex')}`;
  let payload: string | Buffer | undefined;
  const base = baseOf(op, overrides(w)[op.route]);
  const path = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(base.pathParams[name] ?? ''));
  const query = new URLSearchParams(base.query).toString();
  const parts = MULTIPART[op.route];
  if (parts) {
    const form = multipart(await parts());
    headers['content-type'] = form.contentType;
    payload = form.payload;
  } else if (base.body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(base.body);
  }
  const url = query ? `${path}?${query}` : path;
  const res = await t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, text: res.body };
}

describe.skipIf(!onPostgres)('generated parallel requests of one player, from the OpenAPI document', () => {
  it('covers the player routes: multipart ones have their parts, and the sample is there', () => {
    const ops = playerPosts(operationsOf(doc));
    const routes = ops.map((op) => op.route);
    for (const route of [`POST ${API.rechargeSubmit}`, `POST ${API.withdrawSubmit}`, `POST ${API.bet}`]) {
      expect(routes).toContain(route);
    }
    // A route without a JSON body takes a form: it needs its parts here.
    const formless = ops.filter((op) => !op.body && doc.paths[op.path]?.post?.requestBody && !MULTIPART[op.route]);
    expect(formless.map((op) => op.route)).toEqual([]);
  });

  it('no 5xx, no deadlock, the ledger clean', async () => {
    const ops = playerPosts(operationsOf(doc));
    const started = performance.now();
    // Each route gets a player of its own, made beforehand (a few at a time: each costs three password hashes).
    const worlds: World[] = [];
    for (let i = 0; i < ops.length; i += 4) {
      worlds.push(...(await Promise.all(ops.slice(i, i + 4).map(() => worldFor()))));
    }
    const setup = performance.now() - started;
    const failures: string[] = [];
    const statuses: Record<string, number> = {};
    const perRoute: string[] = [];
    for (const [n, op] of ops.entries()) {
      const w = worlds[n] as World;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), 20_000);
      });
      const answers = await Promise.race([
        Promise.all(Array.from({ length: PARALLEL }, (_, i) => send(op, w, i))),
        timeout,
      ]);
      clearTimeout(timer);
      if (answers === 'timeout') {
        failures.push(`${op.route}: no answer within 20 s`);
        continue;
      }
      const counts: Record<string, number> = {};
      for (const a of answers) {
        const what = `${a.status}${a.status >= 400 ? ` ${errorOf(a.text)}` : ''}`;
        counts[what] = (counts[what] ?? 0) + 1;
        statuses[a.status] = (statuses[a.status] ?? 0) + 1;
        if (a.status >= 500) failures.push(`${op.route}: ${a.status} ${a.text.slice(0, 200)}`);
      }
      perRoute.push(`${op.route} ${JSON.stringify(counts)}`);
    }
    const deadlocks = log.filter((line) => /deadlock/i.test(line));
    const ledger = await ledgerCheck(t.app.db);
    console.log(
      `generated parallel (PostgreSQL): ${ops.length} routes × ${PARALLEL} = ${ops.length * PARALLEL} requests, ` +
        `statuses ${JSON.stringify(statuses)}, setup ${(setup / 1000).toFixed(1)} s, ` +
        `total ${((performance.now() - started) / 1000).toFixed(1)} s\n  ${perRoute.join('\n  ')}`,
    );
    expect(failures, failures.slice(0, 50).join('\n')).toEqual([]);
    expect(deadlocks.map((l) => l.slice(0, 300))).toEqual([]);
    expect(ledger.ok, JSON.stringify(ledger)).toBe(true);
    expect(ops.length).toBeGreaterThan(15);
  }, 180_000);
});
