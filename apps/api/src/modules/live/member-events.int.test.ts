import http from 'node:http';
import { performance } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@fairdraw/contract';
import { buildApp } from '../../app.ts';
import { buildTestApp, call, registerPlayer } from '../../test/helper.ts';
import type { TestApp } from '../../test/helper.ts';
import { auth, guestToken, operatorToken } from '../../test/money-helper.ts';
import { sseFrames } from '../../test/sse-frames.ts';

// The member stream (GET /api/user/events): an operator's reply and a message reach the player's open stream;
// another player's stream never hears of them; the caps; who may open one. On PostgreSQL also across two instances.
const onPostgres = Boolean(process.env.DATABASE_URL);

let t: TestApp;
let op: string;
let base: string;
const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
const streams: Stream[] = [];

beforeAll(async () => {
  t = await buildTestApp({ SSE_MAX_PER_USER: '2', SSE_MAX_MEMBER_PER_IP: '4' });
  op = await operatorToken(t.app);
  base = await listen(t.app);
});
afterAll(async () => {
  for (const s of streams) s.close();
  agent.destroy();
  await t.close();
});

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

type Frame = { event: string; data: unknown };
type Stream = {
  status: number;
  /** The server ended the stream. */
  ended: boolean;
  body: string;
  frames: Frame[];
  close: () => void;
  /** Resolves with the first frame received from now on that `match` accepts. */
  next: (match: (f: Frame) => boolean, ms?: number) => Promise<Frame>;
};

/** Opens a member stream with these headers; resolves on `ready` (200) or with the refusal's status and body. */
function openStream(headers: Record<string, string>, at = base, path: string = API.userEvents): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const waiters = new Set<() => void>();
    const s: Stream = {
      status: 0,
      ended: false,
      body: '',
      frames: [],
      close: () => req.destroy(),
      next: (match, ms = 5_000) =>
        new Promise((ok, fail) => {
          // Frames from now on: a test creates the promise before the change it waits for.
          const from = s.frames.length;
          const timer = setTimeout(() => {
            waiters.delete(check);
            fail(new Error(`no matching frame in ${ms} ms; got ${JSON.stringify(s.frames.slice(from))}`));
          }, ms);
          const check = () => {
            const f = s.frames.slice(from).find(match);
            if (!f) return;
            clearTimeout(timer);
            waiters.delete(check);
            ok(f);
          };
          waiters.add(check);
        }),
    };
    const req = http.get(`${at}${path}`, { agent, headers }, (res) => {
      s.status = res.statusCode ?? 0;
      res.setEncoding('utf8');
      if (s.status !== 200) {
        res.on('data', (c: string) => (s.body += c));
        res.on('end', () => resolve(s));
        return;
      }
      streams.push(s);
      res.on('end', () => (s.ended = true));
      res.on(
        'data',
        sseFrames((event, data) => {
          s.frames.push({ event, data });
          if (event === 'ready') resolve(s);
          for (const w of [...waiters]) w();
        }),
      );
    });
    req.on('error', (err) => (s.status === 0 ? reject(err) : undefined));
  });
}

const errorOf = (body: string) => (JSON.parse(body) as { error?: string }).error;
const quiet = (ms: number) => new Promise((r) => setTimeout(r, ms));
const openConversation = async (token: string) => {
  const res = await call(t.app, 'POST', API.supportOpen, { ...auth(token), body: { subject: 'Hi', body: 'Where?' } });
  expect(res.status, res.text).toBe(200);
  return (res.body.data as { id: number }).id;
};

