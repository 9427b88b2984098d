import { readdirSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminSupportDetail,
  API,
  paged,
  SUPPORT_OPEN_MAX,
  supportConversation,
  supportDetail,
} from '@fairdraw/contract';
import { uploadDir } from '../../lib/uploads.ts';
import { buildTestApp, call, registerPlayer } from '../../test/helper.ts';
import type { TestApp } from '../../test/helper.ts';
import { auth, guestToken, operatorToken } from '../../test/money-helper.ts';

// Support conversations: open, reply, close; the poll sees an operator reply; IDOR (404); caps; bad input.

let t: TestApp;
let op: string;
beforeAll(async () => {
  t = await buildTestApp();
  op = await operatorToken(t.app);
});
afterAll(async () => {
  await t.close();
});

type Detail = { id: number; status: string; messages: { from: string; body: string; image?: string | null }[] };
const open = (token: string, body: unknown) => call(t.app, 'POST', API.supportOpen, { ...auth(token), body });
const reply = (token: string, body: unknown) => call(t.app, 'POST', API.supportReply, { ...auth(token), body });
const detail = (token: string, id: unknown) => call(t.app, 'GET', `${API.supportDetail}?id=${String(id)}`, auth(token));
const opReply = (body: unknown, token = op) => call(t.app, 'POST', API.adminSupportReply, { ...auth(token), body });
const opClose = (body: unknown, token = op) => call(t.app, 'POST', API.adminSupportClose, { ...auth(token), body });
const opList = (query = '', token = op) => call(t.app, 'GET', `${API.adminSupportList}${query}`, auth(token));
async function opened(token: string, subject = 'Deposit missing', body = 'I paid 500 THB an hour ago') {
  const res = await open(token, { subject, body });
  expect(res.status, res.text).toBe(200);
  return res.body.data as Detail;
}

