import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { currentGameKey } from '../api/get-current-game.ts';
import { historyKey } from '../api/get-history.ts';
import { gameEventHandler, STREAM_EVENTS } from './game-events.ts';
import { openGameStream, reconnectDelay, type EventSourceLike, type StreamStatus } from './game-stream.ts';
import { createServerClock } from './server-clock.ts';

/** A stand-in for the browser's EventSource: tests dispatch its events by hand. */
class FakeEventSource implements EventSourceLike {
  static all: FakeEventSource[] = [];
  readyState = 0;
  closed = false;
  private listeners = new Map<string, ((e: { data?: unknown }) => void)[]>();
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeEventSource.all.push(this);
  }
  addEventListener(type: string, fn: (e: { data?: unknown }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  /** A named server event with its JSON data. */
  emit(type: string, data: unknown) {
    this.readyState = 1;
    for (const fn of this.listeners.get(type) ?? [])
      fn({ data: typeof data === 'string' ? data : JSON.stringify(data) });
  }
  /** A failed connection: `closed` as after a non-stream answer (the browser gives up), else it retries itself. */
  fail(closed: boolean) {
    this.readyState = closed ? 2 : 0;
    for (const fn of this.listeners.get('error') ?? []) fn({});
  }
  static last(): FakeEventSource {
    const es = FakeEventSource.all.at(-1);
    if (!es) throw new Error('no EventSource');
    return es;
  }
}

const timers = {
  setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
  clearTimeout: (id: unknown) => clearTimeout(id as ReturnType<typeof setTimeout>),
};

function open(events: readonly string[] = ['time', 'period']) {
  const statuses: StreamStatus[] = [];
  const received: [string, unknown][] = [];
  const stream = openGameStream({
    url: '/api/game/events',
    events,
    onEvent: (name, data) => received.push([name, data]),
    onStatus: (s) => statuses.push(s),
    create: (url) => new FakeEventSource(url),
    timers,
  });
  return { stream, statuses, received };
}

describe('game events stream', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeEventSource.all = [];
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is live once a message arrives and hands over each event with its data parsed', () => {
    const { stream, statuses, received } = open();
    expect(statuses).toEqual(['connecting']);
    FakeEventSource.last().emit('time', { server_time: 5 });
    FakeEventSource.last().emit('period', 'not json');
    expect(statuses).toEqual(['connecting', 'live']);
    expect(received).toEqual([
      ['time', { server_time: 5 }],
      ['period', undefined],
    ]);
    stream.close();
    expect(FakeEventSource.last().closed).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('is down when nothing arrives soon after connecting (the screens poll meanwhile)', () => {
    const { statuses } = open();
    vi.advanceTimersByTime(5000);
    expect(statuses).toEqual(['connecting', 'down']);
    FakeEventSource.last().emit('time', { server_time: 1 });
    expect(statuses).toEqual(['connecting', 'down', 'live']);
  });

  it('reconnects after a dropped connection or a refusal with full-jitter exponential backoff', () => {
    // A seeded sequence stands in for Math.random: each delay is that fraction of the current ceiling.
    const draws = [0.5, 0.25, 0.999, 0.1];
    const random = vi.spyOn(Math, 'random').mockImplementation(() => draws.shift() ?? 0);
    const { statuses } = open();
    FakeEventSource.last().emit('time', {});
    FakeEventSource.last().fail(false); // dropped (a server restarting): closed here, not left to the browser
    expect(statuses.at(-1)).toBe('down');
    expect(FakeEventSource.all[0]?.closed).toBe(true);
    vi.advanceTimersByTime(499); // 0.5 × 1 s
    expect(FakeEventSource.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.all).toHaveLength(2);

    FakeEventSource.last().fail(true); // refused (e.g. 502): 0.25 × 2 s
    vi.advanceTimersByTime(499);
    expect(FakeEventSource.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.all).toHaveLength(3);
    FakeEventSource.last().fail(true); // 0.999 × 4 s
    vi.advanceTimersByTime(3995);
    expect(FakeEventSource.all).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.all).toHaveLength(4);
    FakeEventSource.last().emit('time', {});
    expect(statuses.at(-1)).toBe('live');
    // A message resets the exponent: 0.1 × 1 s.
    FakeEventSource.last().fail(false);
    vi.advanceTimersByTime(100);
    expect(FakeEventSource.all).toHaveLength(5);
    expect(random).toHaveBeenCalledTimes(4);
    random.mockRestore();
  });

  it('caps the backoff at 30 s and spreads a crowd dropped at once over the whole window', () => {
    expect(reconnectDelay(0, () => 0.999_999)).toBe(999);
    expect(reconnectDelay(4, () => 0.5)).toBe(8000);
    expect(reconnectDelay(5, () => 0.999_999)).toBe(29_999);
    expect(reconnectDelay(50, () => 0.999_999)).toBe(29_999);
    expect(reconnectDelay(3, () => 0)).toBe(0);

    // 1,000 phones on one server that restarts: their reconnects, by a seeded generator, land all over the first
    // second rather than at one instant.
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const streams = Array.from({ length: 1000 }, () =>
      openGameStream({
        url: '/api/game/events',
        events: ['time'],
        onEvent: () => undefined,
        create: (url) => new FakeEventSource(url),
        timers,
        random,
      }),
    );
    for (const es of [...FakeEventSource.all]) es.emit('time', {});
    for (const es of [...FakeEventSource.all]) es.fail(false);
    const perTenth: number[] = [];
    for (let i = 0; i < 10; i++) {
      const before = FakeEventSource.all.length;
      vi.advanceTimersByTime(100);
      perTenth.push(FakeEventSource.all.length - before);
    }
    expect(FakeEventSource.all).toHaveLength(2000);
    // Each tenth of a second gets about a tenth of the crowd, none more than 15 %.
    for (const n of perTenth) expect(n).toBeGreaterThan(50);
    for (const n of perTenth) expect(n).toBeLessThan(150);
    for (const s of streams) s.close();
  });

  it('replaces a connection that stays open but silent past two heartbeats', () => {
    const random = vi.spyOn(Math, 'random').mockReturnValue(0); // the jitter: no wait
    const { statuses } = open();
    FakeEventSource.last().emit('time', {});
    vi.advanceTimersByTime(39_999);
    expect(FakeEventSource.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(statuses.at(-1)).toBe('down');
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.all).toHaveLength(2);
    expect(FakeEventSource.all[0]?.closed).toBe(true);
    // Events of the replaced connection are ignored.
    FakeEventSource.all[0]?.emit('time', {});
    expect(statuses.at(-1)).toBe('down');
    random.mockRestore();
  });

  it('does nothing after close', () => {
    const { stream, statuses, received } = open();
    const es = FakeEventSource.last();
    stream.close();
    es.emit('time', {});
    es.fail(true);
    vi.advanceTimersByTime(60_000);
    expect(received).toEqual([]);
    expect(statuses).toEqual(['connecting']);
    expect(FakeEventSource.all).toHaveLength(1);
  });
});

