import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { API } from '@fairdraw/contract';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seed } from './db/seed.ts';
import { call, NO_WEB_DIST } from './test/helper.ts';

/** An app whose log lines (pino's JSON, before any formatting) are collected, one object per line. */
async function loggedApp(pretty: boolean) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const config = loadConfig({ DATA_DIR: 'memory://', WEB_DIST: NO_WEB_DIST, RATE_LIMIT_MAX: '100000' });
  const app = await buildApp(config, { logger: { level: 'info', stream }, pretty });
  await migrateToLatest(app.db);
  await seed(app.db, { now: app.clock(), currency: config.currency, timeZone: config.businessTimeZone });
  await app.ready();
  return { app, lines };
}

const PASSWORD = 'Secretpass42';

async function registerAndLogin(app: Awaited<ReturnType<typeof loggedApp>>['app']): Promise<string> {
  const body = { account: 'logreader', password: PASSWORD, confirm_password: PASSWORD, adult: true };
  expect((await call(app, 'POST', API.register, { body })).status).toBe(200);
  const login = await call(app, 'POST', API.login, { body: { account: 'logreader', password: PASSWORD } });
  expect(login.status).toBe(200);
  return (login.body as { data: { token: string } }).data.token;
}

describe('request logs', () => {
  it('for a person: one line per request, method, path, status and time, no body and no token', async () => {
    const { app, lines } = await loggedApp(true);
    try {
      const token = await registerAndLogin(app);
      const before = lines.length;
      await call(app, 'GET', '/healthz');
      await call(app, 'GET', '/api/no-such-call');
      const mine = lines.slice(before);
      expect(mine.map((l) => l.msg)).toEqual([
        expect.stringMatching(/^GET \/healthz → 200 \(\d+ ms\)$/),
        expect.stringMatching(/^GET \/api\/no-such-call → 404 NOT_FOUND \(\d+ ms\)$/),
      ]);
      const wrong = await call(app, 'POST', API.login, { body: { account: 'logreader', password: `${PASSWORD}x` } });
      expect(String(lines.at(-1)?.msg)).toMatch(
        new RegExp(`^POST ${API.login} → ${wrong.status} INCORRECT_CREDENTIALS \\(\\d+ ms\\)$`),
      );
      const all = JSON.stringify(lines);
      expect(all).toContain(`POST ${API.login} → 200`);
      expect(all).not.toContain(PASSWORD);
      expect(all).not.toContain(token);
    } finally {
      await app.close();
    }
  });

  it('for machines: JSON with the request and response objects, as Fastify writes them', async () => {
    const { app, lines } = await loggedApp(false);
    try {
      const token = await registerAndLogin(app);
      const before = lines.length;
      await call(app, 'GET', '/healthz');
      const mine = lines.slice(before);
      expect(mine.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
      expect(mine[0]).toMatchObject({ req: { method: 'GET', url: '/healthz' } });
      expect(mine[1]).toMatchObject({ res: { statusCode: 200 } });
      const all = JSON.stringify(lines);
      expect(all).not.toContain(PASSWORD);
      expect(all).not.toContain(token);
    } finally {
      await app.close();
    }
  });
});
