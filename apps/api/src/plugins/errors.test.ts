import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import configPlugin from './config.ts';
import i18nPlugin from './i18n.ts';
import errorsPlugin, { classifyError } from './errors.ts';
import { AppError } from '../lib/app-error.ts';

const ALLOWED = 'https://pay.example.com';

async function smallApp(): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  await app.register(configPlugin, {
    config: loadConfig({ REDIRECT_ALLOWLIST: `${ALLOWED}, https://cdn.example.org:8443` }),
  });
  await app.register(i18nPlugin);
  await app.register(errorsPlugin);
  app.get<{ Querystring: { to: string } }>('/go', (request, reply) => reply.navigate(request.query.to));
  await app.ready();
  return app;
}

describe('reply.navigate', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await smallApp();
  });
  afterAll(async () => {
    await app.close();
  });

  const go = (to: string, lang = 'en') => app.inject({ method: 'GET', url: '/go', query: { to }, headers: { lang } });

  it.each([`${ALLOWED}/pix?id=1`, `${ALLOWED}`, 'https://cdn.example.org:8443/a', 'https://PAY.example.com/x'])(
    'sends code 301 for allow-listed %s',
    async (to) => {
      const res = await go(to);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ code: 301, msg: 'redirect', data: to });
    },
  );

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '//evil.example',
    '/\\evil.example',
    'https://pay.example.com@evil.example/',
    'https://user:pw@pay.example.com/',
    'http://pay.example.com/',
    'https://pay.example.com:444/',
    'https://pay.example.com.evil.example/',
    'https://evil.example/?https://pay.example.com',
    'https://cdn.example.org/a',
    'https:\\\\evil.example',
    ' https://pay.example.com/',
    'https://pay.example.com/\n',
    'pay.example.com',
    '',
  ])('refuses %j with REDIRECT_NOT_ALLOWED', async (to) => {
    const res = await go(to);
    expect(res.statusCode).toBe(500);
    const body = res.json<{ code: number; error: string; msg: string; data: unknown }>();
    expect(body).toMatchObject({
      code: 500,
      error: 'REDIRECT_NOT_ALLOWED',
      msg: 'This destination is not allowed',
      data: null,
    });
    expect(res.body).not.toContain('evil');
  });

  it('refuses everything when the allow-list is empty', async () => {
    const empty = Fastify({ logger: false });
    await empty.register(configPlugin, { config: loadConfig({}) });
    await empty.register(i18nPlugin);
    await empty.register(errorsPlugin);
    empty.get('/go', (_request, reply) => reply.navigate(ALLOWED));
    const res = await empty.inject({ method: 'GET', url: '/go' });
    expect(res.json<{ error: string }>().error).toBe('REDIRECT_NOT_ALLOWED');
    await empty.close();
  });

  it('translates by the lang header, Thai by default', async () => {
    const th = await go('javascript:x', '');
    expect(th.json<{ msg: string }>().msg).toBe('ปลายทางนี้ไม่ได้รับอนุญาต');
    const unknown = await go('javascript:x', 'xx');
    expect(unknown.json<{ msg: string }>().msg).toBe('ปลายทางนี้ไม่ได้รับอนุญาต');
  });
});

describe('classifyError', () => {
  it('maps app errors by key, with params and field', () => {
    expect(classifyError(new AppError('TOO_MANY_LOGIN_ATTEMPTS', { params: { minutes: 3 } }))).toEqual({
      status: 429,
      key: 'TOO_MANY_LOGIN_ATTEMPTS',
      params: { minutes: 3 },
    });
    expect(classifyError(new AppError('PASSWORDS_DO_NOT_MATCH', { field: 'confirm_password' })).field).toBe(
      'confirm_password',
    );
  });

  it('maps fastify body errors to 4xx keys', () => {
    const e = (code: string, statusCode: number) => Object.assign(new Error('x'), { code, statusCode });
    expect(classifyError(e('FST_ERR_CTP_INVALID_JSON_BODY', 400)).key).toBe('INVALID_JSON');
    expect(classifyError(e('FST_ERR_CTP_BODY_TOO_LARGE', 413))).toMatchObject({
      status: 413,
      key: 'PAYLOAD_TOO_LARGE',
    });
    expect(classifyError(e('FST_ERR_CTP_INVALID_MEDIA_TYPE', 415))).toMatchObject({
      status: 415,
      key: 'UNSUPPORTED_MEDIA_TYPE',
    });
    expect(classifyError(new SyntaxError('Unexpected token'))).toMatchObject({ status: 400, key: 'INVALID_JSON' });
    expect(classifyError(e('SOMETHING', 405))).toMatchObject({ status: 405, key: 'VALIDATION_FAILED' });
  });

  it('maps anything else to 500 INTERNAL', () => {
    expect(classifyError(new Error('boom'))).toEqual({ status: 500, key: 'INTERNAL', params: {} });
    expect(classifyError('a string')).toEqual({ status: 500, key: 'INTERNAL', params: {} });
    expect(classifyError(null)).toEqual({ status: 500, key: 'INTERNAL', params: {} });
  });
});
