import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminChannel, ChannelType, CryptoCoin } from '@fairdraw/contract';
import { CRYPTO_COINS } from '@fairdraw/contract/values';
import { FormError, TextField } from '../../../components/text-field.tsx';
import { parseAmount, toAmountText } from '../../../lib/money.ts';
import { showToast } from '../../../lib/toast.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { useMoney } from '../../../lib/wallet.ts';
import { useSaveChannel } from '../api/save-channel.ts';

/** The currency a channel of this type takes, as the API sets it: PIX is BRL, USDT is USDT, a bank the site's. */
const currencyFor = (type: ChannelType, site: string) => (type === 'pix' ? 'BRL' : type === 'crypto' ? 'USDT' : site);

/** The form's fields, by their input names; the API names the nested ones `bank.payee`, `crypto.address`, … */
const FIELDS = [
  'name',
  'min',
  'max',
  'payee',
  'account_number',
  'bank',
  'address',
  'key',
  'merchant_name',
  'merchant_city',
  'rate',
] as const;

/**
 * The form field of an API `field` error: `crypto.address` is the `address` input. A whole group (`bank`, `crypto`,
 * `pix`: "fill in the details") names no one input, so it stays a form error.
 */
function fieldOf(apiField: string | undefined): string | undefined {
  if (apiField === 'bank' || apiField === 'crypto' || apiField === 'pix') return undefined;
  return apiField?.replace(/^(bank|crypto|pix)\./, '');
}

/** A new or existing deposit channel: name, on/off, limits, the rate of a foreign currency and the type's details. */
export function ChannelForm({ initial, onClose }: { initial: AdminChannel; onClose: () => void }) {
  const { t } = useTranslation();
  const { exponent, currency: site } = useMoney();
  const [c, setC] = useState<AdminChannel>(initial);
  const [rate, setRate] = useState(initial.rate ?? '');
  const currency = initial.currency ?? currencyFor(initial.type, site);
  const foreign = currency !== site;
  const [min, setMin] = useState(toAmountText(initial.min, exponent));
  const [max, setMax] = useState(toAmountText(initial.max, exponent));
  const save = useSaveChannel();
  const { setError, busy, run, fieldError, formError } = useSubmit(fieldOf);
  const text = (label: string, value: string, on: (v: string) => void, name: string) => (
    <TextField
      label={label}
      name={name}
      value={value}
      onValue={on}
      invalid={!!fieldError(name)}
      error={fieldError(name)}
      testId={`channel-edit-${name}`}
    />
  );
  return (
    <form
      className="form form--page"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!c.name.trim()) return setError({ text: t('errors:REQUIRED_FIELDS'), field: 'name' });
        // Each limit's message under its own field, as the API's `field` errors for them are.
        const amountError = (kind: string) => t(kind === 'empty' ? 'errors:REQUIRED_FIELDS' : 'errors:AMOUNT_INVALID');
        const lo = parseAmount(min, exponent);
        if (lo.kind !== 'ok') return setError({ text: amountError(lo.kind), field: 'min' });
        const hi = parseAmount(max, exponent);
        if (hi.kind !== 'ok') return setError({ text: amountError(hi.kind), field: 'max' });
        void run(
          () =>
            save.mutateAsync({ ...c, min: lo.minor, max: hi.minor, rate: foreign && rate.trim() ? rate.trim() : null }),
          () => {
            showToast(t('admin.saved'));
            onClose();
          },
        );
      }}
    >
      <h2 className="section__title">
        {c.id ? t('admin.edit') : t('admin.add')} · {c.type}
      </h2>
      {text(t('admin.channelName'), c.name, (v) => setC({ ...c, name: v }), 'name')}
      <label className="check">
        <input type="checkbox" checked={c.enabled} onChange={(e) => setC({ ...c, enabled: e.target.checked })} />
        <span>{t('admin.enabled')}</span>
      </label>
      <TextField
        label={t('admin.min')}
        name="min"
        inputMode="decimal"
        value={min}
        onValue={setMin}
        invalid={!!fieldError('min')}
        error={fieldError('min')}
        testId="channel-edit-min"
      />
      <TextField
        label={t('admin.max')}
        name="max"
        inputMode="decimal"
        value={max}
        onValue={setMax}
        invalid={!!fieldError('max')}
        error={fieldError('max')}
        testId="channel-edit-max"
      />
      {foreign && (
        <TextField
          label={t('admin.rate', { site, currency })}
          name="rate"
          inputMode="decimal"
          value={rate}
          onValue={setRate}
          invalid={!!fieldError('rate')}
          error={fieldError('rate')}
          hint={t('admin.rateHint')}
          testId="channel-edit-rate"
        />
      )}
      {c.bank && (
        <>
          {text(t('recharge.payee'), c.bank.payee, (v) => setC({ ...c, bank: { ...c.bank!, payee: v } }), 'payee')}
          {text(
            t('recharge.accountNumber'),
            c.bank.account_number,
            (v) => setC({ ...c, bank: { ...c.bank!, account_number: v } }),
            'account_number',
          )}
          {text(t('recharge.bank'), c.bank.bank, (v) => setC({ ...c, bank: { ...c.bank!, bank: v } }), 'bank')}
        </>
      )}
      {c.crypto && (
        <>
          <div className="chips">
            {CRYPTO_COINS.map((coin: CryptoCoin) => (
              <button
                key={coin}
                type="button"
                className="chip"
                aria-pressed={coin === c.crypto?.coin}
                onClick={() => setC({ ...c, crypto: { ...c.crypto!, coin } })}
              >
                {coin}
              </button>
            ))}
          </div>
          {text(
            t('recharge.address'),
            c.crypto.address,
            (v) => setC({ ...c, crypto: { ...c.crypto!, address: v } }),
            'address',
          )}
        </>
      )}
      {c.pix && (
        <>
          {text(t('payout.pixKey'), c.pix.key, (v) => setC({ ...c, pix: { ...c.pix!, key: v } }), 'key')}
          {text(
            t('admin.merchantName'),
            c.pix.merchant_name,
            (v) => setC({ ...c, pix: { ...c.pix!, merchant_name: v } }),
            'merchant_name',
          )}
          {text(
            t('admin.merchantCity'),
            c.pix.merchant_city,
            (v) => setC({ ...c, pix: { ...c.pix!, merchant_city: v } }),
            'merchant_city',
          )}
        </>
      )}
      <FormError text={formError(FIELDS)} />
      <div className="page-actions page-actions--row">
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="btn btn--primary" disabled={busy} data-testid="channel-edit-submit">
          {t('payout.save')}
        </button>
      </div>
    </form>
  );
}
