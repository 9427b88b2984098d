import { readdirSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@fairdraw/contract';
import { reencodeDocument, uploadDir } from '../../lib/uploads.ts';
import { buildTestApp, call, registerPlayer } from '../../test/helper.ts';
import type { TestApp } from '../../test/helper.ts';
import { auth, operatorToken } from '../../test/money-helper.ts';

// The players' daily upload quota (README.md): files and bytes per business day across support images, identity
// photos and the avatar; refused with UPLOAD_QUOTA_EXCEEDED (translated), nothing stored; a new business day starts
// afresh; operators' uploads are not counted; on PostgreSQL, parallel uploads at the edge store at most the quota
// and leave no file behind.
const onPostgres = Boolean(process.env.DATABASE_URL);
const MAX_FILES = 4;

/** Noon in Bangkok (BUSINESS_TIME_ZONE's default), on the day given. */
const bangkokNoon = (day: string) => new Date(`${day}T12:00:00+07:00`);

let t: TestApp;
let op: string;
beforeAll(async () => {
  t = await buildTestApp({ UPLOAD_DAILY_MAX_FILES: String(MAX_FILES) });
  t.app.setClock(() => bangkokNoon('2026-11-26'));
  op = await operatorToken(t.app);
});
afterAll(async () => {
  t.app.setClock(undefined);
  await t.close();
});

const photo = (background = '#3a6', width = 120, height = 90) =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();

type Part = { name: string; value: string | Buffer };
function multipart(parts: Part[]) {
  const boundary = `----fd${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    if (typeof p.value === 'string') {
      chunks.push(
        Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\ncontent-disposition: form-data; name="${p.name}"; filename="x.jpg"\r\n` +
            `content-type: image/jpeg\r\n\r\n`,
        ),
        p.value,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), type: `multipart/form-data; boundary=${boundary}` };
}

