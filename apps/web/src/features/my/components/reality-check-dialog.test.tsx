// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { API, type LimitsState } from '@fairdraw/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { RealityCheck } from './reality-check.tsx';

vi.mock('../../../lib/api-client.ts', async (load) => ({
  ...(await load<typeof import('../../../lib/api-client.ts')>()),
  apiRequest: vi.fn(),
}));
const request = vi.mocked(apiRequest);

const MINUTE = 60_000;
const NOW = Date.now();
/** A session started 31 minutes ago with a reminder every 30 minutes: one is due now. */
function state(dismissedAt: number | null, now = NOW): LimitsState {
  return {
    limits: [],
    reality_check: { minutes: 30, session_started_at: NOW - 31 * MINUTE, session_net: 0, dismissed_at: dismissedAt },
    offer_deposit_limit: false,
    time_zone: 'Asia/Bangkok',
    server_time: now,
  };
}

afterEach(() => {
  request.mockReset();
});

describe('the reality check', () => {
  it('stays closed after "continue", even when figures read before the click arrive afterwards', async () => {
    // The first read opens it; the read it starts as it opens is answered only after the click, without the
    // dismissal; the dismissal's own answer comes last.
    let staleAnswer: (s: LimitsState) => void = () => undefined;
    let dismissalAnswer: (s: LimitsState) => void = () => undefined;
    let reads = 0;
    request.mockImplementation((path: string) => {
      if (path === API.protectionLimits) {
        reads += 1;
        if (reads === 1) return Promise.resolve(state(null));
        return new Promise((ok) => (staleAnswer = ok as (s: LimitsState) => void));
      }
      if (path === API.protectionPrompt) return new Promise((ok) => (dismissalAnswer = ok as (s: LimitsState) => void));
      return Promise.reject(new Error(`unexpected ${path}`));
    });
    const { user } = renderWithApp(<RealityCheck />);
    const dialog = await screen.findByTestId('reality-check');
    await user.click(await screen.findByTestId('reality-continue'));
    expect(screen.queryByTestId('reality-continue')).toBeNull();

    const dueAt = state(null).reality_check.session_started_at + 30 * MINUTE;
    await act(() => Promise.resolve(staleAnswer(state(null, NOW + 1_000))));
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(screen.queryByTestId('reality-continue')).toBeNull();
    await act(() => Promise.resolve(dismissalAnswer(state(dueAt))));
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(screen.queryByTestId('reality-continue')).toBeNull();
    expect(dialog).toBeDefined();
  });
});
