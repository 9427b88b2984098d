import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CryptoCoin } from '@fairdraw/contract';
import { CRYPTO_COINS } from '@fairdraw/contract/values';
import { CashierPage } from '../../../components/cashier-page.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useSubmit } from '../../../lib/use-submit.ts';
import { pageKey } from '../../../app/routes.ts';
import { useAddPayout } from '../api/add-payout.ts';
import { PayoutForm } from '../components/payout-form.tsx';

/** /virtualAdd and /bindAddress: alias, coin, address, login password. */
export function VirtualAddPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [alias, setAlias] = useState('');
  const [coin, setCoin] = useState<CryptoCoin>(CRYPTO_COINS[0]);
  const [address, setAddress] = useState('');
  const [password, setPassword] = useState('');
  const add = useAddPayout();
  const { setError, busy, run, fieldError, formError } = useSubmit();

  const onSubmit = () => {
    const missing = !alias.trim() ? 'alias' : !address.trim() ? 'address' : !password ? 'password' : null;
    if (missing) return setError({ text: t('errors:REQUIRED_FIELDS'), field: missing });
    void run(
      () => add.mutateAsync({ type: 'crypto', alias: alias.trim(), coin, address: address.trim(), password }),
      () => void navigate('/virtual', { replace: true }),
    );
  };

  return (
    <CashierPage title={t(pageKey(pathname))}>
      <PayoutForm
        password={password}
        onPassword={setPassword}
        passwordError={fieldError('password')}
        formError={formError(['alias', 'address', 'password'])}
        busy={busy}
        onSubmit={onSubmit}
      >
        <TextField
          label={t('payout.alias')}
          name="alias"
          value={alias}
          onValue={setAlias}
          invalid={!!fieldError('alias')}
          error={fieldError('alias')}
          testId="wallet-alias"
        />
        <fieldset className="field">
          <legend className="field__label">{t('payout.coin')}</legend>
          <div className="chips">
            {CRYPTO_COINS.map((c) => (
              <button
                key={c}
                type="button"
                className="chip"
                aria-pressed={c === coin}
                onClick={() => setCoin(c)}
                data-testid={`coin-${c}`}
              >
                {c}
              </button>
            ))}
          </div>
        </fieldset>
        <TextField
          label={t('payout.address')}
          hint={t('payout.addressHint', { coin })}
          name="address"
          autoCapitalize="none"
          autoComplete="off"
          spellCheck={false}
          value={address}
          onValue={setAddress}
          invalid={!!fieldError('address')}
          error={fieldError('address')}
          testId="wallet-address"
        />
      </PayoutForm>
    </CashierPage>
  );
}
