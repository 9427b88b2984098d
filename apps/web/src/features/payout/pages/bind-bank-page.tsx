import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CashierPage } from '../../../components/cashier-page.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { bindText } from '../../../lib/form-bind.ts';
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
    () => void navigate('/cards', { replace: true }),
  );
  const { errors, isSubmitting } = form.formState;
  const card = bindText(form, 'card_number');

  return (
    <CashierPage title={t('page.bindBank')}>
      <PayoutForm
        password={bindText(form, 'password')}
        passwordError={errors.password}
        formError={errors.root?.server}
        busy={isSubmitting}
        onSubmit={(e) => void onSubmit(e)}
      >
        <TextField
          label={t('payout.holder')}
          autoComplete="name"
          {...bindText(form, 'name')}
          invalid={!!errors.name}
          fieldError={errors.name}
          testId="bank-name"
        />
        <TextField
          label={t('payout.bankName')}
          {...bindText(form, 'bank_name')}
          invalid={!!errors.bank_name}
          fieldError={errors.bank_name}
          testId="bank-bankname"
        />
        <TextField
          label={t('payout.cardNumber')}
          hint={t('payout.cardHint')}
          inputMode="numeric"
          autoComplete="off"
          className="num"
          maxLength={23}
          {...card}
          onValue={(v) => card.onValue(v.replace(/[^\d ]/g, ''))}
          invalid={!!errors.card_number}
          fieldError={errors.card_number}
          testId="bank-card"
        />
      </PayoutForm>
    </CashierPage>
  );
}