describe('a player hears of their own changes only', () => {
  it("pushes an operator's reply, a close and a message to the player's stream, nothing of them to another's", async () => {
    const a = await registerPlayer(t.app);
    const b = await registerPlayer(t.app);
    const sa = await openStream(auth(a.token).headers);
    const sb = await openStream(auth(b.token).headers);
    expect(sa.status).toBe(200);
    expect(sb.status).toBe(200);

    // The player's own first message is announced too (their other devices follow).
    const own = sa.next((f) => f.event === 'support');
    const id = await openConversation(a.token);
    expect((await own).data).toEqual({ id });

    const replied = sa.next((f) => f.event === 'support' && (f.data as { id: number }).id === id);
    const res = await call(t.app, 'POST', API.adminSupportReply, { ...auth(op), body: { id, body: 'Found it' } });
    expect(res.status, res.text).toBe(200);
    await replied;
    // What the frame says to read again shows the reply.
    const detail = await call(t.app, 'GET', `${API.supportDetail}?id=${id}`, auth(a.token));
    expect(JSON.stringify(detail.body)).toContain('Found it');

    const closed = sa.next((f) => f.event === 'support');
    expect((await call(t.app, 'POST', API.adminSupportClose, { ...auth(op), body: { id } })).status).toBe(200);
    await closed;

    const msg = sa.next((f) => f.event === 'msg');
    const sent = await call(t.app, 'POST', API.adminMsgSend, {
      ...auth(op),
      body: { to: 'one', account: a.account, title: 'Hello', body: 'For A only' },
    });
    expect(sent.status, sent.text).toBe(200);
    await msg;

    // Reading marks it read: the badge on the player's other devices follows.
    const read = sa.next((f) => f.event === 'msg');
    expect((await call(t.app, 'POST', API.msgRead, { ...auth(a.token), body: { all: true } })).status).toBe(200);
    await read;

    await quiet(300);
    expect(sb.frames.map((f) => f.event).filter((e) => e !== 'ping')).toEqual(['ready']);

    // A broadcast is everyone's.
    const both = [sa.next((f) => f.event === 'msg'), sb.next((f) => f.event === 'msg')];
    const all = await call(t.app, 'POST', API.adminMsgSend, {
      ...auth(op),
      body: { to: 'all', title: 'News', body: 'For everyone' },
    });
    expect(all.status, all.text).toBe(200);
    await Promise.all(both);
    sa.close();
    sb.close();
  });

  it('tells nothing of a change that did not commit (a reply to a closed conversation)', async () => {
    const a = await registerPlayer(t.app);
    const id = await openConversation(a.token);
    expect((await call(t.app, 'POST', API.adminSupportClose, { ...auth(op), body: { id } })).status).toBe(200);
    const s = await openStream(auth(a.token).headers);
    const refused = await call(t.app, 'POST', API.adminSupportReply, { ...auth(op), body: { id, body: 'late' } });
    expect(refused.status).toBe(409);
    await quiet(300);
    expect(s.frames.map((f) => f.event).filter((e) => e !== 'ping')).toEqual(['ready']);
    s.close();
  });
});

describe('a stream ends with its session', () => {
  it('ends the stream of a session logged out at the next sweep, not the same player’s other session', async () => {
    const a = await registerPlayer(t.app);
    const login = await call(t.app, 'POST', API.login, { body: { account: a.account, password: a.password } });
    const second = (login.body.data as { token: string }).token;
    const first = await openStream(auth(a.token).headers);
    const other = await openStream(auth(second).headers);
    expect((await call(t.app, 'POST', API.logout, auth(a.token))).status).toBe(200);
    await t.app.memberStreams.sweep();
    await expect.poll(() => first.ended).toBe(true);
    expect(other.ended).toBe(false);
    other.close();
  });
});

