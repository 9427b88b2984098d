import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'kysely';
import { API } from '@fairdraw/contract';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { ledgerCheck } from '../modules/ledger/ledger.service.ts';
import { buildTestApp, call, NO_WEB_DIST } from '../test/helper.ts';
import { migrateFor } from './runtime-role.ts';
import { seed } from './seed.ts';
import type { TestApp, TestRoles } from '../test/helper.ts';
import { auth, guestToken, operatorToken, wallet } from '../test/money-helper.ts';
import { readyPlayer, submitWithdraw, FUND_PASSWORD } from '../test/withdraw-helper.ts';
import { purgeExpiredKeys } from '../plugins/idempotency.ts';
import type { PeriodEvent } from '../modules/draws/events.ts';

// docs/trust.md 4 on PostgreSQL: migrations run as the owner, the API as a runtime role that owns nothing and may only
// insert and read the append-only tables, so no code path, bug or injection in the API can rewrite money history,
// nor drop the triggers that would refuse it. PGlite has one (superuser) role: there only the triggers apply.
const APPEND_ONLY = ['ledger_postings', 'ledger_transactions', 'audit_log'] as const;

describe.skipIf(!process.env.DATABASE_URL)('two roles: owner migrates, the API runs as a runtime role', () => {
  let t: TestApp;
  let roles: TestRoles;
  let runtime: pg.Client;
  beforeAll(async () => {
    t = await buildTestApp({ GAME_CYCLE_OVERRIDE_SECONDS: '10' }, { twoRoles: true });
    if (!t.roles) throw new Error('no roles');
    roles = t.roles;
    runtime = new pg.Client({ connectionString: roles.runtimeUrl });
    await runtime.connect();
  });
  afterAll(async () => {
    await runtime?.end();
    await t?.close();
  });

  /** The SQLSTATE a statement fails with as the runtime role, or 'ok'. */
  const as = async (client: pg.Client, text: string, values: unknown[] = []) => {
    try {
      await client.query(text, values);
      return 'ok';
    } catch (err) {
      return (err as { code?: string }).code ?? String(err);
    }
  };
  const INSUFFICIENT_PRIVILEGE = '42501';

  it('the app connects as the runtime role, which is neither superuser nor owner nor member of the owner', async () => {
    const { rows } = await runtime.query<{ me: string; su: boolean; member: boolean; owner: string }>(
      `select current_user as me, (select rolsuper from pg_roles where rolname = current_user) as su,
              pg_has_role(current_user, $1, 'USAGE') as member,
              (select tableowner from pg_tables where tablename = 'ledger_postings') as owner`,
      [roles.owner],
    );
    expect(rows[0]).toEqual({ me: roles.runtime, su: false, member: false, owner: roles.owner });
    expect(t.config.databaseUrl).toBe(roles.runtimeUrl);
    const { rows: appRole } = await sql<{ u: string }>`select current_user as u`.execute(t.app.db);
    expect(appRole[0]?.u).toBe(roles.runtime);
  });

  it('runs a realistic day: register, guest bet settled by the scheduler, deposit approved, withdrawal paid, void, break, key purge', async () => {
    const app = t.app;
    const op = await operatorToken(app);
    // LISTEN as the runtime role: the period bus hears the scheduler's NOTIFY.
    const heard: PeriodEvent[] = [];
    const unsubscribe = await app.periodEvents.subscribe((e) => heard.push(e));
    // The scheduler as the runtime role: advisory lock, creating, opening, sealing, drawing, settling periods. It
    // runs on the app's clock, which stands still until the test moves it past the bet's draw.
    let now = Date.now();
    app.setClock(() => new Date(now));
    const scheduler = app.startDrawScheduler({ intervalMs: 200 });
    try {
      const k3 = (await app.db.selectFrom('games').select('id').where('code', '=', 'df_k3').executeTakeFirstOrThrow())
        .id;
      const guest = await guestToken(app);
      const demoBefore = (await wallet(app, guest)).balance;
      const items = await call(app, 'GET', `${API.playItems}?group_id=${k3}`, auth(guest));
      expect(items.status).toBe(200);
      const playId = (items.body.data as { items: { id: number }[] }[])[0]?.items[0]?.id;
      // A bet goes through place_bet_slips (the batch SQL function, SECURITY INVOKER) with an idempotency key.
      let placed: Awaited<ReturnType<typeof call>> | undefined;
      let drawAt = 0;
      for (let i = 0; i < 40 && placed?.status !== 200; i++) {
        const cur = await call(app, 'POST', `${API.currentGame}?games_id=${k3}`);
        const { issue, draw_at } = cur.body.data as { issue: string | null; draw_at: number | null };
        drawAt = draw_at ?? 0;
        if (issue) {
          placed = await call(app, 'POST', API.bet, {
            ...auth(guest, { 'idempotency-key': `runtime-bet-${i}` }),
            body: { games_id: k3, issue, items: [{ play_id: playId, amount: 100 }] },
          });
        }
        if (placed?.status !== 200) {
          // No period open yet, or the current one sealed: two seconds pass on the app's clock, and the scheduler's
          // next step (every 200 ms) opens what is due.
          now += 2_000;
          await new Promise((r) => setTimeout(r, 250));
        }
      }
      expect(placed?.status, placed?.text).toBe(200);
      const slipIssue = (placed?.body.data as { issue: string }).issue;
      now = Math.max(now, drawAt);
      // Drawn and settled by the scheduler (temporary tables, ledger batch), announced over LISTEN.
      await expect
        .poll(
          async () => {
            const list = await call(app, 'GET', `${API.betList}?status=settled`, auth(guest));
            return (list.body.data as { list: { issue: string }[] }).list.some((s) => s.issue === slipIssue);
          },
          { timeout: 30_000, interval: 300 },
        )
        .toBe(true);
      expect(heard.some((e) => e.kind === 'result')).toBe(true);
      expect(heard.some((e) => e.kind === 'settled' && e.issue === slipIssue)).toBe(true);
      expect((await wallet(app, guest)).balance).not.toBe(demoBefore);

      // Register, set a fund password, bind a card, deposit (approved by the operator), withdraw (paid).
      const p = await readyPlayer(app, op, 50_000);
      expect((await wallet(app, p.token)).balance).toBe(50_000);
      const w = await submitWithdraw(
        app,
        p.token,
        { amount: 20_000, payout_id: p.payoutId, fund_password: FUND_PASSWORD },
        'runtime-withdraw-1',
      );
      expect(w.status, w.text).toBe(200);
      const wid = (w.body.data as { id: number }).id;
      const paid = await call(app, 'POST', API.adminWithdrawApprove, { ...auth(op), body: { id: wid } });
      expect(paid.status, paid.text).toBe(200);
      expect((await wallet(app, p.token)).balance).toBe(30_000);

      // The operator voids a future period (periods UPDATE under its guard trigger; refunds; audit row).
      const future = await app.db
        .selectFrom('periods')
        .select('issue')
        .where('game_id', '=', k3)
        .where('status', '=', 'scheduled')
        .orderBy('draw_at', 'desc')
        .executeTakeFirstOrThrow();
      const voided = await call(app, 'POST', API.adminPeriodVoid, {
        ...auth(op),
        body: { games_id: k3, issue: future.issue, reason: 'runtime role test' },
      });
      expect(voided.status, voided.text).toBe(200);

      // A time-out (self_exclusions: insert only) and a purge of idempotency keys (DELETE).
      const pause = await call(app, 'POST', API.protectionExclude, {
        ...auth(p.token),
        body: { kind: 'timeout_24h', password: p.password, confirm: true },
      });
      expect(pause.status, pause.text).toBe(200);
      await sql`update idempotency_keys set created_at = now() - interval '30 days' where key = 'runtime-withdraw-1'`.execute(
        app.db,
      );
      expect(await purgeExpiredKeys(app.db)).toBeGreaterThanOrEqual(1);

      const check = await call(app, 'GET', API.adminLedgerCheck, auth(op));
      expect(check.status, check.text).toBe(200);
      expect(check.body.data).toMatchObject({ ok: true });
    } finally {
      await scheduler.stop();
      unsubscribe();
      app.setClock(undefined);
    }
  }, 60_000);

  it.each(APPEND_ONLY)('%s: the runtime role may insert and read, and nothing else', async (table) => {
    expect(await as(runtime, `select count(*) from ${table}`)).toBe('ok');
    // Inserts work (rolled back: the ledger stays as the flow left it).
    await runtime.query('begin');
    try {
      if (table === 'audit_log') {
        expect(
          await as(runtime, `insert into audit_log (actor_account, action, target) values ('t', 'test', 'runtime')`),
        ).toBe('ok');
      } else {
        expect(
          await as(
            runtime,
            `insert into ledger_transactions (kind, reference, created_at) values ('test', 'runtime-role', '2031-01-01Z')`,
          ),
        ).toBe('ok');
        if (table === 'ledger_postings') {
          expect(
            await as(
              runtime,
              `insert into ledger_postings (transaction_id, account_id, amount)
               select (select max(id) from ledger_transactions), id, 1 from ledger_accounts limit 1`,
            ),
          ).toBe('ok');
        }
      }
    } finally {
      await runtime.query('rollback');
    }
    expect(await as(runtime, `select count(*) from ${table}`)).toBe('ok');
    const [trigger] = (
      await runtime.query<{ tgname: string }>(
        `select tgname from pg_trigger where tgrelid = $1::regclass and not tgisinternal order by tgname`,
        [table],
      )
    ).rows;
    expect(trigger?.tgname).toBeDefined();
    const refused = [
      `update ${table} set id = id`,
      `delete from ${table}`,
      `truncate ${table}`,
      `truncate ${table} cascade`,
      `alter table ${table} add column sneaky int`,
      `alter table ${table} disable trigger all`,
      `alter table ${table} disable trigger user`,
      `alter table ${table} disable trigger ${trigger?.tgname ?? ''}`,
      `drop trigger ${trigger?.tgname ?? ''} on ${table}`,
      `create trigger sneaky before insert on ${table} for each row execute function fd_append_only()`,
      `alter table ${table} owner to ${roles.runtime}`,
      `grant update on ${table} to ${roles.runtime}`,
      `drop table ${table}`,
    ];
    for (const statement of refused) {
      // `grant` by a non-owner is only a warning in PostgreSQL: it must leave the privilege ungranted.
      const outcome = await as(runtime, statement);
      if (statement.startsWith('grant')) expect(outcome, statement).toMatch(/^(ok|42501)$/);
      else expect(outcome, statement).toBe(INSUFFICIENT_PRIVILEGE);
    }
    const { rows } = await runtime.query<{ u: boolean; d: boolean; tr: boolean }>(
      `select has_table_privilege($1, 'UPDATE') as u, has_table_privilege($1, 'DELETE') as d,
              has_table_privilege($1, 'TRUNCATE') as tr`,
      [table],
    );
    expect(rows[0]).toEqual({ u: false, d: false, tr: false });
  });

  it('the runtime role cannot touch the migration history nor grant itself more; the owner can (and the trigger still holds for it)', async () => {
    expect(await as(runtime, `select * from kysely_migration`)).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await as(runtime, `select fd_grant_runtime($1)`, [roles.runtime])).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await as(runtime, `create table public.sneaky (id int)`)).toBe(INSUFFICIENT_PRIVILEGE);
    const owner = new pg.Client({ connectionString: roles.ownerUrl });
    await owner.connect();
    try {
      // For the owner, the trigger refuses (PGlite's and a one-role site's protection): it may update the key column
      // (foreign-key checks lock rows as the owner), yet no row changes.
      expect(await as(owner, `update ledger_transactions set id = id`)).toBe('55000');
      // The grant refuses a runtime role that would weaken this.
      expect(await as(owner, `select fd_grant_runtime($1)`, [roles.owner])).toBe('22023');
    } finally {
      await owner.end();
    }
  });
});

