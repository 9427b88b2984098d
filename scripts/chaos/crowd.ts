/**
 * A share of `npm run cluster:chaos`'s live crowd (scripts/chaos/run.ts forks several, one socket per stream): each
 * stream is `GET /api/game/events?games_id=` through the balancer, from a loopback address of its own group
 * (addresses.ts), so the per-address stream cap (SSE_MAX_PER_IP) holds as it would for real players.
 *
 * A stream that ends, fails or stays silent reconnects the way the web's does (apps/web game-stream.ts): after a
 * full-jitter delay, uniform in [0, min(30 s, 1 s × 2^failures)), failures counted since the last frame; silent means
 * no frame for 40 s, or for 5 s + 40 s after connecting (the web keeps a connection whose first frame is late). A stream
 * learns a draw's result from its `result` frame or, after a reconnect, from the `last` of the `period` frame sent at
 * connect (the result it missed while away); the first of the two is the result's arrival on that stream.
 *
 * Messages: `open` (count, url, first address index), `report` (per issue: each stream's arrival time, the results
 * seen, and counts), `close`.
 */
import { request, type ClientRequest } from 'node:http';
import { streamAddress } from './addresses.ts';

type ToCrowd = { type: 'open'; url: string; count: number; first: number } | { type: 'report' } | { type: 'close' };

export type IssueSeen = {
  /** Epoch ms each stream first knew the result (index = stream), null when it never did. */
  arrivals: (number | null)[];
  /** Each distinct result seen for the issue, as JSON. */
  results: string[];
  /** `result` frames of this issue received twice on one connection. */
  duplicates: number;
};

export type CrowdReport = {
  streams: number;
  /** Streams with a connection open and answered 200 now. */
  live: number;
  /** Streams live again after one ended (each time). */
  reconnects: number;
  /** Attempts that failed before 200 (refused, reset, 429, 503…), by reason. */
  failures: Record<string, number>;
  issues: Record<string, IssueSeen>;
  /** Epoch ms each stream last became live (after its latest reconnect). */
  liveSince: number[];
};

export type FromCrowd = { type: 'opened'; live: number } | { type: 'report'; report: CrowdReport } | { type: 'closed' };

const send = (m: FromCrowd) => process.send?.(m);
const SILENCE_MS = 40_000;
const FIRST_FRAME_MS = 5_000;

type Stream = {
  index: number;
  address: string;
  req: ClientRequest | null;
  live: boolean;
  attempt: number;
  timer: NodeJS.Timeout | null;
  liveSince: number;
  /** Dropped and not live again yet. */
  dropped: boolean;
  /** Issues whose `result` frame came on the current connection. */
  resultsHere: Set<string>;
};

const streams: Stream[] = [];
const issues = new Map<string, IssueSeen>();
const failures: Record<string, number> = {};
let reconnects = 0;
let closing = false;
let url: URL;

const fail = (why: string) => (failures[why] = (failures[why] ?? 0) + 1);

function seen(s: Stream, issue: string, result: unknown, at: number) {
  let entry = issues.get(issue);
  if (!entry) {
    entry = { arrivals: new Array<number | null>(streams.length).fill(null), results: [], duplicates: 0 };
    issues.set(issue, entry);
  }
  const json = JSON.stringify(result);
  if (!entry.results.includes(json)) entry.results.push(json);
  if (entry.arrivals[s.index] == null) entry.arrivals[s.index] = at;
}

function frame(s: Stream, text: string) {
  const event = /^event: (.*)$/m.exec(text)?.[1];
  const data = /^data: (.*)$/m.exec(text)?.[1];
  if (!event || !data) return;
  const now = Date.now();
  if (event === 'result') {
    const r = JSON.parse(data) as { issue: string; result: number[] };
    if (s.resultsHere.has(r.issue)) issues.get(r.issue)!.duplicates += 1;
    s.resultsHere.add(r.issue);
    seen(s, r.issue, r.result, now);
  } else if (event === 'period' || event === 'next') {
    const p = JSON.parse(data) as { last: { issue: string; result: number[] } | null };
    if (p.last) seen(s, p.last.issue, p.last.result, now);
  }
}

