// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { API, type BetSlip, type PlayItem } from '@fairdraw/contract';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { formatAmount } from '../../../lib/money.ts';
import { en, renderWithApp } from '../../../test/render.tsx';
import { BetSlipSheet } from './bet-slip.tsx';

vi.mock('../../../lib/api-client.ts', async (load) => ({
  ...(await load<typeof import('../../../lib/api-client.ts')>()),
  apiRequest: vi.fn(),
}));
const request = vi.mocked(apiRequest);
/** The slips sent (the wallet and bet lists refresh through apiRequest too). */
const sent = () => request.mock.calls.filter(([path]) => path === API.bet);

const item = (id: number, name: string, min: number, max: number, odds_bps: number): PlayItem => ({
  id,
  code: `p${id}`,
  name,
  odds: odds_bps / 10_000,
  odds_bps,
  min,
  max,
  rtp: 97.5,
});
const BIG = item(11, 'Big', 100, 1_000_000, 19_500);
const ALL2 = item(12, 'All-in 2', 500, 50_000, 600_000);
const ISSUE = '20261123-0042';
const SLIP = { id: 987, total: 4_000 } as BetSlip;
const thb = (minor: number) => formatAmount(minor, 'THB', 2, 'en');

function setup({ items = [BIG, ALL2], disabled = false } = {}) {
  const onDone = vi.fn();
  const view = renderWithApp(
    <BetSlipSheet
      gameId={3}
      issue={ISSUE}
      items={items}
      numbers={{ 12: [3, 17] }}
      open
      disabled={disabled}
      onClose={() => {}}
      onRemove={() => {}}
      onDone={onDone}
    />,
  );
  const stake = screen.getByTestId('bet-amount');
  const submit = screen.getByTestId<HTMLButtonElement>('bet-submit');
  const typeStake = async (text: string) => {
    await view.user.clear(stake);
    if (text) await view.user.type(stake, text);
  };
  const place = async () => {
    await view.user.click(submit);
    await view.user.click(screen.getByTestId('bet-confirm'));
  };
  return { ...view, onDone, typeStake, submit, place };
}

beforeEach(() => {
  request.mockReset();
});

describe('BetSlipSheet', () => {
  it('sends one stake for every play (the all-in numbers with theirs) after the confirm, and shows the slip', async () => {
    request.mockImplementation(() => Promise.resolve(SLIP));
    const { typeStake, place, onDone } = setup();
    await typeStake('20');
    expect(screen.getByTestId('bet-total').textContent).toBe(thb(4_000));
    // 20 × 1.95 + 20 × 60.
    expect(screen.getByTestId('bet-return').textContent).toBe(thb(3_900 + 120_000));
    await place();
    expect(sent()).toEqual([
      [
        API.bet,
        {
          method: 'POST',
          body: {
            games_id: 3,
            issue: ISSUE,
            items: [
              { play_id: 11, amount: 2_000 },
              { play_id: 12, amount: 2_000, numbers: [3, 17] },
            ],
          },
          headers: { 'idempotency-key': expect.stringMatching(/.{16,}/) as string },
        },
      ],
    ]);
    expect(screen.getByTestId('bet-outcome').getAttribute('data-ok')).toBe('true');
    expect(screen.getByTestId('bet-slip-id').textContent).toBe('987');
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('checks the stake as it is typed: not an amount, outside a play’s limits; nothing to place without a stake', async () => {
    const { typeStake, submit } = setup();
    expect(submit.disabled).toBe(false);
    await typeStake('1.234');
    expect(screen.getByTestId('field-error-amount').textContent).toBe(en('bet.amountInvalid'));
    expect(submit.disabled).toBe(true);
    // 4.00 is enough for Big (min 1.00) but not for the all-in (min 5.00): that play's limits are named.
    await typeStake('4');
    expect(screen.getByTestId('field-error-amount').textContent).toBe(
      en('bet.limits', { min: thb(500), max: thb(50_000) }),
    );
    expect(submit.disabled).toBe(true);
    await typeStake('501');
    expect(screen.getByTestId('field-error-amount').textContent).toBe(
      en('bet.limits', { min: thb(500), max: thb(50_000) }),
    );
    for (const text of ['', '0']) {
      await typeStake(text);
      expect(screen.queryByTestId('field-error-amount')).toBeNull();
      expect(submit.disabled).toBe(true);
    }
    await typeStake('5');
    expect(screen.queryByTestId('field-error-amount')).toBeNull();
    expect(submit.disabled).toBe(false);
    expect(sent()).toEqual([]);
  });

  it('places nothing while betting is closed or with no play selected', () => {
    const closed = setup({ disabled: true });
    expect(closed.submit.disabled).toBe(true);
    expect(screen.getByText(en('bet.closed'))).toBeTruthy();
    closed.unmount();
    expect(setup({ items: [] }).submit.disabled).toBe(true);
  });

  // Every key POST /api/game/bet answers (bets.service, the slip batch, the roles and idempotency plugins). An
  // unknown game or play (404) says betting is not available yet; the others show the API's own words.
  it.each([
    ['GAME_NOT_FOUND', 404],
    ['PLAY_NOT_FOUND', 404],
    ['PERIOD_NOT_CURRENT', 409],
    ['PERIOD_SEALED', 409],
    ['PERIOD_LIMIT_REACHED', 422],
    ['INSUFFICIENT_BALANCE', 422],
    ['SELF_EXCLUDED', 403],
    ['STAKE_BELOW_MIN', 400],
    ['STAKE_ABOVE_MAX', 400],
    ['ZERO_AMOUNT_BET', 400],
    ['NUMBERS_INVALID', 400],
    ['AMOUNT_INVALID', 400],
    ['REQUIRED_FIELDS', 400],
    ['VALIDATION_FAILED', 400],
    ['LOGIN_REQUIRED', 403],
    ['IDEMPOTENCY_KEY_REUSED', 422],
    ['IDEMPOTENCY_IN_FLIGHT', 409],
    ['RATE_LIMITED', 429],
  ])("the API's %s (%i) is shown as the slip's outcome", async (key, code) => {
    const msg = `server text for ${key}`;
    request.mockImplementation((path) =>
      path === API.bet ? Promise.reject(new ApiError(code, key, msg)) : Promise.resolve(undefined),
    );
    const { place, onDone } = setup();
    await place();
    expect(screen.getByTestId('bet-outcome').getAttribute('data-ok')).toBe('false');
    expect(screen.getByTestId('bet-error').textContent).toBe(`✕ ${code === 404 ? en('bet.unavailable') : msg}`);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('a frozen player is told so on the slip, and its button stays off', async () => {
    request.mockImplementation((path) =>
      Promise.resolve(
        path === API.profile ? { account: 'tester', nickname: 'Tester', avatar: '', frozen: true } : undefined,
      ),
    );
    const { submit } = setup();
    expect((await screen.findByTestId('bet-frozen')).textContent).toBe(en('errors:ACCOUNT_FROZEN'));
    expect(submit.disabled).toBe(true);
  });

  it('says it is offline when no answer came', async () => {
    request.mockImplementation((path) =>
      path === API.bet ? Promise.reject(new TypeError('fetch failed')) : Promise.resolve(undefined),
    );
    const { place } = setup();
    await place();
    expect(screen.getByTestId('bet-error').textContent).toBe(`✕ ${en('common.offline')}`);
  });
});
