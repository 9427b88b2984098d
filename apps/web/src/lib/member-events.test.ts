import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { applyFrame, backoffMs, sseParser } from './member-events.tsx';
import { UNREAD_KEY } from './server-state/keys.ts';

describe('the member stream on the page', () => {
  it('splits frames however the chunks fall', () => {
    const got: [string, unknown][] = [];
    const feed = sseParser((e, d) => got.push([e, d]));
    feed('event: ready\ndata: {}\n\nevent: supp');
    feed('ort\ndata: {"id":7}\n');
    expect(got).toEqual([['ready', {}]]);
    feed('\nevent: ping\r\ndata: {}\r\n\r\n');
    expect(got).toEqual([
      ['ready', {}],
      ['support', { id: 7 }],
      ['ping', {}],
    ]);
  });

  it('backs off from 1 s to at most 30 s, with jitter', () => {
    expect(backoffMs(0, () => 1)).toBe(1_000);
    expect(backoffMs(1, () => 1)).toBe(2_000);
    expect(backoffMs(20, () => 1)).toBe(30_000);
    expect(backoffMs(20, () => 0)).toBe(15_000);
  });

  it('reads again only what the frame names', () => {
    const qc = new QueryClient();
    const spy = vi.spyOn(qc, 'invalidateQueries');
    applyFrame(qc, 'support', { id: 3 });
    expect(spy.mock.calls.map((c) => c[0]?.queryKey)).toEqual([
      ['support', 'detail', 3],
      ['support', 'list'],
    ]);
    spy.mockClear();
    applyFrame(qc, 'msg', {});
    expect(spy.mock.calls.map((c) => c[0]?.queryKey)).toEqual([UNREAD_KEY, ['msg-list']]);
    spy.mockClear();
    applyFrame(qc, 'ping', {});
    expect(spy).not.toHaveBeenCalled();
  });
});

describe('the stream loop', () => {
  it('reads frames from a 200, polls only after a refusal, and stops on abort', async () => {
    const { runMemberEvents } = await import('./member-events.tsx');
    const { memberStreamState } = await import('./member-stream.ts');
    const client = await import('./api-client.ts');
    const qc = new QueryClient();
    const spy = vi.spyOn(qc, 'invalidateQueries');
    const controller = new AbortController();
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new TextEncoder().encode('event: ready\ndata: {}\n\nevent: support\ndata: {"id":9}\n\n'));
        c.close();
      },
    });
    const fetchSpy = vi
      .spyOn(client, 'apiFetch')
      .mockResolvedValueOnce(new Response(body, { status: 200 }))
      .mockImplementation(() => {
        return Promise.resolve(new Response('{"code":429}', { status: 429 }));
      });
    vi.useFakeTimers();
    const run = runMemberEvents(qc, controller.signal);
    await vi.waitFor(() => expect(spy.mock.calls.map((c) => c[0]?.queryKey)).toContainEqual(['support', 'detail', 9]));
    // The stream ended: reconnect after the backoff; that one is refused, so the queries poll.
    await vi.advanceTimersByTimeAsync(1_500);
    await vi.waitFor(() => expect(memberStreamState()).toBe('refused'));
    expect(fetchSpy.mock.calls[0]?.[1]?.headers).toEqual({ accept: 'text/event-stream' });
    controller.abort();
    await run;
    expect(memberStreamState()).toBe('off');
    vi.useRealTimers();
    fetchSpy.mockRestore();
  });
});
