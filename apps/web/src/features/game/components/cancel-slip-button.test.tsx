// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { API, type BetSlip } from '@fairdraw/contract';
import { IDEMPOTENCY_HEADER } from '@fairdraw/contract/values';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { getToast } from '../../../lib/toast.ts';
import { en, renderWithApp } from '../../../test/render.tsx';
import { CancelSlipButton } from './cancel-slip-button.tsx';

vi.mock('../../../lib/api-client.ts', async (load) => ({
  ...(await load<typeof import('../../../lib/api-client.ts')>()),
  apiRequest: vi.fn(),
}));
const request = vi.mocked(apiRequest);
const cancels = () => request.mock.calls.filter(([path]) => path === API.betCancel);

const slip = (over: Partial<BetSlip> = {}): BetSlip =>
  ({
    id: 41,
    issue: '20261126-0042',
    total: 1_000,
    status: 'unsettled',
    cancellable: true,
    seal_at: Date.now() + 60_000,
    ...over,
  }) as BetSlip;

beforeEach(() => {
  request.mockReset();
});

describe('CancelSlipButton', () => {
  it('shows nothing for a slip that cannot be cancelled, or whose seal has passed', () => {
    renderWithApp(<CancelSlipButton slip={slip({ cancellable: false })} />);
    // The server's clock reads whole seconds: a seal two seconds ago has passed whatever the rounding.
    renderWithApp(<CancelSlipButton slip={slip({ seal_at: Date.now() - 2_000 })} />);
    expect(screen.queryByTestId('bet-cancel')).toBeNull();
  });

  it('asks first; "keep" sends nothing; confirming cancels the slip once with an idempotency key', async () => {
    const onCancelled = vi.fn();
    const done = slip({ status: 'cancelled', cancellable: false, payout: 1_000 });
    request.mockImplementation((path) => Promise.resolve(path === API.betCancel ? done : null));
    const view = renderWithApp(<CancelSlipButton slip={slip()} onCancelled={onCancelled} />);
    const button = screen.getByTestId('bet-cancel');
    expect(button.textContent).toBe(en('bets.cancel.button'));

    await view.user.click(button);
    expect(screen.getByText(en('bets.cancel.title'))).toBeTruthy();
    await view.user.click(screen.getByTestId('dialog-cancel'));
    expect(cancels()).toHaveLength(0);

    await view.user.click(button);
    await view.user.click(screen.getByTestId('bet-cancel-confirm'));
    await vi.waitFor(() => expect(onCancelled).toHaveBeenCalledWith(done));
    expect(getToast()?.text.replace(/\s/g, ' ')).toBe(en('bets.cancel.done', { amount: 'THB 10.00' }));
    expect(cancels()).toHaveLength(1);
    const [, init] = cancels()[0]!;
    expect(init).toMatchObject({ method: 'POST', body: { id: 41 } });
    expect((init as { headers: Record<string, string> }).headers[IDEMPOTENCY_HEADER]).toMatch(/.{8,}/);
  });

  it('a refusal (the seal came first) is shown, and a retry after it gets a new key', async () => {
    request.mockImplementation((path) =>
      path === API.betCancel
        ? Promise.reject(new ApiError(409, 'PERIOD_SEALED', 'Betting for this draw has closed'))
        : Promise.resolve(null),
    );
    const view = renderWithApp(<CancelSlipButton slip={slip()} />);
    for (let i = 0; i < 2; i++) {
      await view.user.click(screen.getByTestId('bet-cancel'));
      await view.user.click(screen.getByTestId('bet-cancel-confirm'));
      await vi.waitFor(() => expect(cancels()).toHaveLength(i + 1));
    }
    await vi.waitFor(() =>
      expect(getToast()).toMatchObject({ text: 'Betting for this draw has closed', kind: 'error' }),
    );
    const keys = cancels().map(([, init]) => (init as { headers: Record<string, string> }).headers[IDEMPOTENCY_HEADER]);
    expect(keys[0]).not.toBe(keys[1]);
  });
});
