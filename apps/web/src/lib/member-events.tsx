import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { API } from '@fairdraw/contract';
import { apiFetch } from './api-client.ts';
import { setMemberStreamState } from './member-stream.ts';
import { INBOX_KEY, SUPPORT_KEY, SUPPORT_LIST_KEY, UNREAD_KEY, supportDetailKey } from './server-state/keys.ts';

/** The wait before reconnecting after a drop: 1 s, doubling up to 30 s, with jitter so a crowd spreads out. */
export function backoffMs(attempt: number, random = Math.random): number {
  const base = Math.min(30_000, 1_000 * 2 ** Math.min(attempt, 5));
  return Math.round(base * (0.5 + random() / 2));
}

/** After a refusal (a cap reached, streaming off), the next try comes this much later; meanwhile queries poll. */
export const REFUSED_RETRY_MS = 60_000;

/** Splits a Server-Sent Events body into frames: calls `onFrame(event, data)` for each complete one. */
export function sseParser(onFrame: (event: string, data: unknown) => void): (chunk: string) => void {
  let buf = '';
  return (chunk) => {
    buf += chunk.replace(/\r\n?/g, '\n');
    let i;
    while ((i = buf.indexOf('\n\n')) >= 0) {
      const block = buf.slice(0, i);
      buf = buf.slice(i + 2);
      const event = /^event: ?(.*)$/m.exec(block)?.[1] ?? 'message';
      const raw = /^data: ?(.*)$/m.exec(block)?.[1];
      let data: unknown = null;
      try {
        data = raw === undefined ? null : JSON.parse(raw);
      } catch {
        // not ours
      }
      onFrame(event, data);
    }
  };
}

/** What each frame makes the page read again (nothing else: a frame never carries a message itself). */
export function applyFrame(qc: QueryClient, event: string, data: unknown): void {
  if (event === 'ready' || event === 'resync') {
    // Opened, or back after a drop: whatever changed meanwhile is read again.
    void qc.invalidateQueries({ queryKey: SUPPORT_KEY });
    void qc.invalidateQueries({ queryKey: UNREAD_KEY });
    void qc.invalidateQueries({ queryKey: INBOX_KEY });
  } else if (event === 'msg') {
    void qc.invalidateQueries({ queryKey: UNREAD_KEY });
    void qc.invalidateQueries({ queryKey: INBOX_KEY });
  } else if (event === 'support') {
    const id = (data as { id?: unknown } | null)?.id;
    if (typeof id === 'number') void qc.invalidateQueries({ queryKey: supportDetailKey(id) });
    void qc.invalidateQueries({ queryKey: SUPPORT_LIST_KEY });
  }
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Keeps the player's member stream (GET /api/user/events) open until `signal` aborts. Read with fetch so the
 * session token goes in its header, never in the URL (an EventSource can send no header). A dropped stream comes
 * back after backoffMs; a refused one (429 and the like) leaves the queries polling slowly and is tried again after
 * REFUSED_RETRY_MS; a 401 (the session ended) stops it.
 */
export async function runMemberEvents(qc: QueryClient, signal: AbortSignal): Promise<void> {
  let attempt = 0;
  while (!signal.aborted) {
    let res: Response | undefined;
    try {
      res = await apiFetch(API.userEvents, { headers: { accept: 'text/event-stream' }, signal });
    } catch {
      res = undefined;
    }
    if (signal.aborted) break;
    if (res?.status === 401) break;
    if (res && !res.ok) {
      setMemberStreamState('refused');
      await res.body?.cancel().catch(() => undefined);
      await sleep(REFUSED_RETRY_MS, signal);
      continue;
    }
    if (res?.body) {
      setMemberStreamState('live');
      attempt = 0;
      const feed = sseParser((event, data) => applyFrame(qc, event, data));
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          feed(value);
        }
      } catch {
        // dropped (or aborted): reconnect below
      }
    }
    if (signal.aborted) break;
    await sleep(backoffMs(attempt++), signal);
  }
  setMemberStreamState('off');
}

/** Mounted once for a registered player (app/layout.tsx): the stream lives as long as the session. */
export function MemberEvents({ token }: { token: string }) {
  const qc = useQueryClient();
  useEffect(() => {
    const controller = new AbortController();
    void runMemberEvents(qc, controller.signal);
    return () => controller.abort();
  }, [qc, token]);
  return null;
}
