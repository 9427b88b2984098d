/**
 * No forged money through the sandbox provider (decision 0007). A default start has no secret
 * anyone can read: a notification signed with any well-known string is refused and credits nothing; the generated
 * secret works, survives a restart, is shown to operators only and never logged; PAYMENTS_SANDBOX=off removes the
 * sandbox and its simulated payment.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@fairdraw/contract';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { seed } from '../../db/seed.ts';
import { buildTestApp, call, NO_WEB_DIST } from '../../test/helper.ts';
import type { TestApp } from '../../test/helper.ts';
import { auth, channels, count, operatorToken, playerToken, wallet } from '../../test/money-helper.ts';
import { ledgerCheck } from '../ledger/ledger.service.ts';
import { signWebhook } from './payment-provider.ts';
import { ensureProviderSecrets, providers } from './payments.service.ts';

type Providers = { providers: { name: string; secret_source: string; secret: string | null; simulate: boolean }[] };

function deliver(t: TestApp, secret: string, event: unknown, provider = 'sandbox') {
  const raw = JSON.stringify(event);
  const ts = Math.floor(Date.now() / 1000);
  return call(t.app, 'POST', `/api/pay/webhook/${provider}`, {
    headers: {
      'content-type': 'application/json',
      'x-fd-timestamp': String(ts),
      'x-fd-signature': signWebhook(secret, ts, raw),
      lang: 'en',
    },
    rawBody: raw,
  });
}

async function pixDeposit(t: TestApp, token: string, amount: number) {
  const ch = await channels(t.app);
  const res = await call(t.app, 'POST', API.rechargeSubmit, { ...auth(token), body: { channel_id: ch.pix, amount } });
  expect(res.status).toBe(200);
  return (res.body.data as { id: number }).id;
}

async function generatedSecret(t: TestApp, op: string): Promise<string> {
  const res = await call(t.app, 'GET', API.adminPayProviders, auth(op));
  expect(res.status).toBe(200);
  const sandbox = (res.body.data as Providers).providers.find((p) => p.name === 'sandbox');
  expect(sandbox).toMatchObject({ secret_source: 'generated', simulate: true });
  return sandbox?.secret ?? '';
}

// A BRL site: its PIX channel needs no rate, so a default start offers it as it did when the constant was forged.
const BRL = { CURRENCY: 'BRL' };

describe('a default start (no PIX_SANDBOX_SECRET)', () => {
  let t: TestApp;
  let op: string;
  beforeAll(async () => {
    t = await buildTestApp(BRL);
    op = await operatorToken(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses notifications signed with any well-known string, and credits nothing', async () => {
    const player = await playerToken(t.app);
    const id = await pixDeposit(t, player, 10_000_000);
    const postings = await count(t.app, 'ledger_postings');
    const transactions = await count(t.app, 'ledger_transactions');
    const wellKnown = ['sandbox-secret', '', 'secret', 'changeme', 'test', 'sandbox', 'pix', 'password', 'fairdraw'];
    for (const [i, secret] of wellKnown.entries()) {
      const event = { id: `evt_forged_${i}`, type: 'pix.paid', deposit_id: id, amount: 10_000_000 };
      const res = await deliver(t, secret, event);
      expect(res.status, secret).toBe(400);
      expect(res.body.error, secret).toBe('WEBHOOK_SIGNATURE_INVALID');
    }
    expect((await wallet(t.app, player)).balance).toBe(0);
    expect(await count(t.app, 'ledger_postings')).toBe(postings);
    expect(await count(t.app, 'ledger_transactions')).toBe(transactions);
    const row = await t.app.db.selectFrom('deposits').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pending', provider_ref: null });
  });

  it('generates a random 256-bit secret, shown to operators only; a webhook signed with it credits once', async () => {
    const secret = await generatedSecret(t, op);
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    const player = await playerToken(t.app);
    for (const token of [player, '']) {
      const res = await call(t.app, 'GET', API.adminPayProviders, token ? auth(token) : { headers: { lang: 'en' } });
      expect(res.status).toBe(token ? 403 : 401);
      expect(res.text).not.toContain(secret);
    }
    const id = await pixDeposit(t, player, 25_000);
    const event = { id: 'evt_real_1', type: 'pix.paid', deposit_id: id, amount: 25_000 };
    const first = await deliver(t, secret, event);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ credited: true });
    expect((await deliver(t, secret, event)).body.data).toEqual({ credited: false });
    expect((await wallet(t.app, player)).balance).toBe(25_000);
    expect((await ledgerCheck(t.app.db)).ok).toBe(true);
  });
});

describe('the generated secret', () => {
  it('is the same after a restart on the same database, and when instances start together', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fd-secret-'));
    try {
      // PGlite keeps its files in DATA_DIR; on PostgreSQL a second instance opens the first one's database.
      const first = await buildTestApp({ ...BRL, DATA_DIR: dir });
      const op = await operatorToken(first.app);
      const secret = await generatedSecret(first, op);
      let second: TestApp;
      if (first.config.databaseUrl) {
        second = await buildTestApp({ ...BRL, DATABASE_URL: first.config.databaseUrl });
        // Instances racing to generate: each reads the one that was stored.
        const all = await Promise.all(
          Array.from({ length: 6 }, (_, i) =>
            providers((i % 2 ? first : second).config).secret((i % 2 ? first : second).app.db, 'sandbox'),
          ),
        );
        expect(new Set(all.map((s) => s.secret))).toEqual(new Set([secret]));
      } else {
        await first.close();
        second = await buildTestApp({ ...BRL, DATA_DIR: dir });
      }
      const op2 = await operatorToken(second.app);
      expect(await generatedSecret(second, op2)).toBe(secret);
      const player = await playerToken(second.app);
      const id = await pixDeposit(second, player, 5_000);
      const res = await deliver(second, secret, { id: 'evt_restart', type: 'pix.paid', deposit_id: id, amount: 5_000 });
      expect(res.body.data).toEqual({ credited: true });
      await second.close();
      if (first.config.databaseUrl) await first.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('never appears in the log, at any level, from start to webhook to the operator console', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const serverUrl = process.env.DATABASE_URL;
    let databaseUrl: string | undefined;
    let dropDb: (() => Promise<void>) | undefined;
    if (serverUrl) {
      // A database of its own, made through the helper (which drops it on close).
      const holder = await buildTestApp(BRL);
      databaseUrl = holder.config.databaseUrl;
      dropDb = () => holder.close();
    }
    const config = loadConfig({
      ...BRL,
      DATA_DIR: 'memory://',
      WEB_DIST: NO_WEB_DIST,
      RATE_LIMIT_MAX: '100000',
      AUTH_RATE_LIMIT_MAX: '100000',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    const app = await buildApp(config, { logger: { level: 'trace', stream } });
    try {
      await migrateToLatest(app.db);
      await seed(app.db, { now: app.clock(), currency: config.currency, timeZone: config.businessTimeZone });
      // What server.ts logs at start.
      app.log.info({ providers: await ensureProviderSecrets(app.db, providers(config)) }, 'payment provider secrets');
      await app.ready();
      const t: TestApp = { app, config, close: () => app.close() };
      const op = await operatorToken(app);
      const secret = await generatedSecret(t, op);
      const player = await playerToken(app);
      const id = await pixDeposit(t, player, 7_000);
      expect(
        (await deliver(t, secret, { id: 'evt_log', type: 'pix.paid', deposit_id: id, amount: 7_000 })).status,
      ).toBe(200);
      expect(
        (await deliver(t, 'sandbox-secret', { id: 'evt_log2', type: 'pix.paid', deposit_id: id, amount: 1 })).status,
      ).toBe(400);
      expect((await call(app, 'POST', API.adminPixSandboxConfirm, { ...auth(op), body: { id } })).status).toBe(409);
      const log = lines.join('');
      expect(lines.length).toBeGreaterThan(10);
      expect(log).toContain('payment provider secrets');
      expect(log).toContain('"source":"generated"');
      expect(log).not.toContain(secret);
    } finally {
      await app.close();
      await dropDb?.();
    }
  });
});

describe('an environment secret', () => {
  it('is used as given, and the console says where it comes from without showing it', async () => {
    const secret = 'e'.repeat(20) + 'f'.repeat(20);
    const t = await buildTestApp({ ...BRL, PIX_SANDBOX_SECRET: secret });
    try {
      const op = await operatorToken(t.app);
      const res = await call(t.app, 'GET', API.adminPayProviders, auth(op));
      expect(res.body.data).toEqual({
        providers: [{ name: 'sandbox', secret_source: 'env', secret: null, simulate: true }],
        sandbox: true,
      });
      expect(res.headers['cache-control']).toBe('no-store');
      expect(await count(t.app, 'payment_provider_secrets')).toBe(0);
      const player = await playerToken(t.app);
      const id = await pixDeposit(t, player, 3_000);
      expect(
        (await deliver(t, secret, { id: 'evt_env', type: 'pix.paid', deposit_id: id, amount: 3_000 })).body.data,
      ).toEqual({
        credited: true,
      });
    } finally {
      await t.close();
    }
  });
});

describe('PAYMENTS_SANDBOX=off', () => {
  it('removes the sandbox webhook and the operator simulate trigger (404), and tells the console', async () => {
    const t = await buildTestApp({ ...BRL, PAYMENTS_SANDBOX: 'off' });
    try {
      const op = await operatorToken(t.app);
      const player = await playerToken(t.app);
      const id = await pixDeposit(t, player, 4_000);
      const hook = await deliver(t, 'x'.repeat(64), { id: 'evt_off', type: 'pix.paid', deposit_id: id, amount: 4_000 });
      expect(hook.status).toBe(404);
      expect(hook.body.error).toBe('PROVIDER_NOT_FOUND');
      const confirm = await call(t.app, 'POST', API.adminPixSandboxConfirm, { ...auth(op), body: { id } });
      expect(confirm.status).toBe(404);
      expect(confirm.body).toMatchObject({ code: 404, error: 'NOT_FOUND' });
      const list = await call(t.app, 'GET', API.adminPayProviders, auth(op));
      expect(list.body.data).toEqual({ providers: [], sandbox: false });
      expect(await count(t.app, 'payment_provider_secrets')).toBe(0);
      expect((await wallet(t.app, player)).balance).toBe(0);
    } finally {
      await t.close();
    }
  });
});