describe('who may open a stream, and how many', () => {
  it('refuses a third stream of one player (SSE_MAX_PER_USER=2) with 429, not another player, and frees the slot', async () => {
    const a = await registerPlayer(t.app);
    const b = await registerPlayer(t.app);
    const one = await openStream(auth(a.token).headers);
    const two = await openStream(auth(a.token).headers);
    const three = await openStream(auth(a.token).headers);
    expect([one.status, two.status, three.status]).toEqual([200, 200, 429]);
    expect(JSON.parse(three.body)).toMatchObject({ error: 'STREAM_LIMIT_REACHED' });
    const { id: aId } = await t.app.db
      .selectFrom('users')
      .select('id')
      .where('account', '=', a.account)
      .executeTakeFirstOrThrow();
    expect(t.app.streamLimits.ofUser(aId)).toBe(2);
    const other = await openStream(auth(b.token).headers);
    expect(other.status).toBe(200);
    one.close();
    await quiet(200);
    expect(t.app.streamLimits.ofUser(aId)).toBe(1);
    const again = await openStream(auth(a.token).headers);
    expect(again.status).toBe(200);
    for (const s of [two, other, again]) s.close();
  });

  it('refuses a fifth member stream from one IP (SSE_MAX_MEMBER_PER_IP=4), whoever opens it; game streams keep their own count', async () => {
    const ip = '127.0.0.1';
    await expect.poll(() => t.app.streamLimits.ofMemberIp(ip)).toBe(0);
    const players = await Promise.all([1, 2, 3, 4, 5].map(() => registerPlayer(t.app)));
    const open: Stream[] = [];
    for (const p of players.slice(0, 4)) open.push(await openStream(auth(p.token).headers));
    expect(open.map((s) => s.status)).toEqual([200, 200, 200, 200]);
    const fifth = await openStream(auth(players[4]!.token).headers);
    expect([fifth.status, errorOf(fifth.body)]).toEqual([429, 'STREAM_LIMIT_REACHED']);
    expect(t.app.streamLimits.ofMemberIp(ip)).toBe(4);
    // The address's game streams are not crowded out by its member streams.
    const game = await new Promise<number>((resolve, reject) => {
      const req = http.get(`${base}${API.gameEvents}`, { agent }, (res) => {
        resolve(res.statusCode ?? 0);
        req.destroy();
      });
      req.on('error', reject);
    });
    expect(game).toBe(200);
    open[0]!.close();
    await expect.poll(() => t.app.streamLimits.ofMemberIp(ip)).toBe(3);
    const again = await openStream(auth(players[4]!.token).headers);
    expect(again.status).toBe(200);
    for (const s of [...open.slice(1), again]) s.close();
  });

  it('takes the token from the header only: none, one in the URL, a guest or an operator are refused', async () => {
    const a = await registerPlayer(t.app);
    expect((await openStream({})).status).toBe(401);
    expect((await openStream({}, base, `${API.userEvents}?token=${a.token}`)).status).toBe(401);
    const guest = await openStream(auth(await guestToken(t.app)).headers);
    expect([guest.status, errorOf(guest.body)]).toEqual([403, 'DEMO_NOT_ALLOWED']);
    const operator = await openStream(auth(op).headers);
    expect([operator.status, errorOf(operator.body)]).toEqual([403, 'FORBIDDEN']);
  });
});

describe('two API instances on one database (PostgreSQL)', () => {
  it.skipIf(!onPostgres)('a reply written through one instance reaches a stream open on the other', async () => {
    const other = await buildApp(t.config, { logger: false });
    try {
      const otherBase = await listen(other);
      const a = await registerPlayer(t.app);
      const b = await registerPlayer(t.app);
      const id = await openConversation(a.token);
      const sa = await openStream(auth(a.token).headers, otherBase);
      const sb = await openStream(auth(b.token).headers, otherBase);
      const replied = sa.next((f) => f.event === 'support' && (f.data as { id: number }).id === id);
      const sent = performance.now();
      expect(
        (await call(t.app, 'POST', API.adminSupportReply, { ...auth(op), body: { id, body: 'From A' } })).status,
      ).toBe(200);
      await replied;
      console.log(`member event across instances: ${(performance.now() - sent).toFixed(1)} ms from the reply's call`);
      await quiet(300);
      expect(sb.frames.map((f) => f.event).filter((e) => e !== 'ping')).toEqual(['ready']);
      sa.close();
      sb.close();
    } finally {
      await other.close();
    }
  });
});
