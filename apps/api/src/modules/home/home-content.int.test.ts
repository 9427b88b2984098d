import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { API, LANGS, homeData } from '@fairdraw/contract';
import { buildApp } from '../../app.ts';
import { buildTestApp, call } from '../../test/helper.ts';
import type { TestApp } from '../../test/helper.ts';
import { auth, guestToken, operatorToken, playerToken } from '../../test/money-helper.ts';

// The Home's content in the console: banners (image upload, link, order, schedule, per-language title and image) and
// the notice, audited before/after. GET /api/index/index runs with its cache on (a minute) and still shows only live
// banners: a kept answer ends at the next scheduled start or end, and at once when an operator changes the content.

const TTL_MS = 60_000;
const ALLOWED = 'https://promo.fairdraw.example';
let now = Date.parse('2031-06-01T08:00:00Z');
let t: TestApp;
let op: string;

beforeAll(async () => {
  t = await buildTestApp({ HOME_CACHE_MS: String(TTL_MS), REDIRECT_ALLOWLIST: ALLOWED }, { now: new Date(now) });
  t.app.setClock(() => new Date(now));
  op = await operatorToken(t.app);
});
afterAll(async () => {
  await t.close();
});

const texts = (prefix: string) => Object.fromEntries(LANGS.map((l) => [l, `${prefix} ${l}`]));
const banner = (extra: Record<string, unknown> = {}) => ({
  image: '/art/banners/2.svg',
  url: null,
  title: texts('Summer'),
  sort: -10,
  ...extra,
});
const home = async (app: FastifyInstance = t.app, lang = 'en') =>
  homeData.parse((await call(app, 'GET', API.home, { headers: { lang } })).body.data);
const titles = async (lang = 'en') => (await home(t.app, lang)).carousel.map((c) => c.title);
const saveBanner = (body: unknown, token = op) =>
  call(t.app, 'POST', API.adminHomeBannerSave, { ...auth(token), body });

async function uploadImage(app: FastifyInstance, token: string, bytes: Buffer) {
  const boundary = '----fdcontent';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="b.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await app.inject({
    method: 'POST',
    url: API.adminContentImage,
    headers: { token, lang: 'en', 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  return { status: res.statusCode, body: res.json<{ data?: { url: string }; error?: string }>() };
}

describe('banners on Home', () => {
  it('a new banner shows at once although Home is cached, with its title in each language', async () => {
    const before = await titles();
    expect(before).not.toContain('Summer en');
    const res = await saveBanner(banner());
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ live: true, sort: -10 });
    expect((await titles())[0]).toBe('Summer en');
    expect((await titles('th'))[0]).toBe('Summer th');
  });

  it('a scheduled banner appears at its start and leaves at its end, to the millisecond, within the cache time', async () => {
    const start = now + 10_000;
    const end = now + 20_000;
    const res = await saveBanner(banner({ title: texts('Flash'), starts_at: start, ends_at: end }));
    expect(res.body.data).toMatchObject({ live: false, starts_at: start, ends_at: end });
    expect(await titles()).not.toContain('Flash en');
    now = start - 1;
    expect(await titles()).not.toContain('Flash en');
    now = start;
    expect(await titles()).toContain('Flash en');
    now = end - 1;
    expect(await titles()).toContain('Flash en');
    now = end;
    expect(await titles()).not.toContain('Flash en');
    now += 1000;
  });

  it('a disabled banner is not shown; changing and deleting one show at once; all audited', async () => {
    const created = (await saveBanner(banner({ title: texts('Autumn'), sort: -20 }))).body.data as { id: number };
    expect((await titles())[0]).toBe('Autumn en');
    const off = await saveBanner(banner({ id: created.id, title: texts('Autumn'), enabled: false }));
    expect(off.body.data).toMatchObject({ live: false, enabled: false });
    expect(await titles()).not.toContain('Autumn en');
    await saveBanner(banner({ id: created.id, title: texts('Winter'), sort: -20 }));
    expect((await titles())[0]).toBe('Winter en');
    const del = await call(t.app, 'POST', API.adminHomeBannerDelete, { ...auth(op), body: { id: created.id } });
    expect(del.status).toBe(200);
    expect(await titles()).not.toContain('Winter en');

    const audit = await t.app.db
      .selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .where('target', '=', `banner:${created.id}`)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'home.banner.save',
      'home.banner.save',
      'home.banner.save',
      'home.banner.delete',
    ]);
    expect(audit[0]?.before).toBeNull();
    expect(JSON.stringify(audit[2]?.before)).toContain('Autumn en');
    expect(JSON.stringify(audit[2]?.after)).toContain('Winter en');
    expect(audit[3]?.after).toBeNull();

    const again = await call(t.app, 'POST', API.adminHomeBannerDelete, { ...auth(op), body: { id: created.id } });
    expect([again.status, again.body.error]).toEqual([404, 'BANNER_NOT_FOUND']);
    expect((await saveBanner(banner({ id: created.id }))).body.error).toBe('BANNER_NOT_FOUND');
  });

  it('links: a screen of the site or an allow-listed https address; anything else refused', async () => {
    for (const url of ['/activity', `${ALLOWED}/summer`]) {
      const res = await saveBanner(banner({ title: texts('Linked'), url, sort: -30 }));
      expect(res.status).toBe(200);
      const first = (await home()).carousel[0];
      expect(first).toMatchObject({ title: 'Linked en', url });
      await call(t.app, 'POST', API.adminHomeBannerDelete, {
        ...auth(op),
        body: { id: (res.body.data as { id: number }).id },
      });
    }
    for (const url of ['https://evil.example/', 'http://promo.fairdraw.example/', 'javascript:alert(1)', '/nowhere']) {
      const res = await saveBanner(banner({ url }));
      expect([url, res.status, res.body.error, res.body.field]).toEqual([url, 400, 'CONTENT_LINK_INVALID', 'url']);
    }
  });

  it('an uploaded picture is re-encoded, public and cacheable; a per-language picture shows in its language', async () => {
    const png = await sharp({ create: { width: 2400, height: 900, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    const up = await uploadImage(t.app, op, png);
    expect(up.status).toBe(200);
    const url = up.body.data?.url ?? '';
    expect(url).toMatch(/^\/api\/index\/image\?f=[a-f0-9]{32}\.webp$/);
    const img = await t.app.inject({ method: 'GET', url });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/webp');
    expect(img.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(img.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1500, 563]);

    const res = await saveBanner(banner({ title: texts('Pictured'), images: { th: url }, sort: -40 }));
    expect(res.status).toBe(200);
    expect((await home(t.app, 'th')).carousel[0]).toMatchObject({ title: 'Pictured th', image: url });
    expect((await home(t.app, 'en')).carousel[0]).toMatchObject({ title: 'Pictured en', image: '/art/banners/2.svg' });

    expect((await uploadImage(t.app, op, Buffer.from('not an image at all'))).body.error).toBe('IMAGE_INVALID');
    expect((await call(t.app, 'GET', `${API.contentImage}?f=../../x`)).status).toBe(404);
  });

  it('an uploaded picture writes an audit row naming the operator and the picture; a refused one writes none', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3c3' } })
      .png()
      .toBuffer();
    const up = await uploadImage(t.app, op, png);
    expect(up.status).toBe(200);
    const url = up.body.data?.url ?? '';
    const name = url.slice(url.indexOf('=') + 1);
    const rows = await t.app.db
      .selectFrom('audit_log')
      .select(['action', 'actor_account', 'before', 'after'])
      .where('target', '=', `content_image:${name}`)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'content.image_upload', before: null, after: { url } });
    expect(rows[0]?.actor_account).not.toBe('');

    const count = async () =>
      (await t.app.db.selectFrom('audit_log').select('id').where('action', '=', 'content.image_upload').execute())
        .length;
    const before = await count();
    expect((await uploadImage(t.app, op, Buffer.from('not an image'))).body.error).toBe('IMAGE_INVALID');
    expect(await count()).toBe(before);
  });
});

