import { useTranslation } from 'react-i18next';
import { useController, useWatch, type UseFormReturn } from 'react-hook-form';
import type { AdminChannel, Lang } from '@fairdraw/contract';
import { CRYPTO_COINS } from '@fairdraw/contract/values';
import { TextField } from '../../components/text-field.tsx';
import { CHANNEL_FIELDS, type ChannelContext, type ChannelValues } from './channel-schema.ts';

type Form = UseFormReturn<ChannelValues, ChannelContext, AdminChannel>;
type DetailPath = Exclude<
  (typeof CHANNEL_FIELDS)[number],
  'name' | `name_translations.${Lang}` | 'min' | 'max' | 'rate'
>;

/** The details of the channel's type: the bank account to pay into, the house crypto address, or the PIX key. */
export function ChannelDetails({ form }: { form: Form }) {
  const { t } = useTranslation();
  const [bank, crypto, pix] = useWatch({ control: form.control, name: ['bank', 'crypto', 'pix'] });
  const text = (path: DetailPath, label: string) => <DetailField key={path} form={form} path={path} label={label} />;

  return (
    <>
      {bank && (
        <>
          {text('bank.payee', t('recharge.payee'))}
          {text('bank.account_number', t('recharge.accountNumber'))}
          {text('bank.bank', t('recharge.bank'))}
        </>
      )}
      {crypto && (
        <>
          <div className="chips">
            {CRYPTO_COINS.map((coin) => (
              <button
                key={coin}
                type="button"
                className="chip"
                aria-pressed={coin === crypto.coin}
                onClick={() => form.setValue('crypto.coin', coin)}
              >
                {coin}
              </button>
            ))}
          </div>
          {text('crypto.address', t('recharge.address'))}
        </>
      )}
      {pix && (
        <>
          {text('pix.key', t('payout.pixKey'))}
          {text('pix.merchant_name', t('admin.merchantName'))}
          {text('pix.merchant_city', t('admin.merchantCity'))}
        </>
      )}
    </>
  );
}

/**
 * A detail under its API path (`bank.payee`, where the API's `field` errors land), known to the page by the path's
 * last part: test id `channel-edit-payee`, its message `field-error-payee`.
 */
function DetailField({ form, path, label }: { form: Form; path: DetailPath; label: string }) {
  const name = path.slice(path.indexOf('.') + 1);
  const {
    field: { value, onChange, onBlur, ref: inputRef },
    fieldState: { error },
  } = useController({ control: form.control, name: path });
  return (
    <TextField
      label={label}
      name={name}
      value={value}
      onValue={onChange}
      onBlur={onBlur}
      ref={inputRef}
      invalid={!!error}
      fieldError={error}
      testId={`channel-edit-${name}`}
    />
  );
}