describe('what the events do to the screens (query cache)', () => {
  const period = (gameId: number, issue: string, last: string | null) => ({
    games_id: gameId,
    code: 'df_k3',
    issue,
    status: 'open',
    open_at: 1000,
    seal_at: 50_000,
    draw_at: 60_000,
    server_time: 2000,
    commitment: 'c',
    algorithm: 'fd1',
    last: last ? { issue: last, result: [1, 2, 3], seed: 's', commitment: 'c' } : null,
  });

  /** A client with the wallet, a bet list, a history and a current game on screen (active observers). */
  function screen() {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
    const fetched: Record<string, number> = {};
    const watch = (queryKey: readonly unknown[]) => {
      const name = String(queryKey[0]);
      const observer = new QueryObserver(qc, {
        queryKey,
        queryFn: () => {
          fetched[name] = (fetched[name] ?? 0) + 1;
          return Promise.resolve({ n: fetched[name] });
        },
      });
      return observer.subscribe(() => undefined);
    };
    const unsubscribe = [watch(['wallet', 'tok']), watch(['bets', 'tok', 'unsettled', 0]), watch(historyKey(7))];
    /** Until every fetch on screen has finished. */
    const idle = () => vi.waitFor(() => expect(qc.isFetching()).toBe(0));
    return { qc, fetched, idle, close: () => unsubscribe.forEach((u) => u()) };
  }

  it("'settled' fetches the wallet and the bet lists again (a simulated event through the stream)", async () => {
    const s = screen();
    await s.idle();
    expect(s.fetched).toEqual({ wallet: 1, bets: 1, 'game-history': 1 });
    FakeEventSource.all = [];
    const clock = createServerClock({ hidden: () => false });
    const stream = openGameStream({
      url: '/api/game/events?games_id=7',
      events: STREAM_EVENTS,
      onEvent: gameEventHandler(s.qc, clock, 7),
      create: (url) => new FakeEventSource(url),
      timers,
    });
    FakeEventSource.last().emit('settled', { games_id: 7, issue: '20261122-0001' });
    await s.idle();
    expect(s.fetched).toEqual({ wallet: 2, bets: 2, 'game-history': 1 });
    // Harmless without data, with data that is not JSON, and for names the screens do not know.
    FakeEventSource.last().emit('settled', 'oops');
    FakeEventSource.last().emit('mystery', { games_id: 7 });
    await s.idle();
    expect(s.fetched.wallet).toBeGreaterThanOrEqual(3);
    expect(s.fetched['game-history']).toBe(1);
    stream.close();
    s.close();
  });

  it("without 'settled' from the server nothing is refreshed by itself", async () => {
    const s = screen();
    await s.idle();
    const handle = gameEventHandler(s.qc, createServerClock({ hidden: () => false }), 7);
    handle('time', { server_time: Date.now() });
    handle('period', period(7, '20261122-0002', null));
    await s.idle();
    expect(s.fetched).toMatchObject({ wallet: 1, bets: 1 });
    s.close();
  });

  it("'period' / 'next' store the game's current period and set the clock; history goes stale when a draw is new", async () => {
    const s = screen();
    await s.idle();
    const clock = createServerClock({ hidden: () => false });
    const handle = gameEventHandler(s.qc, clock);
    const before = Date.now();
    handle('period', { ...period(7, '20261122-0002', '20261122-0001'), server_time: before + 30_000 });
    expect(s.qc.getQueryData(currentGameKey(7))).toMatchObject({ issue: '20261122-0002' });
    expect(clock.offset()).toBeGreaterThan(29_000);
    await s.idle();
    expect(s.fetched['game-history']).toBe(1); // first period heard: the history on screen is fresh

    handle('period', period(7, '20261122-0002', '20261122-0001'));
    await s.idle();
    expect(s.fetched['game-history']).toBe(1); // same last draw

    handle('seal', { games_id: 7, issue: '20261122-0002', server_time: Date.now() });
    expect(s.qc.getQueryData(currentGameKey(7))).toMatchObject({ status: 'sealed' });

    handle('next', period(7, '20261122-0003', '20261122-0002'));
    expect(s.qc.getQueryData(currentGameKey(7))).toMatchObject({ issue: '20261122-0003', status: 'open' });
    await s.idle();
    expect(s.fetched['game-history']).toBe(2); // a new draw

    // Every game on one stream: each event names its game.
    handle('next', period(9, '20261122-0100', '20261122-0099'));
    expect(s.qc.getQueryData(currentGameKey(9))).toMatchObject({ games_id: 9, issue: '20261122-0100' });
    expect(s.qc.getQueryData(currentGameKey(7))).toMatchObject({ issue: '20261122-0003' });
    s.close();
  });

  it('a one-game stream seals its own game when the event does not name it; malformed events change nothing', () => {
    const qc = new QueryClient();
    qc.setQueryData(currentGameKey(7), period(7, '20261122-0002', null));
    const handle = gameEventHandler(qc, createServerClock({ hidden: () => false }), 7);
    handle('seal', { issue: '20261122-0001' }); // another issue
    expect(qc.getQueryData(currentGameKey(7))).toMatchObject({ status: 'open' });
    handle('seal', { issue: '20261122-0002' });
    expect(qc.getQueryData(currentGameKey(7))).toMatchObject({ status: 'sealed' });
    handle('period', { games_id: 'x' });
    handle('next', null);
    handle('period', undefined);
    expect(qc.getQueryData(currentGameKey(7))).toMatchObject({ issue: '20261122-0002' });
  });
});
