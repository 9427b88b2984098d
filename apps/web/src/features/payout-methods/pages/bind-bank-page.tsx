import { useNavigate } from 'react-router';
import { PATHS } from '../../../lib/paths.ts';
import { useTranslation } from 'react-i18next';
import { CashierPage } from '../../../components/cashier-page.tsx';
import { FrozenNotice } from '../../../components/frozen-notice.tsx';
import { FormTextField } from '../../../components/form-fields.tsx';
import { PayoutForm } from '../components/payout-form.tsx';
import { BANK_FIELDS, bankSchema, type BankValues } from '../lib/payout-schema.ts';
import { usePayoutForm } from '../lib/use-payout-form.ts';

const EMPTY: BankValues = { name: '', bank_name: '', card_number: '', password: '' };

/** /bindBank: holder name, bank name, card number (spaces allowed), login password. */
export function BindBankPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { form, onSubmit } = usePayoutForm(
    bankSchema,
    EMPTY,
    BANK_FIELDS,
    () => void navigate(PATHS.cards, { replace: true }),
  );
  const { control, formState } = form;

  return (
    <CashierPage title={t('page.bindBank')}>
      <FrozenNotice testId="payout-frozen" />
      <PayoutForm
        control={control}
        formError={formState.errors.root?.server}
        busy={formState.isSubmitting}
        onSubmit={(e) => void onSubmit(e)}
      >
        <FormTextField
          control={control}
          name="name"
          label={t('payout.holder')}
          autoComplete="name"
          testId="bank-name"
        />
        <FormTextField control={control} name="bank_name" label={t('payout.bankName')} testId="bank-bankname" />
        <FormTextField
          control={control}
          name="card_number"
          clean={(typed) => typed.replace(/[^\d ]/g, '')}
          label={t('payout.cardNumber')}
          hint={t('payout.cardHint')}
          inputMode="numeric"
          autoComplete="off"
          className="num"
          maxLength={23}
          testId="bank-card"
        />
      </PayoutForm>
    </CashierPage>
  );
}
