// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { API, type BetSlip, type PlayItem, type WalletData } from '@fairdraw/contract';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { formatAmount } from '../../../lib/money.ts';
import { en, renderWithApp, WALLET } from '../../../test/render.tsx';
import type { Family } from '../lib/derive.ts';
import { BetSlipSheet, type SlipPreset } from './bet-slip.tsx';

vi.mock('../../../lib/api-client.ts', async (load) => ({
  ...(await load<typeof import('../../../lib/api-client.ts')>()),
  apiRequest: vi.fn(),
}));
const request = vi.mocked(apiRequest);
/** The slips sent (the wallet and bet lists refresh through apiRequest too). */
const sent = () => request.mock.calls.filter(([path]) => path === API.bet);

const item = (id: number, code: string, name: string, min: number, max: number, odds_bps: number): PlayItem => ({
  id,
  code,
  name,
  odds: odds_bps / 10_000,
  odds_bps,
  min,
  max,
  rtp: 97.5,
});
const BIG = item(11, 'ms.special.big', 'Special big', 100, 1_000_000, 19_500);
const ALL2 = item(12, 'ms.all2', 'Two all-in', 500, 50_000, 600_000);
const CAR3 = item(21, 'pk10.pos1.num3', 'Position 1: car 3', 100, 1_000_000, 98_000);
const CAR5 = item(22, 'pk10.pos1.num5', 'Position 1: car 5', 100, 1_000_000, 98_000);
const ISSUE = '20261123-0042';
const SLIP = { id: 987, total: 4_000 } as BetSlip;
const thb = (minor: number) => formatAmount(minor, 'THB', 2, 'en');

type Setup = {
  items?: PlayItem[];
  disabled?: boolean;
  family?: Family;
  wallet?: WalletData;
  preset?: SlipPreset | null;
};

function setup({
  items = [BIG, ALL2],
  disabled = false,
  family = 'marksix',
  wallet = WALLET,
  preset = null,
}: Setup = {}) {
  const onDone = vi.fn();
  const view = renderWithApp(
    <BetSlipSheet
      gameId={3}
      family={family}
      issue={ISSUE}
      items={items}
      numbers={{ 12: [3, 17] }}
      open
      disabled={disabled}
      preset={preset}
      onClose={() => {}}
      onRemove={() => {}}
      onDone={onDone}
    />,
    { wallet },
  );
  const stake = screen.getByTestId('bet-amount');
  const submit = screen.getByTestId<HTMLButtonElement>('bet-submit');
  const typeStake = async (text: string) => {
    await view.user.clear(stake);
    if (text) await view.user.type(stake, text);
  };
  const typeLine = async (index: number, text: string) => {
    const input = screen.getAllByTestId('slip-line-stake')[index]!;
    await view.user.clear(input);
    if (text) await view.user.type(input, text);
  };
  const place = async () => {
    await view.user.click(submit);
    await view.user.click(screen.getByTestId('bet-confirm'));
  };
  return { ...view, onDone, typeStake, typeLine, submit, place };
}

const body = (items: unknown[]) => [
  [
    API.bet,
    {
      method: 'POST',
      body: { games_id: 3, issue: ISSUE, items },
      headers: { 'idempotency-key': expect.stringMatching(/.{16,}/) as string },
    },
  ],
];

beforeEach(() => {
  request.mockReset();
});

