import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, LANGS } from '@fairdraw/contract';
import { buildTestApp, call } from '../../test/helper.ts';
import type { TestApp } from '../../test/helper.ts';
import { auth, guestToken, operatorToken, playerToken } from '../../test/money-helper.ts';

// Promotions (/activity): anyone reads the live ones (start inclusive, end exclusive, by the API's clock); operators
// create, change and delete them, each change audited before/after; a link is a screen of the site, never an address.

const START = Date.parse('2031-05-01T00:00:00Z');
const END = Date.parse('2031-05-08T00:00:00Z');
let now = START - 60_000;
let t: TestApp;
let op: string;

const texts = (prefix: string) => Object.fromEntries(LANGS.map((l) => [l, `${prefix} ${l}`]));
const promo = (extra: Record<string, unknown> = {}) => ({
  title: texts('Weekend boost'),
  body: texts('Deposit on Saturday and play.'),
  image: '/art/banners/1.svg',
  link: '/kuaisan?type=k3_1',
  starts_at: START,
  ends_at: END,
  ...extra,
});

beforeAll(async () => {
  t = await buildTestApp({}, { now: new Date(now) });
  t.app.setClock(() => new Date(now));
  op = await operatorToken(t.app);
});
afterAll(async () => {
  await t.close();
});

const list = async (lang = 'en') => call(t.app, 'GET', `${API.activityList}?page=1&limit=50`, { headers: { lang } });
const ids = async () => ((await list()).body.data as { list: { id: number }[] }).list.map((p) => p.id);
const save = (body: unknown, token = op) => call(t.app, 'POST', API.adminActivitySave, { ...auth(token), body });