describe('a conversation from open to close', () => {
  it('opens, the operator answers, the poll sees the reply, the player writes back, the operator closes', async () => {
    const p = await registerPlayer(t.app);
    const c = await opened(p.token, '  Deposit missing  ');
    expect(supportDetail.parse(c)).toMatchObject({
      subject: 'Deposit missing',
      status: 'open',
      messages: [{ from: 'player', body: 'I paid 500 THB an hour ago' }],
    });

    // The operator's queue shows it with the player's account and the messages.
    const queue = await opList();
    expect(queue.status, queue.text).toBe(200);
    const page = paged(adminSupportDetail).parse(queue.body.data);
    const mine = page.list.find((x) => x.id === c.id);
    expect(mine?.user.account).toBe(p.account);
    expect(mine?.messages).toHaveLength(1);

    // Before the answer, the player's poll sees one message; after it, two: this is what the page polls.
    expect(((await detail(p.token, c.id)).body.data as Detail).messages).toHaveLength(1);
    const answered = await opReply({ id: c.id, body: 'We found it, credited now.' });
    expect(answered.status, answered.text).toBe(200);
    const polled = await detail(p.token, c.id);
    expect(polled.status).toBe(200);
    expect((polled.body.data as Detail).messages.map((m) => [m.from, m.body])).toEqual([
      ['player', 'I paid 500 THB an hour ago'],
      ['operator', 'We found it, credited now.'],
    ]);

    const back = await reply(p.token, { id: c.id, body: 'Thank you!' });
    expect(back.status, back.text).toBe(200);
    expect((back.body.data as Detail).messages).toHaveLength(3);

    const list = await call(t.app, 'GET', API.supportList, auth(p.token));
    expect(list.status).toBe(200);
    const own = paged(supportConversation).parse(list.body.data);
    expect(own.list.map((x) => [x.id, x.last_message])).toEqual([[c.id, 'Thank you!']]);

    const closed = await opClose({ id: c.id });
    expect(closed.status, closed.text).toBe(200);
    expect((closed.body.data as Detail).status).toBe('closed');

    // Closed: the player cannot write (translated), the operator neither, a second close is refused.
    const refused = await reply(p.token, { id: c.id, body: 'One more thing' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      error: 'SUPPORT_CLOSED',
      msg: 'This conversation is closed. Please open a new one.',
    });
    expect((await opReply({ id: c.id, body: 'late' })).body).toMatchObject({ error: 'SUPPORT_CLOSED' });
    expect((await opClose({ id: c.id })).body).toMatchObject({ error: 'SUPPORT_CLOSED' });
    const th = await call(t.app, 'POST', API.supportReply, {
      headers: { token: p.token, lang: 'th' },
      body: { id: c.id, body: 'x' },
    });
    expect(th.body.msg).toBe('การสนทนานี้ปิดแล้ว กรุณาเริ่มการสนทนาใหม่');
    const still = (await detail(p.token, c.id)).body.data as Detail;
    expect(still.status).toBe('closed');
    expect(still.messages).toHaveLength(3);

    // It leaves the open queue and shows under closed; the player may open a new one.
    expect(
      paged(adminSupportDetail)
        .parse((await opList()).body.data)
        .list.some((x) => x.id === c.id),
    ).toBe(false);
    const closedQueue = paged(adminSupportDetail).parse((await opList('?status=closed&limit=50')).body.data);
    expect(closedQueue.list.some((x) => x.id === c.id)).toBe(true);
    await opened(p.token, 'Another question');
  });

  it('caps the open conversations per player, also when opened in parallel', async () => {
    const p = await registerPlayer(t.app);
    const results = await Promise.all(
      Array.from({ length: SUPPORT_OPEN_MAX + 3 }, (_, i) => open(p.token, { subject: `Q${i}`, body: 'help' })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(SUPPORT_OPEN_MAX);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(3);
    for (const r of refused) {
      expect(r.body).toMatchObject({
        code: 400,
        error: 'SUPPORT_OPEN_LIMIT',
        msg: 'You can have at most 3 open conversations',
      });
    }
    // Closing one frees a place.
    const first = results.find((r) => r.status === 200)?.body.data as Detail;
    expect((await opClose({ id: first.id })).status).toBe(200);
    await opened(p.token, 'Now allowed');
  });
});

describe('the audit log', () => {
  it("an operator's reply and close each write an audit row with the operator and the conversation", async () => {
    const player = await registerPlayer(t.app);
    const c = await opened(player.token, 'Audit me', 'Where is my deposit?');
    const answered = await opReply({ id: c.id, body: 'Credited a minute ago' });
    expect(answered.status, answered.text).toBe(200);
    const refused = await opReply({ id: c.id, body: '' });
    expect(refused.status).toBe(400);
    const closed = await opClose({ id: c.id });
    expect(closed.status, closed.text).toBe(200);
    expect((await opClose({ id: c.id })).status).toBe(409);

    const rows = await t.app.db
      .selectFrom('audit_log')
      .select(['action', 'actor_account', 'before', 'after'])
      .where('target', '=', `support:${c.id}`)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.action)).toEqual(['support.reply', 'support.close']);
    expect(rows.every((r) => r.actor_account !== '' && r.actor_account !== player.account)).toBe(true);
    expect(rows[0]?.before).toBeNull();
    expect(rows[0]?.after).toMatchObject({ body: 'Credited a minute ago', image: null });
    expect(rows[1]?.before).toEqual({ status: 'open' });
    expect(rows[1]?.after).toEqual({ status: 'closed' });
  });
});

