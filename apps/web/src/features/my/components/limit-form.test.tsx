// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { API, LIMIT_KINDS, LIMIT_PERIODS, type LimitsState } from '@fairdraw/contract';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { en, renderWithApp, TOKEN } from '../../../test/render.tsx';
import { LimitForm } from './limit-form.tsx';

vi.mock('../../../lib/api-client.ts', async (load) => ({
  ...(await load<typeof import('../../../lib/api-client.ts')>()),
  apiRequest: vi.fn(),
}));
const request = vi.mocked(apiRequest);

const STATE: LimitsState = {
  limits: LIMIT_KINDS.flatMap((kind) =>
    LIMIT_PERIODS.map((period) => ({ kind, period, amount: null, pending: null, used: 0, left: null, resets_at: 0 })),
  ),
  reality_check: { minutes: 0, session_started_at: 0, session_net: 0, dismissed_at: null },
  offer_deposit_limit: true,
  time_zone: 'Asia/Bangkok',
  server_time: 0,
};
const sent = () => request.mock.calls.filter(([path]) => path === API.protectionLimits);

function setup() {
  const view = renderWithApp(<LimitForm state={STATE} token={TOKEN} />);
  const save = () => view.user.click(screen.getByTestId('limit-save'));
  return { ...view, save };
}

beforeEach(() => {
  request.mockReset();
});

describe('LimitForm', () => {
  it('sends the chosen limit in minor units', async () => {
    request.mockImplementation(() => Promise.resolve(STATE));
    const { user, save } = setup();
    await user.click(screen.getByTestId('limit-kind-stake'));
    await user.click(screen.getByTestId('limit-period-week'));
    await user.type(screen.getByTestId('limit-amount'), '1,500.5');
    await save();
    expect(sent()).toEqual([
      [
        API.protectionLimits,
        { method: 'POST', body: { changes: [{ kind: 'stake', period: 'week', amount: 150_050 }] } },
      ],
    ]);
  });

  it('an empty amount removes the limit; the default is the daily deposit limit', async () => {
    request.mockImplementation(() => Promise.resolve(STATE));
    const { save } = setup();
    await save();
    expect(sent()[0]?.[1]).toEqual({
      method: 'POST',
      body: { changes: [{ kind: 'deposit', period: 'day', amount: null }] },
    });
  });

  it('refuses a zero or garbled amount before sending, and shows the API’s refusal', async () => {
    const { user, save } = setup();
    const amount = screen.getByTestId('limit-amount');
    for (const text of ['0', 'abc', '1.001']) {
      await user.clear(amount);
      await user.type(amount, text);
      await save();
      expect(screen.getByTestId('form-error').textContent).toBe(en('errors:LIMIT_AMOUNT_INVALID'));
    }
    expect(sent()).toEqual([]);
    request.mockImplementation(() =>
      Promise.reject(new ApiError(400, 'LIMIT_AMOUNT_INVALID', 'Enter a whole amount greater than zero', 'amount')),
    );
    await user.clear(amount);
    await user.type(amount, '100');
    await save();
    expect(sent()).toHaveLength(1);
    expect(screen.getByTestId('form-error').textContent).toBe('Enter a whole amount greater than zero');
  });
});
