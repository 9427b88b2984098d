import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@fairdraw/contract';
import { buildTestApp, call } from '../../test/helper.ts';
import type { TestApp } from '../../test/helper.ts';
import { isListening, startServer } from '../../test/process-helper.ts';
import { freePorts } from '../../test/free-ports.ts';
import type { ServerProcess } from '../../test/process-helper.ts';
import { ensureFirstOperator } from './operators.service.ts';

// The first operator's generated password goes to a file under DATA_DIR that only the server's user can read, and
// is never printed or logged (README "Operators"). The first test runs the real server, as `npm start` does, and
// reads everything it writes.

const onPostgres = Boolean(process.env.DATABASE_URL);
/** The name README "Operators" gives. */
const OPERATOR_PASSWORD_FILE = 'operator-password.txt';
const dirs: string[] = [];
const servers: ServerProcess[] = [];

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'fd-first-op-'));
  dirs.push(dir);
  return dir;
}

const passwordIn = (text: string) => /^password: (\S+)$/m.exec(text)?.[1];

async function start(name: string, env: Record<string, string>): Promise<{ s: ServerProcess; base: string }> {
  const s = startServer(name, env);
  servers.push(s);
  const line = await s.waitFor(isListening, 90_000);
  const base = /listening on (http:\/\/\S+)/.exec(String(line.msg))?.[1] ?? '';
  return { s, base };
}

async function login(base: string, account: string, password: string) {
  const res = await fetch(`${base}${API.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, password }),
  });
  return { status: res.status, body: (await res.json()) as { data?: { userInfo?: { role?: string } } } };
}

afterAll(async () => {
  for (const s of servers) await s.kill();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('the first operator (real server process)', () => {
  it('writes the password to DATA_DIR/operator-password.txt (0600), logs only the path, and never rewrites it', async () => {
    const dataDir = tempDir();
    const [metricsPort] = await freePorts(1);
    // A fresh embedded database in DATA_DIR, whatever the test run's engine.
    const env = { DATA_DIR: dataDir, DATABASE_URL: '', METRICS_PORT: String(metricsPort) };
    const first = await start('first', env);
    const file = join(dataDir, OPERATOR_PASSWORD_FILE);
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const text = readFileSync(file, 'utf8');
    const password = passwordIn(text);
    expect(password).toMatch(/^[A-Za-z0-9]{16}$/);
    // The log says where the password is, never what it is.
    expect(first.s.output()).not.toContain(password);
    expect(first.s.lines.some((l) => l.passwordFile === file && String(l.msg).includes(file))).toBe(true);

    const ok = await login(first.base, 'operator', password ?? '');
    expect(ok.status).toBe(200);
    expect(ok.body.data?.userInfo?.role).toBe('operator');

    // The same process serves metrics on its own listener only.
    const publicMetrics = await fetch(`${first.base}/metrics`);
    expect(publicMetrics.status).toBe(404);
    expect(await publicMetrics.text()).not.toContain('process_cpu_user_seconds_total');
    const metrics = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain('http_request_duration_seconds_count');

    await first.s.kill('SIGTERM');
    const mtime = statSync(file).mtimeMs;
    const second = await start('second', env);
    expect(readFileSync(file, 'utf8')).toBe(text);
    expect(statSync(file).mtimeMs).toBe(mtime);
    expect(second.s.lines.some((l) => l.passwordFile !== undefined)).toBe(false);
    expect((await login(second.base, 'operator', password ?? '')).status).toBe(200);
    await second.s.kill('SIGTERM');
  }, 180_000);

  it.skipIf(!onPostgres)(
    'on PostgreSQL, DATA_DIR is created for the file if missing',
    async () => {
      const t = await buildTestApp();
      try {
        const dataDir = join(tempDir(), 'not', 'yet');
        const { s, base } = await start('pg', { DATA_DIR: dataDir, DATABASE_URL: t.config.databaseUrl ?? '' });
        const file = join(dataDir, OPERATOR_PASSWORD_FILE);
        expect(statSync(file).mode & 0o777).toBe(0o600);
        const password = passwordIn(readFileSync(file, 'utf8')) ?? '';
        expect(s.output()).not.toContain(password);
        expect((await login(base, 'operator', password)).status).toBe(200);
        await s.kill('SIGTERM');
      } finally {
        await t.close();
      }
    },
    120_000,
  );
});

describe('ensureFirstOperator', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const operators = async () =>
    (await t.app.db.selectFrom('users').select('id').where('role', '=', 'operator').execute()).length;

  it('never overwrites an existing file: no operator is made, the file is untouched', async () => {
    const file = join(tempDir(), OPERATOR_PASSWORD_FILE);
    writeFileSync(file, 'password: from-an-earlier-database\n', { mode: 0o600 });
    expect(await ensureFirstOperator(t.app.db, file, t.app.clock())).toEqual({
      kind: 'file-exists',
      passwordFile: file,
    });
    expect(await operators()).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe('password: from-an-earlier-database\n');
  });

  it('without a file (in-memory DATA_DIR) makes no operator', async () => {
    expect(await ensureFirstOperator(t.app.db, undefined, t.app.clock())).toEqual({ kind: 'no-file' });
    expect(await operators()).toBe(0);
  });

  it('creates one operator whose password is in the file; a second call changes nothing', async () => {
    const file = join(tempDir(), 'sub', OPERATOR_PASSWORD_FILE);
    const made = await ensureFirstOperator(t.app.db, file, t.app.clock());
    expect(made).toEqual({ kind: 'created', account: 'operator', passwordFile: file });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const text = readFileSync(file, 'utf8');
    const res = await call(t.app, 'POST', API.login, { body: { account: 'operator', password: passwordIn(text) } });
    expect(res.status).toBe(200);
    expect(await ensureFirstOperator(t.app.db, file, t.app.clock())).toEqual({ kind: 'not-needed' });
    expect(readFileSync(file, 'utf8')).toBe(text);
    expect(await operators()).toBe(1);
  });
});