describe('IDOR and roles', () => {
  it('player B can neither read nor write to A’s conversation, nor see it listed: 404 as for an unknown id', async () => {
    const a = await registerPlayer(t.app);
    const b = await registerPlayer(t.app);
    const c = await opened(a.token, 'Private', 'my secret');
    const read = await detail(b.token, c.id);
    expect(read.status).toBe(404);
    expect(read.body).toMatchObject({ error: 'SUPPORT_NOT_FOUND', msg: 'This conversation was not found' });
    expect(read.text).not.toContain('my secret');
    const write = await reply(b.token, { id: c.id, body: 'hijack' });
    expect(write.status).toBe(404);
    expect(write.body).toMatchObject({ error: 'SUPPORT_NOT_FOUND' });
    const unknown = await detail(b.token, 2_000_000_000);
    expect(unknown.status).toBe(404);
    const listB = await call(t.app, 'GET', API.supportList, auth(b.token));
    expect((listB.body.data as { list: unknown[] }).list).toEqual([]);
    // A's conversation is untouched.
    expect(((await detail(a.token, c.id)).body.data as Detail).messages).toHaveLength(1);
  });

  it('guests, operators on player routes, players on operator routes and strangers are refused', async () => {
    const p = await registerPlayer(t.app);
    const g = await guestToken(t.app);
    expect((await open(g, { subject: 's', body: 'b' })).body).toMatchObject({ code: 403, error: 'DEMO_NOT_ALLOWED' });
    expect((await open(op, { subject: 's', body: 'b' })).body).toMatchObject({ code: 403, error: 'FORBIDDEN' });
    expect((await opList('', p.token)).body).toMatchObject({ code: 403, error: 'FORBIDDEN' });
    expect((await opReply({ id: 1, body: 'x' }, p.token)).body).toMatchObject({ code: 403, error: 'FORBIDDEN' });
    expect((await opClose({ id: 1 }, p.token)).body).toMatchObject({ code: 403, error: 'FORBIDDEN' });
    const anon = await call(t.app, 'GET', API.supportList);
    expect(anon.status).toBe(401);
  });
});

describe('bad input: translated keys, never a 500', () => {
  it('refuses empty, too long and malformed fields', async () => {
    const p = await registerPlayer(t.app);
    const cases: [unknown, number, string][] = [
      [{}, 400, 'REQUIRED_FIELDS'],
      [{ subject: '   ', body: 'x' }, 400, 'REQUIRED_FIELDS'],
      [{ subject: 's'.repeat(61), body: 'x' }, 400, 'SUPPORT_SUBJECT_TOO_LONG'],
      [{ subject: 's', body: 'b'.repeat(1001) }, 400, 'SUPPORT_MESSAGE_TOO_LONG'],
      [{ subject: 1, body: 'x' }, 400, 'VALIDATION_FAILED'],
    ];
    for (const [body, status, error] of cases) {
      const res = await open(p.token, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.error).toBe(error);
    }
    expect((await open(p.token, { subject: 's', body: 'b'.repeat(1000) })).status).toBe(200);
    expect((await reply(p.token, { id: 0, body: 'x' })).body).toMatchObject({ code: 404, error: 'SUPPORT_NOT_FOUND' });
    expect((await reply(p.token, { id: 'a', body: 'x' })).body).toMatchObject({ code: 400 });
    expect((await detail(p.token, 'abc')).body).toMatchObject({ code: 400, error: 'VALIDATION_FAILED' });
    expect((await detail(p.token, '99999999999')).body).toMatchObject({ code: 404, error: 'SUPPORT_NOT_FOUND' });
    expect((await call(t.app, 'GET', API.supportDetail, auth(p.token))).body).toMatchObject({ code: 400 });
    expect((await opReply({ id: 2_000_000_000, body: 'x' })).body).toMatchObject({
      code: 404,
      error: 'SUPPORT_NOT_FOUND',
    });
    expect((await opList('?status=bogus')).status).toBe(400);
  });
});

