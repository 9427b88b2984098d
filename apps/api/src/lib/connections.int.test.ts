import { readdirSync, statSync } from 'node:fs';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@fairdraw/contract';
import { buildTestApp, registerPlayer } from '../test/helper.ts';
import type { TestApp } from '../test/helper.ts';
import { uploadDir } from './uploads.ts';

// Slow and greedy clients, on real sockets: a request trickled byte by byte, headers that never end, an upload that
// stalls half-way and a kept-alive connection left idle are all closed within their limits (made short here; the
// wait is on the server's own timers), and connections beyond the per-address cap are closed at once. The limits
// are the server's (config.ts): nothing here moves the app's clock.
const LIMITS = { REQUEST_TIMEOUT_MS: '1500', HEADERS_TIMEOUT_MS: '1000', KEEP_ALIVE_TIMEOUT_MS: '1000' };
const MAX_PER_IP = 6;

let t: TestApp;
let port: number;
const sockets: net.Socket[] = [];

beforeAll(async () => {
  t = await buildTestApp({ ...LIMITS, MAX_CONNECTIONS_PER_IP: String(MAX_PER_IP) });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await t.close();
});

type Conn = { socket: net.Socket; received: () => string; closed: Promise<number> };

/** A raw connection: what the server sent, and when (ms after `from`) it closed the connection. */
async function connect(from = performance.now()): Promise<Conn> {
  const socket = net.connect(port, '127.0.0.1');
  sockets.push(socket);
  let data = '';
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => (data += chunk));
  socket.on('error', () => undefined);
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(performance.now() - from)));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return { socket, received: () => data, closed };
}

/** Resolves with the connection's close time, or Infinity if still open after `ms`. */
const closedWithin = (c: Conn, ms: number) =>
  Promise.race([c.closed, new Promise<number>((r) => setTimeout(() => r(Infinity), ms).unref())]);

/** Writes one byte every `everyMs` until the socket closes. */
function trickle(socket: net.Socket, bytes: string, everyMs: number): void {
  let i = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || i >= bytes.length) return clearInterval(timer);
    socket.write(bytes[i++]!);
  }, everyMs);
  socket.once('close', () => clearInterval(timer));
}

