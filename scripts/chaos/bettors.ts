/**
 * `npm run cluster:chaos`'s bettors (scripts/chaos/run.ts forks this): `players` guests, each signed up through the
 * balancer from a loopback address of its own (addresses.ts), bet the minimum stake on the game's open period, one
 * slip every `everyMs` or so, each slip with its own Idempotency-Key, as the web sends one per slip. A slip whose
 * request fails — the connection refused or reset, no answer within 10 s, a 5xx, a 409 IDEMPOTENCY_IN_FLIGHT — is
 * sent again with the same key and body until it is answered (2xx, or a refusal the API decided), for up to 60 s.
 * Meanwhile one reader polls POST /api/game/current_game once a second: the open issue the slips name.
 *
 * Read-your-writes: about every `ownReadEveryMs`, the player of the next accepted slip reads his own bet list at once
 * (GET /api/bet/list, first page, through the balancer like everything else, so on any host): it must list that slip.
 *
 * `burst`: every player sends a slip at once, so that a host killed right after has slips in flight.
 * Every request and slip is counted under the fault phase the run is in when it starts (`phase` messages);
 * `report` answers the counts and every slip's outcome.
 */
import { Agent } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { readerAddress } from './addresses.ts';
import { noCounts } from './phase-counts.ts';
import { call, signUpGuests, type Answer, type Player } from './players.ts';
import { countedGet, type ReadCounts } from './reads.ts';

type ToBettors =
  | {
      type: 'start';
      url: string;
      players: number;
      everyMs: number;
      ownReadEveryMs: number;
      gameId: number;
      playId: number;
      stake: number;
    }
  | { type: 'phase'; name: string }
  | { type: 'burst' }
  | { type: 'stop' }
  | { type: 'report' };

export type PhaseCounts = {
  /** HTTP requests sent (bets, retries and reads). */
  sent: number;
  /** Requests that failed: no answer, a reset, a 5xx, a 409 in flight. */
  failed: number;
  /** Slips sent more than once whose retry with the key was answered. */
  retriedOk: number;
  /** Slips still unanswered after 60 s of retries. */
  unanswered: number;
  /** Slips accepted (2xx). */
  accepted: number;
  /** Slips refused by the API, by error code. */
  refused: Record<string, number>;
  /** Answers marked `idempotent-replayed` (a retry whose first attempt had committed, or a deliberate replay). */
  replayed: number;
  /** Accepted slips deliberately sent a second time with their key. */
  replaysSent: number;
  /** The reads of a player's own bet list right after his slip was accepted (not in `sent`). */
  ownReads: ReadCounts;
  /** Of those answered 2xx: lists that held the slip, and lists without it (a stale read of one's own write). */
  ownShown: number;
  ownStale: number;
};

export type Slip = {
  key: string;
  phase: string;
  issue: string;
  attempts: number;
  /** Slip id of the 2xx answer, null when refused or unanswered. */
  id: number | null;
  /** Every slip id received for the key (retries included): one distinct value when the key answered once. */
  ids: number[];
  code: string | null;
};

export type BettorsReport = { phases: Record<string, PhaseCounts>; slips: Slip[]; players: number };
export type FromBettors =
  { type: 'started'; players: number; tokens: string[] } | { type: 'report'; report: BettorsReport };

const send = (m: FromBettors) => process.send?.(m);

let phase = 'start';
/** Every player sends a slip at once (the run kills a host right after, with these in flight). */
let burst = () => undefined as void;
let running = true;
const phases: Record<string, PhaseCounts> = {};
const slips: Slip[] = [];
const counts = (name: string): PhaseCounts => (phases[name] ??= noCounts());

/** Every REPLAY_EVERY-th accepted slip is sent again with its key. */
const REPLAY_EVERY = 20;

const retryable = (a: Answer) =>
  a.status >= 500 || a.status === 0 || (a.status === 409 && a.body.includes('IDEMPOTENCY_IN_FLIGHT'));