function arm(s: Stream, ms: number) {
  if (s.timer) clearTimeout(s.timer);
  s.timer = setTimeout(() => drop(s, 'silent'), ms);
}

function drop(s: Stream, why: string | null) {
  if (closing) return;
  if (why) fail(why);
  s.req?.destroy();
  s.req = null;
  s.live = false;
  s.resultsHere.clear();
  if (s.timer) clearTimeout(s.timer);
  // The web's full jitter (game-stream.ts reconnectDelay); Math.random is fine here: it is the load, not a draw.
  const delay = Math.floor(Math.random() * Math.min(30_000, 1000 * 2 ** Math.min(s.attempt, 30)));
  s.attempt += 1;
  s.dropped = true;
  s.timer = setTimeout(() => void connect(s), delay);
}

function connect(s: Stream): Promise<boolean> {
  return new Promise((done) => {
    let answered = false;
    const finish = (ok: boolean) => {
      if (answered) return;
      answered = true;
      done(ok);
    };
    // The web marks a stream that has said nothing FIRST_FRAME_MS after connecting as down (its screen polls
    // meanwhile) but keeps the connection, and replaces it only once it has been silent SILENCE_MS more
    // (game-stream.ts): a first frame that comes late, behind a crowd arriving at once, still comes on it.
    arm(s, FIRST_FRAME_MS + SILENCE_MS);
    const req = request(
      url,
      { agent: false, localAddress: s.address, headers: { accept: 'text/event-stream', lang: 'en' } },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          finish(false);
          drop(s, `HTTP ${res.statusCode}`);
          return;
        }
        res.setEncoding('utf8');
        let buf = '';
        res.on('data', (chunk: string) => {
          if (!s.live) {
            if (s.dropped) reconnects += 1;
            s.dropped = false;
            s.live = true;
            s.liveSince = Date.now();
            finish(true);
          }
          s.attempt = 0;
          arm(s, SILENCE_MS);
          buf += chunk;
          let end: number;
          while ((end = buf.indexOf('\n\n')) >= 0) {
            frame(s, buf.slice(0, end));
            buf = buf.slice(end + 2);
          }
        });
        res.on('error', () => undefined);
        res.on('close', () => {
          if (s.req === req) drop(s, null);
          finish(false);
        });
      },
    );
    s.req = req;
    req.on('error', (err: NodeJS.ErrnoException) => {
      finish(false);
      if (s.req === req) drop(s, s.live ? null : (err.code ?? 'error'));
    });
    req.end();
  });
}

process.on('message', (m: ToCrowd) => {
  if (m.type === 'open') {
    url = new URL(m.url);
    const added = Array.from({ length: m.count }, (_, i): Stream => {
      const s: Stream = {
        index: streams.length + i,
        address: streamAddress(m.first + i),
        req: null,
        live: false,
        attempt: 0,
        timer: null,
        liveSince: 0,
        dropped: false,
        resultsHere: new Set(),
      };
      return s;
    });
    streams.push(...added);
    for (const entry of issues.values()) while (entry.arrivals.length < streams.length) entry.arrivals.push(null);
    void Promise.all(added.map((s) => connect(s))).then(() =>
      send({ type: 'opened', live: streams.filter((s) => s.live).length }),
    );
  } else if (m.type === 'report') {
    send({
      type: 'report',
      report: {
        streams: streams.length,
        live: streams.filter((s) => s.live).length,
        reconnects,
        failures: { ...failures },
        issues: Object.fromEntries(issues),
        liveSince: streams.map((s) => s.liveSince),
      },
    });
  } else if (m.type === 'close') {
    closing = true;
    for (const s of streams) {
      if (s.timer) clearTimeout(s.timer);
      s.req?.destroy();
    }
    send({ type: 'closed' });
  }
});
