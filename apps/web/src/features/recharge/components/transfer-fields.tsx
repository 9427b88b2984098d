import { useTranslation } from 'react-i18next';
import type { Control } from 'react-hook-form';
import { FormTextField } from '../../../components/form-fields.tsx';
import type { RechargeSubmitRequest } from '@fairdraw/contract';
import type { DepositContext, DepositValues } from '../lib/deposit-schema.ts';

type Props = { control: Control<DepositValues, DepositContext, RechargeSubmitRequest> };

/** Bank transfer: what the player says about the transfer they made (the account paid into is shown above). */
export function TransferFields({ control }: Props) {
  const { t } = useTranslation();
  return (
    <fieldset className="form">
      <legend className="field__label">{t('recharge.yourTransfer')}</legend>
      <FormTextField
        control={control}
        name="deposit_time"
        label={t('recharge.depositTime')}
        type="datetime-local"
        testId="transfer-time"
      />
      <FormTextField
        control={control}
        name="payer_name"
        label={t('recharge.payerName')}
        autoComplete="name"
        testId="transfer-payer"
      />
    </fieldset>
  );
}

/** Crypto: the transaction the player sent. */
export function TxHashField({ control }: Props) {
  const { t } = useTranslation();
  return (
    <FormTextField
      control={control}
      name="tx_hash"
      label={t('recharge.txHash')}
      autoCapitalize="none"
      spellCheck={false}
      testId="deposit-txhash"
    />
  );
}
