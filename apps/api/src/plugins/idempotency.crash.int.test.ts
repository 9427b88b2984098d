import http from 'node:http';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@fairdraw/contract';
import { buildTestApp } from '../test/helper.ts';
import type { TestApp } from '../test/helper.ts';
import { bankFields, channels, count, operatorToken, wallet } from '../test/money-helper.ts';
import { FUND_PASSWORD, readyPlayer } from '../test/withdraw-helper.ts';
import type { WithdrawPlayer } from '../test/withdraw-helper.ts';
import { isListening, sleep, startServer } from '../test/process-helper.ts';
import type { ServerProcess } from '../test/process-helper.ts';
import { FAULT_POINTS } from '../lib/fault-point.ts';
import type { FaultPoint } from '../lib/fault-point.ts';
import { ledgerCheck } from '../modules/ledger/ledger.service.ts';

// docs/trust.md 6 across crashes: a real API process is SIGKILLed at each step between a withdrawal's (or a deposit's)
// request and its answer — after the key is claimed, after the money moved but before the commit, after the commit
// before the answer is sent, and halfway through sending it (lib/fault-point.ts, FAULT_POINT with NODE_ENV=test) —
// then the same request is retried with the same key on a server without a fault point: exactly one withdrawal,
// one ledger transaction for it, the ledger check clean, and the answer is the one committed, byte for byte (or a
// fresh success when nothing was committed). PostgreSQL only: separate processes on one shared database.
const onPostgres = Boolean(process.env.DATABASE_URL);

let t: TestApp;
let url: string;
let op: string;
let survivor: ServerProcess | undefined;
const servers: ServerProcess[] = [];
beforeAll(async () => {
  if (!onPostgres) return;
  t = await buildTestApp();
  url = t.config.databaseUrl ?? '';
  op = await operatorToken(t.app);
});
afterAll(async () => {
  for (const s of servers) await s.kill();
  if (onPostgres) await t.close();
});

type Answer = {
  /** Undefined when the connection died before the status line. */
  status: number | undefined;
  headers: http.IncomingHttpHeaders;
  /** The bytes received, whole or cut. */
  text: string;
  complete: boolean;
};

/** One POST over a real socket, keeping whatever arrives before the connection dies. */
function post(base: string, path: string, token: string, key: string, body: unknown): Promise<Answer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let answer: Answer = { status: undefined, headers: {}, text: '', complete: false };
    const done = (complete: boolean) => resolve({ ...answer, text: Buffer.concat(chunks).toString('utf8'), complete });
    const req = http.request(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token, lang: 'en', 'idempotency-key': key },
    });
    req.on('response', (res) => {
      answer = { ...answer, status: res.statusCode, headers: res.headers };
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(res.complete));
      res.on('error', () => done(false));
      res.on('aborted', () => done(false));
    });
    req.on('error', () => done(false));
    req.end(JSON.stringify(body));
  });
}

async function listening(s: ServerProcess): Promise<string> {
  const line = await s.waitFor(isListening, 30_000);
  return String(line.msg).replace('listening on ', '');
}

/** The server without a fault point that answers the retries (the restarted site), started once. */
async function survivorBase(): Promise<string> {
  if (!survivor) {
    survivor = startServer('survivor', { DATABASE_URL: url });
    servers.push(survivor);
  }
  return listening(survivor);
}