async function main(m: Extract<ToBettors, { type: 'start' }>) {
  const base = new URL(m.url);
  const at = (path: string) => new URL(path, base);
  let current: { issue: string | null; status: string | null; seal_at: number | null } = {
    issue: null,
    status: null,
    seal_at: null,
  };
  const reader = new Agent({ keepAlive: true, localAddress: readerAddress });
  const read = async () => {
    const c = counts(phase);
    c.sent += 1;
    try {
      const a = await call(at(`/api/game/current_game?games_id=${m.gameId}`), reader, 'POST', {}, '{}');
      if (a.status !== 200) c.failed += 1;
      else current = (JSON.parse(a.body) as { data: typeof current }).data;
    } catch {
      c.failed += 1;
    }
  };
  await read();
  void (async () => {
    while (running) {
      await sleep(1000 - (Date.now() % 1000) + 50);
      await read();
    }
  })();

  // Players: a guest each, from its own address.
  const players = await signUpGuests(base, m.players);
  send({ type: 'started', players: players.length, tokens: players.map((p) => p.token) });

  // The next accepted slip's player reads his own list once this time has passed.
  let ownReadAt = Date.now();
  const readOwn = async (player: Player, slip: Slip, c: PhaseCounts) => {
    const answer = await countedGet(c.ownReads, at('/api/bet/list?page=1'), player.agent, { token: player.token });
    if (answer?.status !== 200) return;
    const list = (JSON.parse(answer.body) as { data: { list: { id: number }[] } }).data.list;
    if (list.some((s) => s.id === slip.id)) c.ownShown += 1;
    else {
      c.ownStale += 1;
      console.error(`bettors: slip ${slip.id} (${slip.key}) not in its player's bet list read right after it`);
    }
  };

  const runId = `chaos-${Date.now().toString(36)}`;
  let n = 0;
  /** Sends the slip until it is answered (retrying with its key) or 60 s pass; the answer, or undefined. */
  const sendSlip = async (player: Player, slip: Slip, body: string, c: PhaseCounts): Promise<Answer | undefined> => {
    const deadline = Date.now() + 60_000;
    for (let attempt = 1; ; attempt += 1) {
      slip.attempts += 1;
      c.sent += 1;
      try {
        const headers = { token: player.token, 'idempotency-key': slip.key };
        const answer = await call(at('/api/game/bet'), player.agent, 'POST', headers, body);
        if (!retryable(answer)) {
          if (answer.replayed) c.replayed += 1;
          if (attempt > 1) c.retriedOk += 1;
          return answer;
        }
      } catch {
        // no answer: sent again below
      }
      c.failed += 1;
      if (Date.now() > deadline) return undefined;
      await sleep(250 + Math.floor(Math.random() * 250));
    }
  };

  const place = async (player: Player) => {
    const issue = current.issue;
    if (!issue || current.status !== 'open' || (current.seal_at ?? 0) - Date.now() < 300) return;
    const slip: Slip = { key: `${runId}-${n++}`, phase, issue, attempts: 0, id: null, ids: [], code: null };
    slips.push(slip);
    const c = counts(slip.phase);
    const body = JSON.stringify({ games_id: m.gameId, issue, items: [{ play_id: m.playId, amount: m.stake }] });
    const answer = await sendSlip(player, slip, body, c);
    if (!answer) {
      c.unanswered += 1;
      slip.code = 'unanswered';
      return;
    }
    const json = JSON.parse(answer.body) as { data?: { id: number }; error?: string };
    if (answer.status !== 200 || !json.data) {
      slip.code = json.error ?? `HTTP ${answer.status}`;
      c.refused[slip.code] = (c.refused[slip.code] ?? 0) + 1;
      return;
    }
    slip.id = json.data.id;
    slip.ids.push(json.data.id);
    c.accepted += 1;
    if (Date.now() >= ownReadAt) {
      ownReadAt = Date.now() + m.ownReadEveryMs;
      await readOwn(player, slip, c);
    }
    // One slip in REPLAY_EVERY is sent once more with its key, as a double tap or a retry after a lost answer would:
    // it must be answered with the same slip, marked replayed, and place nothing.
    if (n % REPLAY_EVERY !== 0) return;
    const again = await sendSlip(player, slip, body, c);
    if (!again) return;
    c.replaysSent += 1;
    const replayed = (JSON.parse(again.body) as { data?: { id: number } }).data?.id;
    if (replayed !== undefined) slip.ids.push(replayed);
    if (again.status !== 200 || replayed === undefined || !again.replayed) {
      slip.code = `replay answered ${again.status}${again.replayed ? '' : ' not marked replayed'}`;
    }
  };

  burst = () => {
    for (const player of players) void place(player);
  };
  // Each player bets about every everyMs, the players spread over that interval.
  await Promise.all(
    players.map(async (player, i) => {
      await sleep(Math.floor((i * m.everyMs) / players.length));
      while (running) {
        const started = Date.now();
        await place(player);
        await sleep(Math.max(50, m.everyMs - (Date.now() - started)));
      }
    }),
  );
}

process.on('message', (m: ToBettors) => {
  if (m.type === 'start') {
    main(m).catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
  } else if (m.type === 'phase') phase = m.name;
  else if (m.type === 'burst') burst();
  else if (m.type === 'stop') running = false;
  else if (m.type === 'report') send({ type: 'report', report: { phases, slips, players: 0 } });
});
