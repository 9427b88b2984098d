import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { CurrentGame } from '@fairdraw/contract';
import { currentGameKey } from '../api/get-current-game.ts';
import { historyKey } from '../api/get-history.ts';
import { gameEventHandler } from './game-events.ts';
import { nextPollDelay, startGamePoll } from './game-poll.ts';
import { createServerClock } from './server-clock.ts';

const T0 = 1_800_000_000_000;

const game = (gameId: number, issue: string, drawAt: number, last: string | null): CurrentGame => ({
  games_id: gameId,
  code: 'df_k3',
  issue,
  status: 'open',
  open_at: drawAt - 60_000,
  seal_at: drawAt - 5000,
  draw_at: drawAt,
  server_time: Date.now(),
  commitment: 'c',
  algorithm: 'fd1',
  last: last ? { issue: last, result: [1, 2, 3], seed: 's', commitment: 'c' } : null,
});

const timers = {
  setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
  clearTimeout: (id: unknown) => clearTimeout(id as ReturnType<typeof setTimeout>),
};

describe('nextPollDelay: every 5 s, or just after a draw that falls due sooner', () => {
  it('waits the interval when no draw is due before it', () => {
    expect(nextPollDelay([game(1, 'a', T0 + 60_000, null)], T0)).toBe(5000);
    expect(nextPollDelay([], T0)).toBe(5000);
  });
  it('asks one second after the earliest draw due sooner, never more often than each second', () => {
    expect(nextPollDelay([game(1, 'a', T0 + 60_000, null), game(2, 'b', T0 + 2000, null)], T0)).toBe(3000);
    expect(nextPollDelay([game(1, 'a', T0 - 500, null)], T0)).toBe(1000);
    expect(nextPollDelay([game(1, 'a', T0 - 5000, null)], T0)).toBe(5000); // long past: no sooner
    expect(nextPollDelay([{ ...game(1, 'a', 0, null), draw_at: null }], T0)).toBe(5000);
  });
});

describe('startGamePoll: the stream is down, the screens still move', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A server whose answers the test sets; records each event the poll hands on. */
  function setup(games: number[] = [7]) {
    const answers = new Map<number, CurrentGame>();
    const fetched: number[] = [];
    const events: [string, unknown][] = [];
    let failing = false;
    const poll = startGamePoll({
      games: () => games,
      fetchGame: (id) => {
        fetched.push(id);
        const a = answers.get(id);
        return failing || !a ? Promise.reject(new Error('down')) : Promise.resolve(a);
      },
      onEvent: (name, data) => events.push([name, data]),
      now: () => Date.now(),
      timers,
    });
    return { answers, fetched, events, poll, fail: (f: boolean) => (failing = f) };
  }

  it('asks at once, hands each answer on as a `period`, then asks again on the countdown', async () => {
    const answers = new Map<number, CurrentGame>();
    answers.set(7, game(7, '0002', T0 + 2500, '0001'));
    const fetched: number[] = [];
    const events: [string, unknown][] = [];
    const poll = startGamePoll({
      games: () => [7],
      fetchGame: (id) => {
        fetched.push(id);
        return Promise.resolve(answers.get(id) as CurrentGame);
      },
      onEvent: (name, data) => events.push([name, data]),
      now: () => Date.now(),
      timers,
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(fetched).toEqual([7]);
    expect(events).toEqual([['period', answers.get(7)]]);
    // The draw is due in 2.5 s: the next poll comes 1 s after it, not at 5 s.
    answers.set(7, game(7, '0003', T0 + 60_000, '0002'));
    await vi.advanceTimersByTimeAsync(3499);
    expect(fetched).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetched).toHaveLength(2);
    expect(events.at(-2)).toEqual(['period', answers.get(7)]);
    // A new draw: the wallet and bet lists are refreshed now and on the next poll (settlement follows the draw).
    expect(events.at(-1)).toEqual(['settled', undefined]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetched).toHaveLength(3);
    expect(events.filter(([n]) => n === 'settled')).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetched).toHaveLength(4);
    expect(events.filter(([n]) => n === 'settled')).toHaveLength(2);
    poll.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetched).toHaveLength(4);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('keeps polling through failed requests', async () => {
    const s = setup();
    s.fail(true);
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(5000);
    expect(s.fetched).toEqual([7, 7]);
    expect(s.events).toEqual([]);
    s.fail(false);
    s.answers.set(7, game(7, '0002', T0 + 60_000, '0001'));
    await vi.advanceTimersByTimeAsync(5000);
    expect(s.events.map(([n]) => n)).toEqual(['period']);
    s.poll.stop();
  });

  it('with no game on screen (the bet lists) refreshes the wallet and bets every third poll', async () => {
    const s = setup([]);
    await vi.advanceTimersByTimeAsync(0); // poll 1 at 0 s, 2 at 5 s, 3 at 10 s, …
    await vi.advanceTimersByTimeAsync(9999);
    expect(s.events).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(s.events).toEqual([['settled', undefined]]);
    await vi.advanceTimersByTimeAsync(14_999);
    expect(s.events).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(s.events).toHaveLength(2);
    s.poll.stop();
  });

  it('through the stream handler: the polled period lands in the cache, a new draw makes the history stale', async () => {
    const qc = new QueryClient();
    const clock = createServerClock({ hidden: () => false });
    qc.setQueryData(historyKey(7), { pages: [] });
    const answers = [game(7, '0002', T0 + 1000, '0001'), game(7, '0003', T0 + 61_000, '0002')];
    let n = 0;
    const poll = startGamePoll({
      games: () => [7],
      fetchGame: () => Promise.resolve({ ...(answers[Math.min(n++, 1)] as CurrentGame), server_time: T0 + 30_000 }),
      onEvent: gameEventHandler(qc, clock, 7),
      now: () => Date.now(),
      timers,
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(qc.getQueryData(currentGameKey(7))).toMatchObject({ issue: '0002' });
    expect(qc.getQueryState(historyKey(7))?.isInvalidated).toBe(false);
    // The countdown is driven by server time: the answer's stamp set the clock.
    expect(clock.offset()).toBeGreaterThan(29_000);
    await vi.advanceTimersByTimeAsync(2000);
    expect(qc.getQueryData(currentGameKey(7))).toMatchObject({ issue: '0003', last: { issue: '0002' } });
    expect(qc.getQueryState(historyKey(7))?.isInvalidated).toBe(true);
    poll.stop();
  });
});