async function post(app: TestApp['app'], url: string, token: string, parts: Part[], lang = 'en') {
  const body = multipart(parts);
  const res = await app.inject({
    method: 'POST',
    url,
    headers: { token, lang, 'content-type': body.type },
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.json<{ error?: string; msg?: string }>() };
}

async function conversation(app: TestApp['app'], token: string): Promise<number> {
  const res = await call(app, 'POST', API.supportOpen, { ...auth(token), body: { subject: 'Slip', body: 'See' } });
  expect(res.status, res.text).toBe(200);
  return (res.body.data as { id: number }).id;
}

const supportImage = async (app: TestApp['app'], token: string, id: number, lang = 'en') =>
  post(
    app,
    API.supportReply,
    token,
    [
      { name: 'id', value: String(id) },
      { name: 'body', value: 'slip' },
      { name: 'image', value: await photo() },
    ],
    lang,
  );

const files = (kind: string) => readdirSync(uploadDir(t.config.dataDir, kind)).length;

describe('a player’s uploads count against one daily quota', () => {
  it(`takes ${MAX_FILES} files a day across avatar, identity photos and support images, then refuses the next, translated`, async () => {
    const p = await registerPlayer(t.app);
    const id = await conversation(t.app, p.token);
    expect((await post(t.app, API.userAvatar, p.token, [{ name: 'avatar', value: await photo() }])).status).toBe(200);
    const kyc = await post(t.app, API.kycSubmit, p.token, [
      { name: 'real_name', value: 'Somchai Jaidee' },
      { name: 'document_number', value: '1-1037-00123-45-6' },
      { name: 'front', value: await photo('#3a6') },
      { name: 'back', value: await photo('#36a') },
    ]);
    expect(kyc.status).toBe(200);
    expect((await supportImage(t.app, p.token, id)).status).toBe(200);
    const stored = { support: files('support'), avatars: files('avatars'), kyc: files('kyc') };

    const refused = await supportImage(t.app, p.token, id);
    expect(refused).toMatchObject({ status: 429, body: { error: 'UPLOAD_QUOTA_EXCEEDED' } });
    expect(refused.body.msg).toContain(String(MAX_FILES));
    const thai = await supportImage(t.app, p.token, id, 'th');
    expect(thai.body.error).toBe('UPLOAD_QUOTA_EXCEEDED');
    expect(thai.body.msg).toMatch(/[\u0E00-\u0E7F]/);
    const avatar = await post(t.app, API.userAvatar, p.token, [{ name: 'avatar', value: await photo() }]);
    expect(avatar).toMatchObject({ status: 429, body: { error: 'UPLOAD_QUOTA_EXCEEDED' } });
    // Nothing was stored for the refusals, and no message was written.
    expect({ support: files('support'), avatars: files('avatars'), kyc: files('kyc') }).toEqual(stored);
    const detail = await call(t.app, 'GET', `${API.supportDetail}?id=${id}`, auth(p.token));
    expect((detail.body.data as { messages: unknown[] }).messages).toHaveLength(2);
    // Text alone is no upload.
    expect((await call(t.app, 'POST', API.supportReply, { ...auth(p.token), body: { id, body: 'hi' } })).status).toBe(
      200,
    );

    // Another player has a quota of their own; an operator's image is not counted.
    const q = await registerPlayer(t.app);
    const qid = await conversation(t.app, q.token);
    expect((await supportImage(t.app, q.token, qid)).status).toBe(200);
    for (let i = 0; i < MAX_FILES + 1; i++) {
      const res = await post(t.app, API.adminSupportReply, op, [
        { name: 'id', value: String(id) },
        { name: 'body', value: 'see' },
        { name: 'image', value: await photo('#a63') },
      ]);
      expect(res.status).toBe(200);
    }

    // The next business day (midnight in Bangkok) starts afresh; a millisecond before, not yet.
    t.app.setClock(() => new Date(Date.parse('2026-11-27T00:00:00+07:00') - 1));
    expect((await supportImage(t.app, p.token, id)).status).toBe(429);
    t.app.setClock(() => new Date('2026-11-27T00:00:00+07:00'));
    expect((await supportImage(t.app, p.token, id)).status).toBe(200);
    t.app.setClock(() => bangkokNoon('2026-11-26'));
  });

  it.skipIf(!onPostgres)(
    'stores at most the quota when a player sends more images at once than it has room for, and no file beyond',
    async () => {
      const p = await registerPlayer(t.app);
      const id = await conversation(t.app, p.token);
      // One file used: three places left for eight parallel uploads.
      expect((await supportImage(t.app, p.token, id)).status).toBe(200);
      const before = files('support');
      const results = await Promise.all(Array.from({ length: 8 }, () => supportImage(t.app, p.token, id)));
      const statuses = results.map((r) => r.status).sort();
      expect(statuses).toEqual([200, 200, 200, 429, 429, 429, 429, 429]);
      expect(results.filter((r) => r.status === 429).every((r) => r.body.error === 'UPLOAD_QUOTA_EXCEEDED')).toBe(true);
      expect(files('support')).toBe(before + 3);
      const detail = await call(t.app, 'GET', `${API.supportDetail}?id=${id}`, auth(p.token));
      const messages = (detail.body.data as { messages: { image?: string | null }[] }).messages;
      expect(messages.filter((m) => m.image).length).toBe(MAX_FILES);
    },
  );
});

describe('the daily quota in bytes', () => {
  let b: TestApp;
  let size: number;
  beforeAll(async () => {
    // The quota holds two of this image as stored (re-encoded), not three.
    size = (await reencodeDocument(await photo(), 'image')).length;
    b = await buildTestApp({ UPLOAD_DAILY_MAX_BYTES: String(2 * size + Math.floor(size / 2)) });
  });
  afterAll(async () => {
    await b.close();
  });

  it('refuses the upload that would pass the day’s bytes, counted as stored', async () => {
    const p = await registerPlayer(b.app);
    const id = await conversation(b.app, p.token);
    expect((await supportImage(b.app, p.token, id)).status).toBe(200);
    expect((await supportImage(b.app, p.token, id)).status).toBe(200);
    const third = await supportImage(b.app, p.token, id);
    expect(third).toMatchObject({ status: 429, body: { error: 'UPLOAD_QUOTA_EXCEEDED' } });
    const row = await b.app.db.selectFrom('upload_quota_days').select(['files', 'bytes']).executeTakeFirstOrThrow();
    expect(row).toEqual({ files: 2, bytes: 2 * size });
  });
});
