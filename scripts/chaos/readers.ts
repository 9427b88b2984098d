/**
 * `npm run cluster:chaos`'s readers (scripts/chaos/run.ts forks this): through the balancer, throughout the run, the
 * reads the API may serve from the replica (docs/scaling.md, "The read replica"), each reader from a loopback address
 * of its own (addresses.ts) polling about every `everyMs`:
 *
 * - `history`: GET /api/game/history of the game bet on (public); each issue's first appearance at the head of the
 *   list is noted, so the run can tell how soon a draw reached the history;
 * - `trend`: GET /api/game/trend of that game (public);
 * - `bet list`: GET /api/bet/list of a betting guest (the bettors' players: their slips come and settle meanwhile);
 * - `account history`: GET /api/account/history of a registered player (signed up here: a guest may not read it).
 *
 * A read is sent once and never retried: a reset or a refusal counts as an error, any status but 2xx as a failure.
 * Every read is counted under the fault phase the run is in when it starts (`phase` messages); `stop` answers `stopped`
 * once no read is in flight; `report` answers the counts per phase and kind, and the history's first sightings.
 */
import { Agent } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { readersAddress } from './addresses.ts';
import { call } from './players.ts';
import { countedGet, noReadCounts, type ReadCounts } from './reads.ts';

export const READ_KINDS = ['history', 'trend', 'bet list', 'account history'] as const;
export type ReadKind = (typeof READ_KINDS)[number];

type ToReaders =
  | {
      type: 'start';
      url: string;
      gameId: number;
      /** Session tokens of betting players whose bet list is read (one reader each). */
      bettorTokens: string[];
      /** Readers of each public read, and registered players whose account history is read. */
      publicReaders: number;
      registered: number;
      everyMs: number;
    }
  | { type: 'phase'; name: string }
  | { type: 'stop' }
  | { type: 'report' };

export type ReadersReport = {
  phases: Record<string, Record<ReadKind, ReadCounts>>;
  /** Per issue, when (epoch ms) a history answer first listed it at its head. */
  historyFirstSeen: Record<string, number>;
  readers: number;
};
export type FromReaders =
  { type: 'started'; readers: number } | { type: 'stopped' } | { type: 'report'; report: ReadersReport };

const send = (m: FromReaders) => process.send?.(m);

let phase = 'start';
let running = true;
let readers = 0;
/** Settles once every reader has stopped (its read in flight answered or given up). */
let finished: Promise<unknown> = Promise.resolve();
const phases: Record<string, Record<ReadKind, ReadCounts>> = {};
const historyFirstSeen: Record<string, number> = {};
const counts = (kind: ReadKind): ReadCounts => {
  const p = (phases[phase] ??= {
    history: noReadCounts(),
    trend: noReadCounts(),
    'bet list': noReadCounts(),
    'account history': noReadCounts(),
  });
  return p[kind];
};

/** A registered player (the account history is refused to guests), signed up from `agent`'s address. */
async function register(base: URL, agent: Agent, n: number): Promise<string> {
  const account = `rd${Date.now().toString(36)}${n}`;
  const password = 'chaos12345';
  const body = JSON.stringify({ account, password, confirm_password: password, adult: true });
  for (let tries = 0; ; tries += 1) {
    try {
      const a = await call(new URL('/api/user/register', base), agent, 'POST', {}, body);
      if (a.status === 200) return (JSON.parse(a.body) as { data: { token: string } }).data.token;
      if (tries > 10) throw new Error(`register: HTTP ${a.status} ${a.body.slice(0, 200)}`);
    } catch (err) {
      if (tries > 10) throw err;
    }
    await sleep(500);
  }
}

async function main(m: Extract<ToReaders, { type: 'start' }>) {
  const base = new URL(m.url);
  const at = (path: string) => new URL(path, base);
  type Reader = { kind: ReadKind; url: URL; headers: Record<string, string>; seen?: (body: string) => void };
  const list: Reader[] = [];
  const noteHead = (body: string) => {
    const issue = (JSON.parse(body) as { data?: { list?: { issue: string }[] } }).data?.list?.[0]?.issue;
    if (issue && historyFirstSeen[issue] === undefined) historyFirstSeen[issue] = Date.now();
  };
  for (let i = 0; i < m.publicReaders; i += 1) {
    list.push({ kind: 'history', url: at(`/api/game/history?games_id=${m.gameId}`), headers: {}, seen: noteHead });
    list.push({ kind: 'trend', url: at(`/api/game/trend?games_id=${m.gameId}`), headers: {} });
  }
  for (const token of m.bettorTokens) list.push({ kind: 'bet list', url: at('/api/bet/list'), headers: { token } });
  const agents = list.map((_, i) => new Agent({ keepAlive: true, localAddress: readersAddress(i) }));
  for (let i = 0; i < m.registered; i += 1) {
    const agent = new Agent({ keepAlive: true, localAddress: readersAddress(list.length) });
    const token = await register(base, agent, i);
    list.push({ kind: 'account history', url: at('/api/account/history'), headers: { token } });
    agents.push(agent);
  }
  readers = list.length;
  send({ type: 'started', readers });

  finished = Promise.all(
    list.map(async (r, i) => {
      // The readers spread over the interval.
      await sleep(Math.floor((i * m.everyMs) / list.length));
      while (running) {
        const started = Date.now();
        const answer = await countedGet(counts(r.kind), r.url, agents[i]!, r.headers);
        if (answer?.status === 200) r.seen?.(answer.body);
        await sleep(Math.max(50, m.everyMs - (Date.now() - started)));
      }
    }),
  );
  await finished;
}

process.on('message', (m: ToReaders) => {
  if (m.type === 'start') {
    main(m).catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
  } else if (m.type === 'phase') phase = m.name;
  else if (m.type === 'stop') {
    running = false;
    void finished.then(() => send({ type: 'stopped' }));
  } else if (m.type === 'report') send({ type: 'report', report: { phases, historyFirstSeen, readers } });
});