describe('image attachments', () => {
  const png = () =>
    sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 30, b: 30 } } })
      .png()
      .toBuffer();
  function multipart(fields: Record<string, string>, file?: { name: string; bytes: Buffer; type: string }) {
    const boundary = `----fd${Math.random().toString(16).slice(2)}`;
    const parts: Buffer[] = [];
    for (const [k, v] of Object.entries(fields)) {
      parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
    }
    if (file) {
      parts.push(
        Buffer.from(
          `--${boundary}\r\ncontent-disposition: form-data; name="${file.name}"; filename="x.png"\r\n` +
            `content-type: ${file.type}\r\n\r\n`,
        ),
        file.bytes,
        Buffer.from('\r\n'),
      );
    }
    parts.push(Buffer.from(`--${boundary}--\r\n`));
    return { payload: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
  }
  const send = (token: string, body: ReturnType<typeof multipart>, url: string = API.supportReply) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { token, lang: 'en', 'content-type': body.type },
      payload: body.payload,
    });
  const image = (token: string, id: number, name: string) =>
    t.app.inject({ method: 'GET', url: `${API.supportDetail}?id=${id}&image=${name}`, headers: { token, lang: 'en' } });

  it('a player attaches an image; it is re-encoded and served privately to the player and operators only', async () => {
    const a = await registerPlayer(t.app);
    const b = await registerPlayer(t.app);
    const c = await opened(a.token);
    const res = await send(
      a.token,
      multipart(
        { id: String(c.id), body: 'Here is the slip' },
        { name: 'image', bytes: await png(), type: 'image/png' },
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    const last = res.json<{ data: Detail }>().data.messages.at(-1);
    expect(last).toMatchObject({ from: 'player', body: 'Here is the slip' });
    const name = last?.image ?? '';
    expect(name).toMatch(/^[a-f0-9]{32}\.jpg$/);

    const own = await image(a.token, c.id, name);
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect(own.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(own.rawPayload).metadata()).format).toBe('jpeg');
    expect((await image(op, c.id, name)).statusCode).toBe(200);
    // Player B: not by A's conversation, not through a conversation of B's own.
    const other = await image(b.token, c.id, name);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ error: 'SUPPORT_NOT_FOUND' });
    const cb = await opened(b.token);
    expect((await image(b.token, cb.id, name)).statusCode).toBe(404);
    expect((await image(a.token, c.id, '../../etc/passwd')).statusCode).toBe(404);

    // An image alone is a message; neither text nor image is not.
    const alone = await send(
      a.token,
      multipart({ id: String(c.id) }, { name: 'image', bytes: await png(), type: 'image/png' }),
    );
    expect(alone.statusCode, alone.body).toBe(200);
    const empty = await send(a.token, multipart({ id: String(c.id), body: '  ' }));
    expect(empty.json()).toMatchObject({ code: 400, error: 'REQUIRED_FIELDS' });
  });

  it('refuses what is not an image, and B cannot attach to A’s conversation', async () => {
    const a = await registerPlayer(t.app);
    const b = await registerPlayer(t.app);
    const c = await opened(a.token);
    const fake = await send(
      a.token,
      multipart(
        { id: String(c.id), body: 'x' },
        { name: 'image', bytes: Buffer.from('<svg onload=alert(1)>'), type: 'image/png' },
      ),
    );
    expect(fake.json()).toMatchObject({ code: 415, error: 'IMAGE_INVALID' });
    const stranger = await send(
      b.token,
      multipart({ id: String(c.id), body: 'x' }, { name: 'image', bytes: await png(), type: 'image/png' }),
    );
    expect(stranger.json()).toMatchObject({ code: 404, error: 'SUPPORT_NOT_FOUND' });
    const badId = await send(a.token, multipart({ id: 'abc', body: 'x' }));
    expect(badId.statusCode).toBe(400);
    expect(((await detail(a.token, c.id)).body.data as Detail).messages).toHaveLength(1);
  });

  it('an operator attaches an image: the conversation’s player and operators see it, another player never', async () => {
    const a = await registerPlayer(t.app);
    const b = await registerPlayer(t.app);
    const c = await opened(a.token);
    const res = await send(
      op,
      multipart({ id: String(c.id), body: 'Where to tap' }, { name: 'image', bytes: await png(), type: 'image/png' }),
      API.adminSupportReply,
    );
    expect(res.statusCode, res.body).toBe(200);
    const last = res.json<{ data: Detail }>().data.messages.at(-1);
    expect(last).toMatchObject({ from: 'operator', body: 'Where to tap' });
    const name = last?.image ?? '';
    expect(name).toMatch(/^[a-f0-9]{32}\.jpg$/);
    expect(((await detail(a.token, c.id)).body.data as Detail).messages.at(-1)?.image).toBe(name);
    const own = await image(a.token, c.id, name);
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect((await image(await operatorToken(t.app), c.id, name)).statusCode).toBe(200);
    // Player B: neither through A's conversation nor through one of B's own.
    expect((await image(b.token, c.id, name)).json()).toMatchObject({ code: 404, error: 'SUPPORT_NOT_FOUND' });
    const cb = await opened(b.token);
    expect((await image(b.token, cb.id, name)).statusCode).toBe(404);

    // An image alone is an answer; a player cannot use the operators' route, with or without an image.
    const alone = await send(
      op,
      multipart({ id: String(c.id) }, { name: 'image', bytes: await png(), type: 'image/png' }),
      API.adminSupportReply,
    );
    expect(alone.statusCode, alone.body).toBe(200);
    const asPlayer = await send(
      a.token,
      multipart({ id: String(c.id), body: 'x' }, { name: 'image', bytes: await png(), type: 'image/png' }),
      API.adminSupportReply,
    );
    expect(asPlayer.json()).toMatchObject({ code: 403, error: 'FORBIDDEN' });
    const fake = await send(
      op,
      multipart({ id: String(c.id) }, { name: 'image', bytes: Buffer.from('GIF89a'), type: 'image/gif' }),
      API.adminSupportReply,
    );
    expect(fake.json()).toMatchObject({ code: 415, error: 'IMAGE_INVALID' });
    expect(((await detail(a.token, c.id)).body.data as Detail).messages).toHaveLength(3);
  });

  it('leaves no file behind for a reply that is refused', async () => {
    const dir = uploadDir(t.config.dataDir, 'support');
    const files = () => readdirSync(dir).length;
    const a = await registerPlayer(t.app);
    const b = await registerPlayer(t.app);
    const c = await opened(a.token);
    const withImage = async (fields: Record<string, string>) =>
      multipart(fields, { name: 'image', bytes: await png(), type: 'image/png' });
    const before = files();
    // Refused after the image was re-encoded: another player's conversation, an unknown one, a closed one.
    const stranger = await send(b.token, await withImage({ id: String(c.id), body: 'x' }));
    expect(stranger.json()).toMatchObject({ code: 404, error: 'SUPPORT_NOT_FOUND' });
    const unknown = await send(op, await withImage({ id: '999999', body: 'x' }), API.adminSupportReply);
    expect(unknown.json()).toMatchObject({ code: 404, error: 'SUPPORT_NOT_FOUND' });
    expect((await opClose({ id: c.id })).status).toBe(200);
    const late = await send(a.token, await withImage({ id: String(c.id), body: 'x' }));
    expect(late.json()).toMatchObject({ code: 409, error: 'SUPPORT_CLOSED' });
    const lateOp = await send(op, await withImage({ id: String(c.id), body: 'x' }), API.adminSupportReply);
    expect(lateOp.json()).toMatchObject({ code: 409, error: 'SUPPORT_CLOSED' });
    expect(files()).toBe(before);
    // An accepted one keeps exactly its file.
    const d = await opened(a.token);
    expect((await send(a.token, await withImage({ id: String(d.id), body: 'ok' }))).statusCode).toBe(200);
    expect(files()).toBe(before + 1);
  });
});