describe('slow clients are cut off within the limits', () => {
  it('closes a JSON body trickled a byte at a time once REQUEST_TIMEOUT_MS (1.5 s) has passed, with 408', async () => {
    const started = performance.now();
    const c = await connect(started);
    const body = JSON.stringify({ account: 'nobody1', password: 'x'.repeat(60) });
    c.socket.write(
      `POST ${API.login} HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n`,
    );
    trickle(c.socket, body, 100);
    const at = await closedWithin(c, 4_000);
    console.log(`trickled body closed after ${at.toFixed(0)} ms (REQUEST_TIMEOUT_MS=1500)`);
    expect(at).toBeGreaterThanOrEqual(1_400);
    expect(at).toBeLessThan(2_500);
    expect(c.received()).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes headers that never end once HEADERS_TIMEOUT_MS (1 s) has passed', async () => {
    const c = await connect();
    c.socket.write(`GET ${API.login} HTTP/1.1\r\nhost: x\r\n`);
    trickle(c.socket, 'x-slow: '.padEnd(200, 'a'), 100);
    const at = await closedWithin(c, 4_000);
    console.log(`trickled headers closed after ${at.toFixed(0)} ms (HEADERS_TIMEOUT_MS=1000)`);
    expect(at).toBeGreaterThanOrEqual(900);
    expect(at).toBeLessThan(2_000);
  });

  it('closes a kept-alive connection left idle once KEEP_ALIVE_TIMEOUT_MS (1 s) has passed', async () => {
    const c = await connect();
    c.socket.write(`GET /healthz HTTP/1.1\r\nhost: x\r\n\r\n`);
    await expect.poll(() => c.received()).toMatch(/^HTTP\/1\.1 \d{3}/);
    const idle = performance.now();
    expect(await closedWithin(c, 4_000)).not.toBe(Infinity);
    const since = performance.now() - idle;
    console.log(
      `idle kept-alive connection closed ${since.toFixed(0)} ms after its answer (KEEP_ALIVE_TIMEOUT_MS=1000)`,
    );
    // Node keeps the socket open for a second past the limit (keepAliveTimeoutBuffer), for clients' clocks.
    expect(since).toBeGreaterThanOrEqual(800);
    expect(since).toBeLessThan(3_000);
  });

  it('writes a stalled upload to disk, not memory, and cuts it off at the limit, leaving no file', async () => {
    const { token } = await registerPlayer(t.app);
    const boundary = 'fdboundary';
    const head = Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="avatar"; filename="a.jpg"\r\n` +
        `content-type: image/jpeg\r\n\r\n`,
    );
    const fileSize = 4 * 1024 * 1024;
    const jpeg = Buffer.alloc(1024 * 1024);
    jpeg.set([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
    const length = head.length + fileSize + `\r\n--${boundary}--\r\n`.length;
    const started = performance.now();
    const c = await connect(started);
    c.socket.write(
      `POST ${API.userAvatar} HTTP/1.1\r\nhost: x\r\ntoken: ${token}\r\n` +
        `content-type: multipart/form-data; boundary=${boundary}\r\ncontent-length: ${length}\r\n\r\n`,
    );
    // A quarter of the file, then nothing more.
    c.socket.write(Buffer.concat([head, jpeg]));
    const incoming = uploadDir(t.config.dataDir, 'incoming');
    const parts = () => readdirSync(incoming).filter((n) => n.endsWith('.part'));
    // What arrived is on disk as it arrives: the handler holds the body's first bytes only, not the body. The file is
    // watched until the connection closes (a loaded machine may take most of the time limit to write it).
    let largest = 0;
    const watch = setInterval(() => {
      for (const n of parts())
        largest = Math.max(largest, statSync(join(incoming, n), { throwIfNoEntry: false })?.size ?? 0);
    }, 10);
    const at = await closedWithin(c, 4_000).finally(() => clearInterval(watch));
    expect(largest).toBe(1024 * 1024);
    console.log(`stalled upload closed after ${at.toFixed(0)} ms (REQUEST_TIMEOUT_MS=1500)`);
    expect(at).toBeLessThan(2_500);
    expect(c.received()).toMatch(/^HTTP\/1\.1 408/);
    await expect.poll(parts).toEqual([]);
  });
});

describe('uploads are refused as soon as they can be, not after the whole body', () => {
  /** Starts an avatar upload declaring `fileSize` bytes and sends its first `first` bytes; resolves with the answer. */
  async function startUpload(file: Buffer, fileSize: number): Promise<{ answer: string; c: Conn }> {
    const { token } = await registerPlayer(t.app);
    const boundary = 'fdearly';
    const head = Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="avatar"; filename="a.jpg"\r\n` +
        `content-type: image/jpeg\r\n\r\n`,
    );
    const length = head.length + fileSize + `\r\n--${boundary}--\r\n`.length;
    const c = await connect();
    c.socket.write(
      `POST ${API.userAvatar} HTTP/1.1\r\nhost: x\r\ntoken: ${token}\r\nlang: en\r\n` +
        `content-type: multipart/form-data; boundary=${boundary}\r\ncontent-length: ${length}\r\n\r\n`,
    );
    c.socket.write(Buffer.concat([head, file]));
    await expect.poll(() => c.received(), { timeout: 1_000 }).toMatch(/^HTTP\/1\.1 \d{3}[\s\S]*\r\n\r\n\{.*\}$/);
    return { answer: c.received(), c };
  }

  it('answers IMAGE_INVALID from the first bytes of a file that is not an image, the rest never sent', async () => {
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(64 * 1024)]);
    const { answer, c } = await startUpload(gif, 3 * 1024 * 1024);
    expect(answer).toMatch(/^HTTP\/1\.1 415/);
    expect(answer).toContain('"IMAGE_INVALID"');
    c.socket.destroy();
  });

  it('answers PAYLOAD_TOO_LARGE from a declared length over the limit, before the body', async () => {
    const { answer, c } = await startUpload(Buffer.from([0xff, 0xd8, 0xff, 0xe0]), 6 * 1024 * 1024);
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    expect(answer).toContain('"PAYLOAD_TOO_LARGE"');
    c.socket.destroy();
  });
});

describe('connections per client address', () => {
  it(`closes a connection beyond MAX_CONNECTIONS_PER_IP (${MAX_PER_IP}) at once, and takes one again when a place frees`, async () => {
    await expect.poll(() => t.app.openConnections('127.0.0.1')).toBe(0);
    const held = await Promise.all(Array.from({ length: MAX_PER_IP }, () => connect()));
    await expect.poll(() => t.app.openConnections('127.0.0.1')).toBe(MAX_PER_IP);
    const refused = await connect();
    refused.socket.write(`GET /healthz HTTP/1.1\r\nhost: x\r\n\r\n`);
    expect(await closedWithin(refused, 1_000)).toBeLessThan(1_000);
    expect(refused.received()).toBe('');
    // The connections held still answer.
    held[0]!.socket.write(`GET /healthz HTTP/1.1\r\nhost: x\r\n\r\n`);
    await expect.poll(() => held[0]!.received()).toMatch(/^HTTP\/1\.1 \d{3}/);
    held[1]!.socket.destroy();
    await expect.poll(() => t.app.openConnections('127.0.0.1')).toBe(MAX_PER_IP - 1);
    const again = await connect();
    again.socket.write(`GET /healthz HTTP/1.1\r\nhost: x\r\n\r\n`);
    await expect.poll(() => again.received()).toMatch(/^HTTP\/1\.1 \d{3}/);
    for (const c of [...held, again]) c.socket.destroy();
  });
});
