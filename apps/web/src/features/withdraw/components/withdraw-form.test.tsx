// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { API, type PayoutMethod, type Withdrawal } from '@fairdraw/contract';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { formatAmount } from '../../../lib/money.ts';
import { en, renderWithApp, WALLET } from '../../../test/render.tsx';
import { WithdrawForm } from './withdraw-form.tsx';

vi.mock('../../../lib/api-client.ts', async (load) => ({
  ...(await load<typeof import('../../../lib/api-client.ts')>()),
  apiRequest: vi.fn(),
}));
const request = vi.mocked(apiRequest);
/** The withdrawals sent (the wallet refresh after an answer goes through apiRequest too). */
const sent = () => request.mock.calls.filter(([path]) => path === API.withdrawSubmit);

const BANK: PayoutMethod = {
  id: 4,
  type: 'bank',
  name: 'Somchai Jaidee',
  bank_name: 'KBank',
  card_number: '1234567890',
  created_at: 1,
};
const PIX: PayoutMethod = { id: 5, type: 'pix', key_type: 'email', key: 'a@b.co', created_at: 2 };
const thb = (minor: number) => formatAmount(minor, 'THB', 2, 'en');
// WALLET: 10,000.00 available; fee 1 % (at least 5.00); withdrawals 100.00 … 50,000.00.

function setup(payouts: PayoutMethod[] = [BANK, PIX]) {
  const onDone = vi.fn();
  const view = renderWithApp(<WithdrawForm wallet={WALLET} payouts={payouts} onDone={onDone} />);
  const formError = () => screen.getAllByTestId('form-error');
  return { ...view, onDone, formError };
}

beforeEach(() => {
  request.mockReset();
});

