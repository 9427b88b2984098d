import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useWatch } from 'react-hook-form';
import { CRYPTO_COINS } from '@fairdraw/contract/values';
import { CashierPage } from '../../../components/cashier-page.tsx';
import { FrozenNotice } from '../../../components/frozen-notice.tsx';
import { FormTextField } from '../../../components/form-fields.tsx';
import { pageKey, PATHS } from '../../../lib/paths.ts';
import { PayoutForm } from '../components/payout-form.tsx';
import { CRYPTO_FIELDS, cryptoSchema, type CryptoValues } from '../lib/payout-schema.ts';
import { usePayoutForm } from '../lib/use-payout-form.ts';

const EMPTY: CryptoValues = { alias: '', coin: CRYPTO_COINS[0], address: '', password: '' };

/** /virtualAdd and /bindAddress: alias, coin, address, login password. */
export function VirtualAddPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { form, onSubmit } = usePayoutForm(
    cryptoSchema,
    EMPTY,
    CRYPTO_FIELDS,
    () => void navigate(PATHS.virtual, { replace: true }),
  );
  const { errors, isSubmitting } = form.formState;
  const coin = useWatch({ control: form.control, name: 'coin' });

  return (
    <CashierPage title={t(pageKey(pathname))}>
      <FrozenNotice testId="payout-frozen" />
      <PayoutForm
        control={form.control}
        formError={errors.root?.server}
        busy={isSubmitting}
        onSubmit={(e) => void onSubmit(e)}
      >
        <FormTextField control={form.control} name="alias" label={t('payout.alias')} testId="wallet-alias" />
        <fieldset className="field">
          <legend className="field__label">{t('payout.coin')}</legend>
          <div className="chips">
            {CRYPTO_COINS.map((c) => (
              <button
                key={c}
                type="button"
                className="chip"
                aria-pressed={c === coin}
                onClick={() => form.setValue('coin', c)}
                data-testid={`coin-${c}`}
              >
                {c}
              </button>
            ))}
          </div>
        </fieldset>
        <FormTextField
          control={form.control}
          name="address"
          label={t('payout.address')}
          hint={t('payout.addressHint', { coin })}
          autoCapitalize="none"
          autoComplete="off"
          spellCheck={false}
          testId="wallet-address"
        />
      </PayoutForm>
    </CashierPage>
  );
}
