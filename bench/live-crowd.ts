/**
 * The child processes of `npm run bench:live` (bench/live.ts), forked with one argument:
 *
 * - `client`: a share of the crowd. It opens live streams when told (`open`: so many, on one URL, all at once, one
 *   socket each), reads them, and notes when each receives the `result` frame of the awaited issue (`arm`, once per
 *   round): the delay from that frame's `draw_at` to its arrival, on the clock the server's is compared with (same
 *   machine). `report` sends the counts and the delays; `close` drops every stream.
 * - `bare`: the reference, a bare node:http SSE server. Each stream gets a `time` frame at once; at `fire`'s instant
 *   it writes a `result` frame (the size of the API's, `draw_at` that instant) and then a `next` frame to every
 *   stream in one loop.
 *
 * A process holds only so many open files: the crowd is spread over several client processes.
 */
import { createServer, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type ToChild =
  | { type: 'open'; url: string; count: number }
  | { type: 'arm'; issue: string }
  | { type: 'report' }
  | { type: 'close' }
  | { type: 'listen'; backlog: number }
  | { type: 'fire'; at: number; resultBytes: number; nextBytes: number };

export type CrowdReport = {
  opened: number;
  /** Delays (ms) from draw_at to the result frame's arrival, one per stream that got it. */
  delays: number[];
  /** Streams opened that never got the result. */
  never: number;
  /** Connections reset by the server (ECONNRESET, EPIPE), before or after they opened. */
  resets: number;
  /** Other failures by code (ETIMEDOUT, HTTP 429, closed …). */
  errors: Record<string, number>;
};

export type FromChild =
  | { type: 'opened'; opened: number; failed: number }
  | { type: 'report'; report: CrowdReport }
  | { type: 'closed' }
  | { type: 'listening'; port: number }
  | { type: 'fired'; streams: number; writeMs: number };

const send = (m: FromChild) => process.send?.(m);
const role = process.argv[2];

if (role === 'client') client();
else if (role === 'bare') bare();
else throw new Error(`live-crowd: client or bare, not ${role}`);

function client() {
  type Stream = { destroy: () => void; delay: number | null; open: boolean };
  const streams: Stream[] = [];
  let awaited: string | null = null;
  let resets = 0;
  const errors: Record<string, number> = {};
  const fail = (code: string) => {
    if (code === 'ECONNRESET' || code === 'EPIPE') resets += 1;
    else errors[code] = (errors[code] ?? 0) + 1;
  };

  /** One stream: resolves true once its 200 headers arrived, false when it failed before. */
  const openOne = (url: URL) =>
    new Promise<boolean>((done) => {
      const s: Stream = { destroy: () => undefined, delay: null, open: false };
      let settled = false;
      const finish = (ok: boolean) => {
        if (settled) return;
        settled = true;
        done(ok);
      };
      const req = request(url, { agent: false, headers: { accept: 'text/event-stream', lang: 'en' } }, (res) => {
        if (res.statusCode !== 200) {
          fail(`HTTP ${res.statusCode}`);
          res.resume();
          req.destroy();
          finish(false);
          return;
        }
        s.open = true;
        streams.push(s);
        finish(true);
        res.setEncoding('utf8');
        let buf = '';
        res.on('data', (chunk: string) => {
          if (s.delay !== null || awaited === null) return;
          buf += chunk;
          let end: number;
          while ((end = buf.indexOf('\n\n')) >= 0) {
            const frame = buf.slice(0, end);
            buf = buf.slice(end + 2);
            if (!frame.startsWith('event: result\n')) continue;
            const now = Date.now();
            const data = JSON.parse(frame.slice(frame.indexOf('data: ') + 6)) as { issue: string; draw_at: number };
            if (data.issue !== awaited) continue;
            s.delay = now - data.draw_at;
            buf = '';
            break;
          }
          if (buf.length > 1 << 16) buf = buf.slice(-4096);
        });
        res.on('error', (err: NodeJS.ErrnoException) => fail(err.code ?? 'error'));
        res.on('close', () => {
          if (s.open && s.delay === null && !closing) fail('closed before the result');
          s.open = false;
        });
      });
      s.destroy = () => req.destroy();
      req.on('error', (err: NodeJS.ErrnoException) => {
        if (!s.open) {
          fail(err.code ?? 'error');
          finish(false);
        } else if (!closing) fail(err.code ?? 'error');
      });
      req.end();
    });

  let closing = false;
  process.on('message', (m: ToChild) => {
    if (m.type === 'open') {
      const url = new URL(m.url);
      void Promise.all(Array.from({ length: m.count }, () => openOne(url))).then((oks) => {
        const opened = oks.filter(Boolean).length;
        send({ type: 'opened', opened, failed: oks.length - opened });
      });
    } else if (m.type === 'arm') {
      awaited = m.issue;
      for (const s of streams) s.delay = null;
    } else if (m.type === 'report') {
      const delays = streams.flatMap((s) => (s.delay === null ? [] : [s.delay]));
      send({
        type: 'report',
        report: {
          opened: streams.length,
          delays,
          never: streams.length - delays.length,
          resets,
          errors: { ...errors },
        },
      });
    } else if (m.type === 'close') {
      closing = true;
      for (const s of streams) s.destroy();
      send({ type: 'closed' });
    }
  });
}

function bare() {
  const open = new Set<ServerResponse>();
  const frame = (event: string, data: object) => Buffer.from(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  const server = createServer((req, res) => {
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write(frame('time', { server_time: Date.now() }));
    open.add(res);
    res.on('close', () => open.delete(res));
    req.resume();
  });
  server.keepAliveTimeout = 0;
  server.requestTimeout = 0;
  process.on('message', (m: ToChild) => {
    if (m.type === 'listen') {
      server.listen({ port: 0, host: '127.0.0.1', backlog: m.backlog }, () =>
        send({ type: 'listening', port: (server.address() as AddressInfo).port }),
      );
    } else if (m.type === 'fire') {
      setTimeout(
        () => {
          const started = performance.now();
          // A frame of the API's size: its fields, padded.
          const pad = (bytes: number, data: Record<string, unknown>) => {
            const bare = JSON.stringify(data).length + 30;
            return { ...data, pad: 'x'.repeat(Math.max(0, bytes - bare)) };
          };
          const result = frame('result', pad(m.resultBytes, { issue: 'bare', draw_at: m.at }));
          const next = frame('next', pad(m.nextBytes, { issue: 'bare-next' }));
          for (const res of open) res.write(result);
          for (const res of open) res.write(next);
          send({ type: 'fired', streams: open.size, writeMs: performance.now() - started });
        },
        Math.max(0, m.at - Date.now()),
      );
    } else if (m.type === 'close') {
      for (const res of open) res.destroy();
      server.close();
      send({ type: 'closed' });
    }
  });
}