describe('WithdrawForm', () => {
  it('shows fee and total as the amount is typed, asks the fund password, sends amount, payout and password', async () => {
    request.mockImplementation(() => Promise.resolve({ id: 1 } as Withdrawal));
    const { user, onDone } = setup();
    await user.click(screen.getByTestId('withdraw-payout-5'));
    await user.type(screen.getByTestId('withdraw-amount'), '1,000');
    expect(screen.getByTestId('withdraw-fee').textContent).toBe(thb(1_000));
    expect(screen.getByTestId('withdraw-total').textContent).toBe(thb(101_000));
    await user.click(screen.getByTestId('withdraw-submit'));
    expect(screen.getByRole('dialog').hasAttribute('open')).toBe(true);
    await user.type(screen.getByTestId('withdraw-fundpwd'), '24a6810');
    expect(screen.getByTestId<HTMLInputElement>('withdraw-fundpwd').value).toBe('246810');
    await user.click(screen.getByTestId('withdraw-confirm'));
    expect(sent()).toEqual([
      [
        API.withdrawSubmit,
        {
          method: 'POST',
          body: { amount: 100_000, payout_id: 5, fund_password: '246810' },
          headers: { 'idempotency-key': expect.stringMatching(/.{16,}/) as string },
        },
      ],
    ]);
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('dialog', { hidden: true }).hasAttribute('open')).toBe(false);
    expect(screen.getByTestId<HTMLInputElement>('withdraw-amount').value).toBe('');
  });

  it('"All" fills the most that amount + fee allows', async () => {
    const { user } = setup();
    await user.click(screen.getByTestId('withdraw-all'));
    // 990,099 + 1 % fee (9,901) = 1,000,000 available.
    expect(screen.getByTestId<HTMLInputElement>('withdraw-amount').value).toBe('9900.99');
    expect(screen.getByTestId('withdraw-total').textContent).toBe(thb(1_000_000));
  });

  it('asks for a payout method when none is bound', async () => {
    const { user, formError } = setup([]);
    await user.type(screen.getByTestId('withdraw-amount'), '100');
    await user.click(screen.getByTestId('withdraw-submit'));
    expect(formError()[0]?.textContent).toBe(en('errors:PAYOUT_METHOD_REQUIRED'));
    expect(sent()).toEqual([]);
  });

  it('checks the amount before asking the password: given, an amount, its limits, the balance', async () => {
    const { user, formError } = setup();
    const amount = screen.getByTestId('withdraw-amount');
    for (const [text, message] of [
      ['', en('errors:AMOUNT_REQUIRED')],
      ['x', en('errors:AMOUNT_INVALID')],
      ['99.99', en('errors:AMOUNT_BELOW_MIN', { min: thb(10_000) })],
      ['50000.01', en('errors:AMOUNT_ABOVE_MAX', { max: thb(5_000_000) })],
      ['9901', en('errors:INSUFFICIENT_BALANCE')],
    ] as const) {
      await user.clear(amount);
      if (text) await user.type(amount, text);
      await user.click(screen.getByTestId('withdraw-submit'));
      expect(formError()[0]?.textContent).toBe(message);
      expect(amount.getAttribute('aria-invalid')).toBe('true');
    }
    expect(screen.getByRole('dialog', { hidden: true }).hasAttribute('open')).toBe(false);
    expect(sent()).toEqual([]);
  });

  it('refuses a fund password that is not six digits without sending', async () => {
    const { user, formError } = setup();
    await user.type(screen.getByTestId('withdraw-amount'), '100');
    await user.click(screen.getByTestId('withdraw-submit'));
    await user.type(screen.getByTestId('withdraw-fundpwd'), '12345');
    await user.click(screen.getByTestId('withdraw-confirm'));
    expect(formError()[1]?.textContent).toBe(en('errors:FUND_PASSWORD_FORMAT'));
    expect(screen.getByTestId('withdraw-fundpwd').getAttribute('aria-invalid')).toBe('true');
    expect(sent()).toEqual([]);
  });

  // Every key POST /api/withdraw/submit answers (withdraw.service submitWithdrawal, the fund password check, the
  // ledger, the roles and idempotency plugins): shown in the dialog, with the API's own words.
  it.each([
    ['FUND_PASSWORD_NOT_SET', undefined],
    ['PAYOUT_METHOD_REQUIRED', undefined],
    ['AMOUNT_REQUIRED', 'amount'],
    ['AMOUNT_BELOW_MIN', 'amount'],
    ['AMOUNT_ABOVE_MAX', 'amount'],
    ['REQUIRED_FIELDS', 'payout_id'],
    ['PAYOUT_NOT_FOUND', 'payout_id'],
    ['REQUIRED_FIELDS', 'fund_password'],
    ['FUND_PASSWORD_INCORRECT', 'fund_password'],
    ['FUND_PASSWORD_LOCKED', undefined],
    ['INSUFFICIENT_BALANCE', undefined],
    ['DEMO_NOT_ALLOWED', undefined],
    ['IDEMPOTENCY_KEY_REUSED', undefined],
    ['IDEMPOTENCY_IN_FLIGHT', undefined],
    ['RATE_LIMITED', undefined],
  ])("the API's %s (field %s) is shown in the dialog", async (key, field) => {
    const msg = `server text for ${key}`;
    request.mockImplementationOnce(() => Promise.reject(new ApiError(400, key, msg, field)));
    const { user, onDone, formError } = setup();
    await user.type(screen.getByTestId('withdraw-amount'), '100');
    await user.click(screen.getByTestId('withdraw-submit'));
    await user.type(screen.getByTestId('withdraw-fundpwd'), '246810');
    await user.click(screen.getByTestId('withdraw-confirm'));
    expect(formError()[1]?.textContent).toBe(msg);
    expect(formError()[0]?.hidden).toBe(true);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('says it is offline when no answer came, and retries with the same idempotency key', async () => {
    request.mockImplementationOnce(() => Promise.reject(new TypeError('fetch failed')));
    const { user, formError } = setup();
    await user.type(screen.getByTestId('withdraw-amount'), '100');
    await user.click(screen.getByTestId('withdraw-submit'));
    await user.type(screen.getByTestId('withdraw-fundpwd'), '246810');
    await user.click(screen.getByTestId('withdraw-confirm'));
    expect(formError()[1]?.textContent).toBe(en('common.offline'));
    request.mockImplementationOnce(() => Promise.resolve({ id: 1 } as Withdrawal));
    await user.click(screen.getByTestId('withdraw-confirm'));
    const [first, second] = sent();
    expect(second?.[1]?.headers).toEqual(first?.[1]?.headers);
  });
});