describe('BetSlipSheet', () => {
  it('sends each line its own stake times the multiplier (the all-in numbers with theirs) after the confirm', async () => {
    request.mockImplementation(() => Promise.resolve(SLIP));
    const { typeStake, typeLine, place, onDone, user } = setup();
    await typeStake('20');
    expect(screen.getByTestId('bet-total').textContent).toBe(thb(4_000));
    // The all-in's numbers as balls in their colours (3 blue, 17 green), beside its name.
    const [, allIn] = screen.getAllByTestId('slip-line');
    expect(allIn?.querySelector('.slip-line__name')?.firstChild?.textContent).toBe('Two all-in');
    expect(
      within(allIn!)
        .getAllByTestId('mini-ball')
        .map((b) => [b.textContent, b.className]),
    ).toEqual([
      ['3', 'ball ball--mini ball--blue'],
      ['17', 'ball ball--mini ball--green'],
    ]);
    await typeLine(1, '30');
    await user.click(screen.getByRole('button', { name: en('bet.more') }));
    expect(screen.getByTestId<HTMLInputElement>('bet-multiplier').value).toBe('2');
    expect(screen.getByTestId('bet-total').textContent).toBe(thb(10_000));
    // Special big and the all-in on 3 and 17 can both win: 40 × 1.95 + 60 × 60.
    await waitFor(() => expect(screen.getByTestId('bet-return').textContent).toBe(thb(7_800 + 360_000)));
    await place();
    expect(sent()).toEqual(
      body([
        { play_id: 11, amount: 4_000 },
        { play_id: 12, amount: 6_000, numbers: [3, 17] },
      ]),
    );
    expect(screen.getByTestId('bet-outcome').getAttribute('data-ok')).toBe('true');
    expect(screen.getByTestId('bet-slip-id').textContent).toBe('987');
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('shows the most one draw can return: car 3 and car 5 cannot both finish first', async () => {
    const { user } = setup({ items: [CAR3, CAR5], family: 'pk10' });
    // 10.00 on each line at 9.8: one of them wins 98.00, never both.
    await waitFor(() => expect(screen.getByTestId('bet-return').textContent).toBe(thb(9_800)));
    expect(screen.getByTestId('bet-total').textContent).toBe(thb(2_000));
    // The confirm dialog repeats it.
    await user.click(screen.getByTestId('bet-submit'));
    expect(screen.getByTestId('bet-confirm-body').textContent).toBe(
      en('bet.confirmBody', { count: 2, issue: ISSUE, total: thb(2_000), ret: thb(9_800) }),
    );
  });

  it('says a line with amount 0 cannot be submitted, and keeps the button off', async () => {
    const { typeLine, submit } = setup();
    await typeLine(0, '0');
    expect(screen.getByTestId('bet-zero').textContent).toBe(en('errors:ZERO_AMOUNT_BET'));
    expect(submit.disabled).toBe(true);
    await typeLine(0, '');
    expect(screen.getByTestId('bet-zero')).toBeTruthy();
    await typeLine(0, '5');
    expect(screen.queryByTestId('bet-zero')).toBeNull();
    expect(submit.disabled).toBe(false);
  });

  it('checks the slip against the balance before the confirm', async () => {
    const { typeStake, submit } = setup({ wallet: { ...WALLET, balance: 3_000 } });
    await typeStake('20');
    expect(screen.getByTestId('bet-over-balance').textContent).toBe(
      en('bet.overBalance', { total: thb(4_000), balance: thb(3_000) }),
    );
    expect(submit.disabled).toBe(true);
    await typeStake('15');
    expect(screen.queryByTestId('bet-over-balance')).toBeNull();
    expect(submit.disabled).toBe(false);
  });

  it('shares the slip as a link to this screen with its plays and stakes only', async () => {
    const { typeLine, user } = setup();
    await typeLine(1, '7');
    await user.click(screen.getByTestId('bet-share'));
    const link = new URL(await navigator.clipboard.readText());
    expect(link.pathname).toBe(window.location.pathname);
    expect(link.searchParams.get('slip')).toBe('ms.special.big~1000,ms.all2~700~3-17');
    expect(link.search).not.toMatch(/token|tester/i);
  });

  it('puts a repeated slip’s stakes on its lines', async () => {
    request.mockImplementation(() => Promise.resolve(SLIP));
    const { place } = setup({ preset: { key: 1, stakes: { 11: 1_500, 12: 700 }, multiplier: 1 } });
    const inputs = screen.getAllByTestId<HTMLInputElement>('slip-line-stake');
    expect(inputs.map((i) => i.value)).toEqual(['15.00', '7.00']);
    await place();
    expect(sent()).toEqual(
      body([
        { play_id: 11, amount: 1_500 },
        { play_id: 12, amount: 700, numbers: [3, 17] },
      ]),
    );
  });

  it('checks each line as it is typed: not an amount, outside its play’s limits; a bad multiplier', async () => {
    const { typeStake, typeLine, submit, user } = setup();
    expect(submit.disabled).toBe(false);
    await typeLine(0, '1.234');
    expect(screen.getByTestId('slip-line-error').textContent).toBe(en('bet.amountInvalid'));
    expect(submit.disabled).toBe(true);
    // 4.00 is enough for Big (min 1.00) but not for the all-in (min 5.00): that play's limits are named.
    await typeStake('4');
    expect(screen.getAllByTestId('slip-line-error').map((e) => e.textContent)).toEqual([
      en('bet.limits', { min: thb(500), max: thb(50_000) }),
    ]);
    expect(submit.disabled).toBe(true);
    await typeStake('5');
    expect(screen.queryByTestId('slip-line-error')).toBeNull();
    expect(submit.disabled).toBe(false);
    const multiplier = screen.getByTestId('bet-multiplier');
    await user.clear(multiplier);
    await user.type(multiplier, '1000');
    expect(screen.getByTestId('bet-multiplier-error').textContent).toBe(en('bet.multiplierInvalid', { max: 999 }));
    expect(submit.disabled).toBe(true);
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
