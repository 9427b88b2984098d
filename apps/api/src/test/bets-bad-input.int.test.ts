import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@fairdraw/contract';
import { buildTestApp, call, registerPlayer } from './helper.ts';
import { expectRefused, JSON_HEADERS } from './bad-input.ts';
import type { CallOptions, TestApp } from './helper.ts';
import { count, operatorToken } from './money-helper.ts';
import { fund } from './withdraw-helper.ts';
import { openAt, openPeriod, playItems } from './bets-helper.ts';

// docs/trust.md 33 for the betting endpoints: bad input → 4xx with an error key and a translated message, never 5xx,
// and nothing created or changed. The player has cash and the period is open, so only the input is wrong.

const T = new Date('2031-01-10T05:00:20Z');
let t: TestApp;
let token: string;
let op: string;
let gameId: number;
let issue: string;
let play: number;
let otherPlay: number;
beforeAll(async () => {
  t = await buildTestApp({}, { now: T });
  op = await operatorToken(t.app);
  await openAt(t.app, T);
  token = (await registerPlayer(t.app)).token;
  await fund(t.app, op, token, 100_000);
  const k3 = await openPeriod(t.app, 'df_k3');
  gameId = k3.game_id;
  issue = k3.issue;
  play = (await playItems(t.app, 'df_k3'))[0]?.id ?? 0;
  otherPlay = (await playItems(t.app, 'df_pk10'))[0]?.id ?? 0;
});
afterAll(async () => {
  await t.close();
});

const item = (over: Record<string, unknown> = {}) => ({ play_id: play, amount: 100, ...over });
const slip = (over: Record<string, unknown> = {}) => ({ games_id: gameId, issue, items: [item()], ...over });

const BODIES = (): [string, CallOptions][] => [
  ['broken JSON', { headers: JSON_HEADERS, rawBody: '{"games_id": 1,' }],
  ['a JSON string', { body: 'hello' }],
  ['an array', { body: [slip()] }],
  ['null', { headers: JSON_HEADERS, rawBody: 'null' }],
  ['text/plain', { headers: { 'content-type': 'text/plain' }, rawBody: '{}' }],
  ['empty', { body: {} }],
  ['games_id as string', { body: slip({ games_id: String(gameId) }) }],
  ['games_id fractional', { body: slip({ games_id: 1.5 }) }],
  ['games_id negative', { body: slip({ games_id: -1 }) }],
  ['games_id unknown', { body: slip({ games_id: 2_000_000_000 }) }],
  ['games_id beyond int4', { body: slip({ games_id: 3_000_000_000 }) }],
  [
    'games_id huge literal',
    { headers: JSON_HEADERS, rawBody: `{"games_id": 1e400, "issue": "${issue}", "items": [] }` },
  ],
  ['issue malformed', { body: slip({ issue: 'abc' }) }],
  ['issue as number', { body: slip({ issue: 20310110 }) }],
  ['issue unknown', { body: slip({ issue: '19990101-0001' }) }],
  ['items missing', { body: { games_id: gameId, issue } }],
  ['items empty', { body: slip({ items: [] }) }],
  ['items not an array', { body: slip({ items: item() }) }],
  ['101 items', { body: slip({ items: Array.from({ length: 101 }, () => item()) }) }],
  ['amount negative', { body: slip({ items: [item({ amount: -1 })] }) }],
  ['amount fractional', { body: slip({ items: [item({ amount: 1.5 })] }) }],
  ['amount as string', { body: slip({ items: [item({ amount: '100' })] }) }],
  ['amount null', { body: slip({ items: [item({ amount: null })] }) }],
  ['amount huge', { body: slip({ items: [item({ amount: 1e300 })] }) }],
  ['amount beyond safe', { body: slip({ items: [item({ amount: Number.MAX_SAFE_INTEGER + 2 })] }) }],
  ['amount max safe', { body: slip({ items: [item({ amount: Number.MAX_SAFE_INTEGER })] }) }],
  ['amount zero', { body: slip({ items: [item({ amount: 0 })] }) }],
  ['play_id unknown', { body: slip({ items: [item({ play_id: 2_000_000_000 })] }) }],
  ['play_id beyond int4', { body: slip({ items: [item({ play_id: 3_000_000_000 })] }) }],
  ['play_id of another game', { body: slip({ items: [item({ play_id: otherPlay })] }) }],
  ['play_id as string', { body: slip({ items: [item({ play_id: String(play) })] }) }],
  ['numbers on a plain play', { body: slip({ items: [item({ numbers: [1, 2] })] }) }],
  ['numbers out of range', { body: slip({ items: [item({ numbers: [0, 50] })] }) }],
  ['numbers too many', { body: slip({ items: [item({ numbers: [1, 2, 3, 4] })] }) }],
  ['bad idempotency key', { headers: { 'idempotency-key': 'short' }, body: slip() }],
];