describe('the notice', () => {
  it('an operator sets it per language; Home shows it at once; an empty one hides it', async () => {
    const body = { ...texts('Maintenance at 02:00'), vi: '' };
    const res = await call(t.app, 'POST', API.adminHomeNotice, { ...auth(op), body: { body } });
    expect(res.status).toBe(200);
    expect((await home(t.app, 'en')).notice).toBe('Maintenance at 02:00 en');
    expect((await home(t.app, 'th')).notice).toBe('Maintenance at 02:00 th');
    expect((await home(t.app, 'vi')).notice).toBe('');
    const admin = await call(t.app, 'GET', API.adminHome, auth(op));
    expect((admin.body.data as { notice: Record<string, string> }).notice).toEqual(body);
    const row = await t.app.db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('action', '=', 'home.notice.save')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row.before)).toMatch(/demo/i);
    expect(JSON.stringify(row.after)).toContain('Maintenance at 02:00 pt');
  });
});

describe('operator only', () => {
  it('refuses players and guests (403) on every admin call, and nothing changes', async () => {
    const player = await playerToken(t.app);
    const guest = await guestToken(t.app);
    const before = await home();
    for (const token of [player, guest]) {
      expect((await call(t.app, 'GET', API.adminHome, auth(token))).status).toBe(403);
      expect((await saveBanner(banner(), token)).status).toBe(403);
      const del = await call(t.app, 'POST', API.adminHomeBannerDelete, { ...auth(token), body: { id: 1 } });
      expect(del.status).toBe(403);
      const notice = await call(t.app, 'POST', API.adminHomeNotice, { ...auth(token), body: { body: texts('x') } });
      expect(notice.status).toBe(403);
      const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
        .png()
        .toBuffer();
      expect((await uploadImage(t.app, token, png)).status).toBe(403);
    }
    expect(await home()).toEqual(before);
  });
});

describe('two instances (PostgreSQL)', () => {
  it.skipIf(!process.env.DATABASE_URL)('a change on one drops the cached Home of the other (NOTIFY)', async () => {
    const other = await buildApp(t.config);
    other.setClock(() => new Date(now));
    await other.ready();
    try {
      // Wait until the other instance listens, then fill its cache.
      const deadline = Date.now() + 5000;
      const res = await saveBanner(banner({ title: texts('Elsewhere'), sort: -50 }));
      const id = (res.body.data as { id: number }).id;
      expect((await home(other)).carousel[0]?.title).toBe('Elsewhere en');
      await call(t.app, 'POST', API.adminHomeBannerDelete, { ...auth(op), body: { id } });
      let seen = true;
      while (seen && Date.now() < deadline) {
        seen = (await home(other)).carousel.some((c) => c.title === 'Elsewhere en');
        if (seen) await new Promise((r) => setTimeout(r, 50));
      }
      expect(seen).toBe(false);
    } finally {
      await other.close();
    }
  });
});