describe.skipIf(!process.env.DATABASE_URL)('one role that is not a superuser (MIGRATION_DATABASE_URL unset)', () => {
  it('migrates, seeds and moves money as before; the append-only tables refuse it UPDATE, DELETE, TRUNCATE', async () => {
    const serverUrl = process.env.DATABASE_URL ?? '';
    const suffix = randomBytes(6).toString('hex');
    const [role, dbName] = [`fd_single_${suffix}`, `fd_test_${suffix}`];
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create role ${role} login`);
    await admin.query(`create database ${dbName} owner ${role}`);
    const url = new URL(serverUrl);
    url.pathname = `/${dbName}`;
    url.username = role;
    url.password = '';
    const config = loadConfig({
      DATA_DIR: 'memory://',
      WEB_DIST: NO_WEB_DIST,
      LOG_LEVEL: 'silent',
      DATABASE_URL: url.toString(),
    });
    const app = await buildApp(config);
    try {
      expect(await migrateFor(config, app.db)).toContain('2026_11_23_0017_runtime_role');
      await seed(app.db, { now: app.clock(), operator: undefined, timeZone: config.businessTimeZone });
      await app.ready();
      // A guest's demo grant inserts a ledger transaction and its postings (a foreign key checked as the owner).
      const guest = await guestToken(app);
      expect((await wallet(app, guest)).balance).toBeGreaterThan(0);
      const op = await operatorToken(app);
      const p = await readyPlayer(app, op, 20_000);
      expect((await wallet(app, p.token)).balance).toBe(20_000);
      for (const statement of [
        'update audit_log set action = action',
        'delete from ledger_postings',
        'truncate audit_log',
      ])
        expect(
          await sql
            .raw(statement)
            .execute(app.db)
            .then(
              () => 'ok',
              (err: { code?: string }) => err.code,
            ),
          statement,
        ).toBe('42501');
      expect((await ledgerCheck(app.db)).ok).toBe(true);
    } finally {
      await app.close();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.query(`drop role if exists ${role}`);
      await admin.end();
    }
  }, 30_000);
});