const QUERIES = [
  'status=open',
  'status=refunded',
  'status=1',
  'range=tomorrow',
  'range=',
  'range=TODAY',
  'games_id=abc',
  'games_id=-1',
  'games_id=1.5',
  'games_id=3000000000',
  'page=0',
  'page=abc',
  'limit=0',
  'limit=1000',
  'limit=-5',
];

async function snapshot() {
  const tables = ['bets', 'bet_items', 'ledger_postings', 'ledger_transactions', 'idempotency_keys'];
  const counts = await Promise.all(tables.map((name) => count(t.app, name)));
  const balances = await t.app.db.selectFrom('ledger_accounts').select(['key', 'balance']).orderBy('key').execute();
  return { counts, balances };
}

describe('POST /api/game/bet refuses bad input', () => {
  it('every bad body → 4xx with a key and a message; nothing changes', async () => {
    for (const [label, opts] of BODIES()) {
      const before = await snapshot();
      const res = await call(t.app, 'POST', API.bet, { ...opts, headers: { lang: 'en', token, ...opts.headers } });
      expectRefused(res, label);
      expect(await snapshot(), label).toEqual(before);
    }
    // The same player with a valid slip is accepted: the refusals above were about the input.
    const ok = await call(t.app, 'POST', API.bet, { headers: { lang: 'en', token }, body: slip() });
    expect(ok.status, ok.text).toBe(200);
  });
});

describe('GET /api/bet/list refuses bad input', () => {
  it('every bad query → 4xx with a key', async () => {
    for (const q of QUERIES) {
      const res = await call(t.app, 'GET', `${API.betList}?${q}`, { headers: { lang: 'en', token } });
      expectRefused(res, q);
    }
  });
});

describe('POST /api/admin/period/void refuses bad input', () => {
  it('every bad body → 4xx with a key; nothing changes', async () => {
    const bodies: [string, CallOptions][] = [
      ['broken JSON', { headers: JSON_HEADERS, rawBody: '{"games_id": 1,' }],
      ['empty', { body: {} }],
      ['games_id as string', { body: { games_id: String(gameId), issue, reason: 'x' } }],
      ['games_id beyond int4', { body: { games_id: 3_000_000_000, issue, reason: 'x' } }],
      ['issue malformed', { body: { games_id: gameId, issue: 'x', reason: 'x' } }],
      ['reason missing', { body: { games_id: gameId, issue } }],
      ['reason blank', { body: { games_id: gameId, issue, reason: '   ' } }],
      ['reason overlong', { body: { games_id: gameId, issue, reason: 'r'.repeat(1000) } }],
      ['reason wrong type', { body: { games_id: gameId, issue, reason: 42 } }],
    ];
    for (const [label, opts] of bodies) {
      const before = await snapshot();
      const res = await call(t.app, 'POST', API.adminPeriodVoid, {
        ...opts,
        headers: { lang: 'en', token: op, ...opts.headers },
      });
      expectRefused(res, label);
      expect(await snapshot(), label).toEqual(before);
    }
  });
});
