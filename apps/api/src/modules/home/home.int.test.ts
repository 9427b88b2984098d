import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, homeData } from '@fairdraw/contract';
import { buildTestApp, call, registerPlayer } from '../../test/helper.ts';
import type { TestApp } from '../../test/helper.ts';

const TTL_MS = 60_000;

// The whole file runs on a fake clock: the cache ages only when a test moves it, so every assertion holds however
// slow the machine (a real minute never passes here).
let t: TestApp;
let now = Date.parse('2031-03-01T08:00:00Z');
beforeAll(async () => {
  t = await buildTestApp({ HOME_CACHE_MS: String(TTL_MS) });
  t.app.setClock(() => new Date(now));
});
afterAll(async () => {
  await t.close();
});

async function setNotice(text: string) {
  const body = JSON.stringify({ th: text, en: text, 'zh-cn': text, 'zh-hk': text, vi: text, pt: text });
  await t.app.db.updateTable('notices').set({ body }).execute();
}

const notice = async (lang: string) =>
  homeData.parse((await call(t.app, 'GET', API.home, { headers: { lang } })).body.data).notice;

describe('GET /api/index/index with the Home cache on', () => {
  it('answers the envelope as JSON, the same bytes for a guest and a logged-in player', async () => {
    const anonymous = await call(t.app, 'GET', API.home, { headers: { lang: 'en' } });
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(anonymous.body).toMatchObject({ code: 200, msg: 'success' });
    const data = homeData.parse(anonymous.body.data);
    expect(data.carousel).toHaveLength(3);
    expect(data.notice).toMatch(/demo/i);

    // Nothing of the caller is in Home: a player's token changes nothing.
    const player = await registerPlayer(t.app);
    const loggedIn = await call(t.app, 'GET', API.home, { headers: { lang: 'en', token: player.token } });
    expect(loggedIn.text).toBe(anonymous.text);
  });

  it('keeps the answer of a language for the time to live, each language apart', async () => {
    await setNotice('first');
    expect(await notice('pt')).toBe('first');
    await setNotice('second');
    // Within the time to live the cached answer stands, to its last millisecond; a language not asked yet reads the
    // database.
    now += TTL_MS;
    expect(await notice('pt')).toBe('first');
    expect(await notice('vi')).toBe('second');
    // Past the time to live the answer is read again: the kept one goes once more meanwhile, then the new one.
    now += 1;
    expect(await notice('pt')).toBe('first');
    await expect.poll(() => notice('pt')).toBe('second');
    // Each language's time to live runs from its own load: 'vi' was read a millisecond before 'pt'.
    await setNotice('fourth');
    now += TTL_MS - 1;
    expect(await notice('vi')).toBe('second');
    now += 1;
    expect(await notice('vi')).toBe('second');
    await expect.poll(() => notice('vi')).toBe('fourth');
    // An answer twice the time to live old is never sent: the request waits for the database.
    await setNotice('fifth');
    now += 2 * TTL_MS;
    expect(await notice('vi')).toBe('fifth');
  });

  it('answers concurrent requests alike', async () => {
    await setNotice('third');
    now += TTL_MS;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call(t.app, 'GET', API.home, { headers: { lang: 'zh-cn' } })),
    );
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.text).toBe(answers[0]?.text);
    }
    expect(homeData.parse(answers[0]?.body.data).notice).toBe('third');
  });
});
