import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@fairdraw/contract';
import { buildTestApp, call, registerPlayer } from '../test/helper.ts';
import type { TestApp } from '../test/helper.ts';
import { auth } from '../test/money-helper.ts';
import { sleep } from '../test/process-helper.ts';

// Checked sessions are kept in memory (plugins/auth.ts) and forgotten when a trigger announces a change to their
// user (migration 0012): in process on PGlite, over LISTEN on PostgreSQL (where the announcement takes a moment).

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.ready();
});
afterAll(async () => {
  await t.close();
});

const profile = (token: string) => call(t.app, 'GET', API.profile, auth(token));

/** Waits (up to 2 s) until `token` is answered with `status`. */
async function until(token: string, status: number): Promise<number> {
  const deadline = Date.now() + 2_000;
  for (;;) {
    const res = await profile(token);
    if (res.status === status || Date.now() > deadline) return res.status;
    await sleep(20);
  }
}

describe('the session cache', () => {
  it('keeps a checked session: without the announcement, a revocation in the database is not seen', async () => {
    const p = await registerPlayer(t.app);
    expect((await profile(p.token)).status).toBe(200);
    // Silence the trigger: the revocation is then invisible to the cache, which proves the session is kept.
    await sql`alter table sessions disable trigger sessions_session_change`.execute(t.app.db);
    try {
      await sql`update sessions set revoked_at = now() where revoked_at is null and user_id =
        (select id from users where account = ${p.account})`.execute(t.app.db);
      expect((await profile(p.token)).status).toBe(200);
    } finally {
      await sql`alter table sessions enable trigger sessions_session_change`.execute(t.app.db);
    }
    // Any announced change of that user forgets the session; the next request reads it revoked.
    await sql`update users set nickname = nickname where account = ${p.account}`.execute(t.app.db);
    expect(await until(p.token, 401)).toBe(401);
  });

  it('forgets a session revoked by another writer (another instance, an operator) once it commits', async () => {
    const p = await registerPlayer(t.app);
    expect((await profile(p.token)).status).toBe(200);
    await sql`update sessions set revoked_at = now() where revoked_at is null and user_id =
      (select id from users where account = ${p.account})`.execute(t.app.db);
    expect(await until(p.token, 401)).toBe(401);
  });

  it('a logout ends the session for the very next request', async () => {
    const p = await registerPlayer(t.app);
    expect((await profile(p.token)).status).toBe(200);
    expect((await call(t.app, 'POST', API.logout, auth(p.token))).status).toBe(200);
    expect((await profile(p.token)).status).toBe(401);
  });

  it('a new fund password shows in the very next answer', async () => {
    const p = await registerPlayer(t.app);
    const before = await profile(p.token);
    expect((before.body.data as { has_fund_password: boolean }).has_fund_password).toBe(false);
    const set = await call(t.app, 'POST', API.fundPassword, {
      ...auth(p.token),
      body: { password: '135790', confirm_password: '135790' },
    });
    expect(set.status, set.text).toBe(200);
    const after = await profile(p.token);
    expect((after.body.data as { has_fund_password: boolean }).has_fund_password).toBe(true);
  });
});