describe('promotions', () => {
  it('a fresh site shows one, labelled demo in every language, leading to the draw history', async () => {
    type Listed = { id: number; title: string; link: string | null };
    for (const lang of LANGS) {
      const listed = ((await list(lang)).body.data as { list: Listed[] }).list;
      expect(listed).toHaveLength(1);
      expect(listed[0]!.link).toBe('/history');
      const demo = {
        th: '(สาธิต)',
        en: '(demo)',
        'zh-cn': '（演示）',
        'zh-hk': '（示範）',
        vi: '(demo)',
        pt: '(demonstração)',
      };
      expect(listed[0]!.title).toContain(demo[lang]);
    }
  });

  it('an operator creates one; players see it only while it is live (start inclusive, end exclusive)', async () => {
    const res = await save(promo());
    expect(res.status).toBe(200);
    const created = res.body.data as { id: number; live: boolean; title: Record<string, string> };
    expect(created.live).toBe(false);
    expect(created.title.th).toBe('Weekend boost th');

    expect(await ids()).not.toContain(created.id);
    expect((await call(t.app, 'GET', `${API.activityDetail}?id=${created.id}`)).status).toBe(404);

    now = START - 1;
    expect(await ids()).not.toContain(created.id);
    now = START;
    expect(await ids()).toContain(created.id);
    const detail = await call(t.app, 'GET', `${API.activityDetail}?id=${created.id}`, { headers: { lang: 'th' } });
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({
      id: created.id,
      title: 'Weekend boost th',
      body: 'Deposit on Saturday and play. th',
      link: '/kuaisan?type=k3_1',
      image: '/art/banners/1.svg',
      starts_at: START,
      ends_at: END,
    });
    now = END - 1;
    expect(await ids()).toContain(created.id);
    now = END;
    expect(await ids()).not.toContain(created.id);
    const gone = await call(t.app, 'GET', `${API.activityDetail}?id=${created.id}`, { headers: { lang: 'en' } });
    expect(gone.status).toBe(404);
    expect(gone.body.error).toBe('PROMOTION_NOT_FOUND');
    now = START + 1000;
  });

  it('lists live ones by their order and pages with has_more', async () => {
    const a = (await save(promo({ sort: 2 }))).body.data as { id: number };
    const b = (await save(promo({ sort: 1 }))).body.data as { id: number };
    const hidden = (await save(promo({ sort: 0, enabled: false }))).body.data as { id: number };
    const all = await ids();
    expect(all.indexOf(b.id)).toBeLessThan(all.indexOf(a.id));
    expect(all).not.toContain(hidden.id);
    const page1 = await call(t.app, 'GET', `${API.activityList}?page=1&limit=1`);
    expect(page1.body.data).toMatchObject({ page: 1, limit: 1, has_more: true });
    const last = await call(t.app, 'GET', `${API.activityList}?page=${all.length}&limit=1`);
    expect(last.body.data).toMatchObject({ has_more: false });
  });

  it('an operator changes and deletes one; both are in the audit log with before and after', async () => {
    const created = (await save(promo())).body.data as { id: number };
    const changed = await save(promo({ id: created.id, title: texts('Changed'), link: null }));
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ id: created.id, link: null, live: true });
    const shown = await call(t.app, 'GET', `${API.activityDetail}?id=${created.id}`, { headers: { lang: 'vi' } });
    expect(shown.body.data).toMatchObject({ title: 'Changed vi', link: null });

    const audit = await t.app.db
      .selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .where('target', '=', `promotion:${created.id}`)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['activity.save', 'activity.save']);
    expect(audit[0]?.before).toBeNull();
    expect(JSON.stringify(audit[1]?.before)).toContain('Weekend boost en');
    expect(JSON.stringify(audit[1]?.after)).toContain('Changed en');

    const del = await call(t.app, 'POST', API.adminActivityDelete, { ...auth(op), body: { id: created.id } });
    expect(del.status).toBe(200);
    expect(await ids()).not.toContain(created.id);
    const row = await t.app.db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('action', '=', 'activity.delete')
      .where('target', '=', `promotion:${created.id}`)
      .executeTakeFirstOrThrow();
    expect(row.after).toBeNull();
    expect(JSON.stringify(row.before)).toContain('Changed th');

    const again = await call(t.app, 'POST', API.adminActivityDelete, { ...auth(op), body: { id: created.id } });
    expect(again.status).toBe(404);
    expect(again.body.error).toBe('PROMOTION_NOT_FOUND');
    expect((await save(promo({ id: created.id }))).body.error).toBe('PROMOTION_NOT_FOUND');
  });

  it('the operator list shows every promotion with every language and whether it is live', async () => {
    const res = await call(t.app, 'GET', `${API.adminActivityList}?page=1&limit=50`, auth(op));
    expect(res.status).toBe(200);
    const rows = (res.body.data as { list: { live: boolean; enabled: boolean; title: Record<string, string> }[] }).list;
    expect(rows.some((r) => !r.enabled && !r.live)).toBe(true);
    expect(rows.some((r) => r.live)).toBe(true);
    for (const r of rows) expect(Object.keys(r.title).sort()).toEqual([...LANGS].sort());
  });

  it('refuses a link outside the site, an end before the start, an image not uploaded, a missing language', async () => {
    const before = await t.app.db
      .selectFrom('promotions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .execute();
    for (const link of [
      'https://evil.example/',
      '//evil.example',
      'javascript:alert(1)',
      '/nowhere',
      '/rechargeAdmin',
      '/kuaisan#x',
      '/kuaisan?type=<b>',
      '/kuaisan?type=a%20b',
    ]) {
      const res = await save(promo({ link }));
      expect([link, res.status, res.body.error, res.body.field]).toEqual([link, 400, 'CONTENT_LINK_INVALID', 'link']);
    }
    const order = await save(promo({ ends_at: START }));
    expect([order.status, order.body.error, order.body.field]).toEqual([400, 'CONTENT_SCHEDULE_INVALID', 'ends_at']);
    for (const image of ['https://evil.example/a.png', '/api/index/image?f=../../etc/passwd', 'x']) {
      expect((await save(promo({ image }))).body.error).toBe('CONTENT_IMAGE_INVALID');
    }
    const { vi: _vi, ...fiveLangs } = texts('x');
    const missing = await save(promo({ title: fiveLangs }));
    expect([missing.status, missing.body.error]).toEqual([400, 'REQUIRED_FIELDS']);
    const empty = await save(promo({ body: { ...texts('x'), pt: '  ' } }));
    expect([empty.status, empty.body.error]).toEqual([400, 'REQUIRED_FIELDS']);
    const long = await save(promo({ title: { ...texts('x'), en: 'x'.repeat(61) } }));
    expect([long.status, long.body.error]).toEqual([400, 'CONTENT_TEXT_TOO_LONG']);
    const after = await t.app.db
      .selectFrom('promotions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .execute();
    expect(Number(after[0]?.n)).toBe(Number(before[0]?.n));
  });

  it('refuses players and guests on every operator call (403), and a missing session (401)', async () => {
    const player = await playerToken(t.app);
    const guest = await guestToken(t.app);
    for (const token of [player, guest]) {
      expect((await call(t.app, 'GET', API.adminActivityList, auth(token))).status).toBe(403);
      expect((await save(promo(), token)).status).toBe(403);
      const del = await call(t.app, 'POST', API.adminActivityDelete, { ...auth(token), body: { id: 1 } });
      expect(del.status).toBe(403);
    }
    expect((await call(t.app, 'GET', API.adminActivityList)).status).toBe(401);
  });
});