/** Waits until the dead process's backends are gone (PostgreSQL aborts their open transaction). */
async function backendsGone(appName: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and state like 'idle in transaction%'
        and application_name = ${appName}`.execute(t.app.db);
    if (rows[0]?.n === 0) return;
    await sleep(50);
  }
}

async function storedText(userId: number, key: string): Promise<string | null | undefined> {
  const row = await t.app.db
    .selectFrom('idempotency_keys')
    .select('response_text')
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.response_text;
}

async function userIdOf(account: string): Promise<number> {
  const row = await t.app.db.selectFrom('users').select('id').where('account', '=', account).executeTakeFirstOrThrow();
  return row.id;
}

type Kind = { path: string; table: 'withdrawals' | 'deposits'; body: (p: WithdrawPlayer) => Promise<unknown> };

const KINDS: Record<'withdrawal' | 'deposit', Kind> = {
  withdrawal: {
    path: API.withdrawSubmit,
    table: 'withdrawals',
    body: (p) => Promise.resolve({ amount: 12_345, payout_id: p.payoutId, fund_password: FUND_PASSWORD }),
  },
  deposit: {
    path: API.rechargeSubmit,
    table: 'deposits',
    body: async () => ({ channel_id: (await channels(t.app)).bank, amount: 23_456, ...bankFields }),
  },
};

/** Points at or after which the answer is committed: the retry replays it. */
const COMMITTED: readonly FaultPoint[] = ['idempotency.committed', 'idempotency.sending'];

const CASES = (['withdrawal', 'deposit'] as const).flatMap((kind) => FAULT_POINTS.map((point) => ({ kind, point })));

describe('SIGKILL between the request and its answer (PostgreSQL)', () => {
  it.skipIf(!onPostgres).each(CASES)(
    '$kind killed at $point: exactly one row, the committed answer byte for byte, the ledger clean',
    async ({ kind, point }) => {
      const k = KINDS[kind];
      const p = await readyPlayer(t.app, op, 100_000);
      const userId = await userIdOf(p.account);
      const body = await k.body(p);
      const key = `crash-${kind}-${point.replace('.', '-')}`;
      const rowsBefore = await count(t.app, k.table);
      const txBefore = await count(t.app, 'ledger_transactions');

      // The first try dies at the fault point; the client sees no answer, or half of one.
      const appName = `fd-crash-${kind}-${point}`;
      const crashing = startServer(`crash ${kind} ${point}`, {
        DATABASE_URL: `${url}${url.includes('?') ? '&' : '?'}application_name=${appName}`,
        NODE_ENV: 'test',
        FAULT_POINT: point,
      });
      servers.push(crashing);
      const first = await post(await listening(crashing), k.path, p.token, key, body);
      await crashing.exited;
      expect(crashing.child.signalCode).toBe('SIGKILL');
      expect(first.complete).toBe(false);
      await backendsGone(appName);

      const committed = COMMITTED.includes(point);
      const stored = await storedText(userId, key);
      expect(await count(t.app, k.table)).toBe(rowsBefore + (committed ? 1 : 0));
      if (committed) expect(stored).toEqual(expect.any(String));
      else expect(stored).toBeUndefined();
      if (point === 'idempotency.sending') {
        expect(first.status).toBe(200);
        expect(first.text.length).toBeGreaterThan(0);
        expect(stored?.startsWith(first.text)).toBe(true);
        expect(first.text.length).toBeLessThan(stored?.length ?? 0);
      } else {
        expect(first.status).toBeUndefined();
      }

      // The retry, with the same key, on the restarted site.
      const base = await survivorBase();
      const retry = await post(base, k.path, p.token, key, body);
      expect(retry.status, retry.text).toBe(200);
      expect(retry.complete).toBe(true);
      expect(retry.headers['content-type']).toBe('application/json; charset=utf-8');
      if (committed) {
        expect(retry.headers['idempotent-replayed']).toBe('true');
        expect(retry.text).toBe(stored);
      } else {
        expect(retry.headers['idempotent-replayed']).toBeUndefined();
        expect(retry.text).toBe(await storedText(userId, key));
      }
      const again = await post(base, k.path, p.token, key, body);
      expect(again.text).toBe(retry.text);

      const id = (JSON.parse(retry.text) as { data: { id: number } }).data.id;
      expect(await count(t.app, k.table)).toBe(rowsBefore + 1);
      const mine = await t.app.db.selectFrom(k.table).select('id').where('user_id', '=', userId).execute();
      // A withdrawal player was funded by deposits of their own; the crash left at most this one more.
      if (kind === 'withdrawal') expect(mine.map((r) => r.id)).toEqual([id]);
      else expect(mine.map((r) => r.id)).toContain(id);
      if (kind === 'withdrawal') {
        const { rows } = await sql<{ n: number }>`
          select count(*)::int as n from ledger_transactions where reference = ${`withdrawal:${id}`}`.execute(t.app.db);
        expect(rows[0]?.n).toBe(1);
        expect(await count(t.app, 'ledger_transactions')).toBe(txBefore + 1);
        expect(await wallet(t.app, p.token)).toMatchObject({ balance: 100_000 - 12_345, frozen: 12_345 });
      } else {
        // A deposit submit moves no money until it is approved.
        expect(await count(t.app, 'ledger_transactions')).toBe(txBefore);
      }
      expect(await ledgerCheck(t.app.db)).toMatchObject({ ok: true, unbalanced: [], mismatches: [] });
    },
    60_000,
  );
});
