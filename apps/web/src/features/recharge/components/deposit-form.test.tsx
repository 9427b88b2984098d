// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { API, type Deposit, type RechargeChannel } from '@fairdraw/contract';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { formatAmount } from '../../../lib/money.ts';
import { en, renderWithApp } from '../../../test/render.tsx';
import { DepositForm } from './deposit-form.tsx';

vi.mock('../../../lib/api-client.ts', async (load) => ({
  ...(await load<typeof import('../../../lib/api-client.ts')>()),
  apiRequest: vi.fn(),
}));
const request = vi.mocked(apiRequest);

const limits = { min: 10_000, max: 5_000_000, currency: 'THB', rate: null };
const BANK: RechargeChannel = {
  id: 7,
  type: 'bank',
  name: 'Bank transfer',
  demo: false,
  ...limits,
  bank: { payee: 'Fairdraw Co', account_number: '123-4-56789-0', bank: 'KBank' },
  crypto: null,
};
const CRYPTO: RechargeChannel = {
  id: 9,
  type: 'crypto',
  name: 'USDT',
  demo: false,
  ...limits,
  bank: null,
  crypto: { coin: 'USDT-TRC20', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
};
const DEPOSIT: Deposit = {
  id: 31,
  channel_id: 7,
  channel_type: 'bank',
  channel_name: 'Bank transfer',
  amount: 123_450,
  channel_currency: 'THB',
  channel_amount: 123_450,
  rate: null,
  status: 'pending',
  reason: null,
  created_at: 1_795_000_000_000,
  decided_at: null,
  br_code: null,
  pay_address: null,
  tx_hash: null,
  transfer: null,
};
/** The deposit submissions sent (the wallet refresh after a success goes through apiRequest too). */
const sent = () => request.mock.calls.filter(([path]) => path === API.rechargeSubmit);
const thb = (minor: number) => formatAmount(minor, 'THB', 2, 'en');

function setup() {
  const view = renderWithApp(<DepositForm channels={[BANK, CRYPTO]} preferBank={false} />);
  const submit = () => view.user.click(screen.getByTestId('deposit-submit'));
  const formError = () => screen.getByTestId('form-error');
  return { ...view, submit, formError };
}

async function fillTransfer(user: ReturnType<typeof setup>['user']) {
  fireEvent.change(screen.getByTestId('transfer-time'), { target: { value: '2026-11-22T10:30' } });
  await user.type(screen.getByTestId('transfer-payer'), 'Somchai Jaidee');
}

beforeEach(() => {
  request.mockReset();
});

describe('DepositForm', () => {
  it('sends the bank transfer: minor units, the account paid into as shown, the time as epoch ms, an idempotency key', async () => {
    request.mockImplementation(() => Promise.resolve(DEPOSIT));
    const { user, submit } = setup();
    await user.click(screen.getByTestId('channel-7'));
    await user.type(screen.getByTestId('deposit-amount'), '1,234.5');
    await fillTransfer(user);
    await submit();
    expect(sent()).toEqual([
      [
        API.rechargeSubmit,
        {
          method: 'POST',
          body: {
            channel_id: 7,
            amount: 123_450,
            payee: 'Fairdraw Co',
            account_number: '123-4-56789-0',
            bank: 'KBank',
            deposit_time: new Date('2026-11-22T10:30').getTime(),
            payer_name: 'Somchai Jaidee',
          },
          headers: { 'idempotency-key': expect.stringMatching(/.{16,}/) as string },
        },
      ],
    ]);
    expect(await screen.findByTestId('deposit-result')).toBeTruthy();
  });

  it('sends a crypto deposit with its transaction hash; a quick chip fills the amount', async () => {
    request.mockImplementation(() => Promise.resolve({ ...DEPOSIT, channel_type: 'crypto' }));
    const { user, submit } = setup();
    await user.click(screen.getByTestId('channel-9'));
    await user.click(screen.getByRole('button', { name: thb(50_000) }));
    await user.type(screen.getByTestId('deposit-txhash'), ' abc123 ');
    await submit();
    expect(sent()[0]?.[1]?.body).toEqual({ channel_id: 9, amount: 50_000, tx_hash: 'abc123' });
  });

  it('checks in the server order before sending: channel, then amount, then the channel fields', async () => {
    const { user, submit, formError } = setup();
    await submit();
    expect(formError().textContent).toBe(en('errors:CHANNEL_REQUIRED'));
    expect(screen.getByRole('group', { name: en('recharge.chooseChannel') }).getAttribute('aria-invalid')).toBe('true');
    await user.click(screen.getByTestId('channel-7'));
    expect(formError().hidden).toBe(true);
    await submit();
    expect(formError().textContent).toBe(en('errors:AMOUNT_REQUIRED'));
    expect(screen.getByTestId('deposit-amount').getAttribute('aria-invalid')).toBe('true');
    const amount = screen.getByTestId('deposit-amount');
    for (const [text, message] of [
      ['abc', en('errors:AMOUNT_INVALID')],
      ['0', en('errors:AMOUNT_INVALID')],
      ['1.001', en('errors:AMOUNT_INVALID')],
      ['99.99', en('errors:AMOUNT_BELOW_MIN', { min: thb(10_000) })],
      ['50000.01', en('errors:AMOUNT_ABOVE_MAX', { max: thb(5_000_000) })],
    ] as const) {
      await user.clear(amount);
      await user.type(amount, text);
      await submit();
      expect(formError().textContent).toBe(message);
    }
    await user.clear(amount);
    await user.type(amount, '200');
    await submit();
    expect(screen.queryByTestId('transfer-payee')).toBeNull();
    for (const f of ['deposit_time', 'payer_name']) {
      expect(screen.getByTestId(`field-error-${f}`).textContent).toBe(en('errors:REQUIRED_FIELDS'));
    }
    expect(formError().hidden).toBe(true);
    await user.click(screen.getByTestId('channel-9'));
    await submit();
    expect(screen.getByTestId('field-error-tx_hash').textContent).toBe(en('errors:REQUIRED_FIELDS'));
    expect(request).not.toHaveBeenCalled();
  });

  // Every key POST /api/recharge/submit answers (deposits.service submitDeposit, the roles and idempotency
  // plugins), with the field it names: under that field when the form has it, else above the submit button.
  it.each([
    ['CHANNEL_REQUIRED', 'channel_id', 'form'],
    ['CHANNEL_NOT_FOUND', 'channel_id', 'form'],
    ['AMOUNT_REQUIRED', 'amount', 'form'],
    ['AMOUNT_INVALID', 'amount', 'form'],
    ['AMOUNT_BELOW_MIN', 'amount', 'form'],
    ['AMOUNT_ABOVE_MAX', 'amount', 'form'],
    ['REQUIRED_FIELDS', undefined, 'form'],
    ['TX_HASH_INVALID', 'tx_hash', 'tx_hash'],
    ['VALIDATION_FAILED', 'payer_name', 'payer_name'],
    ['DEPOSIT_TIME_IN_FUTURE', 'deposit_time', 'deposit_time'],
    ['SELF_EXCLUDED', undefined, 'form'],
    ['DEMO_NOT_ALLOWED', undefined, 'form'],
    ['IDEMPOTENCY_KEY_REUSED', undefined, 'form'],
    ['IDEMPOTENCY_IN_FLIGHT', undefined, 'form'],
    ['RATE_LIMITED', undefined, 'form'],
  ])("the API's %s (field %s) is shown at %s", async (key, field, where) => {
    const msg = `server text for ${key}`;
    request.mockImplementationOnce(() => Promise.reject(new ApiError(400, key, msg, field)));
    const { user, submit, formError } = setup();
    await user.click(screen.getByTestId(field === 'tx_hash' ? 'channel-9' : 'channel-7'));
    await user.type(screen.getByTestId('deposit-amount'), '200');
    if (field === 'tx_hash') await user.type(screen.getByTestId('deposit-txhash'), 'abc');
    else await fillTransfer(user);
    await submit();
    if (where === 'form') expect(formError().textContent).toBe(msg);
    else {
      expect(screen.getByTestId(`field-error-${where}`).textContent).toBe(msg);
      expect(formError().hidden).toBe(true);
    }
    expect(screen.queryByTestId('deposit-result')).toBeNull();
  });

  it('stops a transfer time hours ahead of the device before sending', async () => {
    const { user, submit } = setup();
    await user.click(screen.getByTestId('channel-7'));
    await user.type(screen.getByTestId('deposit-amount'), '200');
    await fillTransfer(user);
    const ahead = new Date(Date.now() + 6 * 3_600_000);
    const local = new Date(ahead.getTime() - ahead.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    fireEvent.change(screen.getByTestId('transfer-time'), { target: { value: local } });
    await submit();
    expect(screen.getByTestId('field-error-deposit_time').textContent).toBe(en('errors:DEPOSIT_TIME_IN_FUTURE'));
    expect(request).not.toHaveBeenCalled();
  });

  it('a demo bank channel: its placeholders are shown in the language, the transfer names them as stored', async () => {
    request.mockImplementation(() => Promise.resolve(DEPOSIT));
    const stored = { payee: 'SEED PAYEE', account_number: '000-0-00000-0', bank: 'SEED BANK' };
    const demo: RechargeChannel = { ...BANK, demo: true, bank: stored };
    const view = renderWithApp(<DepositForm channels={[demo]} preferBank />);
    expect(screen.getByTestId('demo-warning').textContent).toBe(en('recharge.demoWarning'));
    expect(screen.getByTestId('house-payee').textContent).toBe(en('recharge.demoPayee'));
    expect(screen.getByTestId('house-bank').textContent).toBe(en('recharge.demoBank'));
    await view.user.type(screen.getByTestId('deposit-amount'), '200');
    await fillTransfer(view.user);
    await view.user.click(screen.getByTestId('deposit-submit'));
    expect(sent()[0]?.[1]?.body).toMatchObject({ channel_id: 7, ...stored });
  });

  it('chooses the only channel there is', () => {
    renderWithApp(<DepositForm channels={[BANK]} preferBank={false} />);
    expect(screen.getByTestId('channel-7').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('transfer-time')).toBeTruthy();
  });

  it('says it is offline when no answer came, and nothing on 401 (the client has navigated)', async () => {
    request.mockImplementationOnce(() => Promise.reject(new TypeError('fetch failed')));
    const { user, submit, formError } = setup();
    await user.click(screen.getByTestId('channel-9'));
    await user.type(screen.getByTestId('deposit-amount'), '200');
    await user.type(screen.getByTestId('deposit-txhash'), 'abc');
    await submit();
    expect(formError().textContent).toBe(en('common.offline'));
    request.mockImplementationOnce(() => Promise.reject(new ApiError(401, 'UNAUTHORIZED', 'log in')));
    await submit();
    expect(formError().hidden).toBe(true);
  });
});
