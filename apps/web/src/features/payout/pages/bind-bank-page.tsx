import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CashierPage } from '../../../components/cashier-page.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useSubmit } from '../../../lib/use-submit.ts';
import { useAddPayout } from '../api/add-payout.ts';
import { PayoutForm } from '../components/payout-form.tsx';

/** /bindBank: holder name, bank name, card number (spaces allowed), login password. */
export function BindBankPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [bankName, setBankName] = useState('');
  const [card, setCard] = useState('');
  const [password, setPassword] = useState('');
  const add = useAddPayout();
  const { setError, busy, run, fieldError, formError } = useSubmit();

  const onSubmit = () => {
    const missing = !name.trim()
      ? 'name'
      : !bankName.trim()
        ? 'bank_name'
        : !card.trim()
          ? 'card_number'
          : !password
            ? 'password'
            : null;
    if (missing) return setError({ text: t('errors:REQUIRED_FIELDS'), field: missing });
    void run(
      () =>
        add.mutateAsync({
          type: 'bank',
          name: name.trim(),
          bank_name: bankName.trim(),
          card_number: card.replace(/\s+/g, ''),
          password,
        }),
      () => void navigate('/cards', { replace: true }),
    );
  };

  return (
    <CashierPage title={t('page.bindBank')}>
      <PayoutForm
        password={password}
        onPassword={setPassword}
        passwordError={fieldError('password')}
        formError={formError(['name', 'bank_name', 'card_number', 'password'])}
        busy={busy}
        onSubmit={onSubmit}
      >
        <TextField
          label={t('payout.holder')}
          name="name"
          autoComplete="name"
          value={name}
          onValue={setName}
          invalid={!!fieldError('name')}
          error={fieldError('name')}
          testId="bank-name"
        />
        <TextField
          label={t('payout.bankName')}
          name="bank_name"
          value={bankName}
          onValue={setBankName}
          invalid={!!fieldError('bank_name')}
          error={fieldError('bank_name')}
          testId="bank-bankname"
        />
        <TextField
          label={t('payout.cardNumber')}
          hint={t('payout.cardHint')}
          name="card_number"
          inputMode="numeric"
          autoComplete="off"
          className="num"
          maxLength={23}
          value={card}
          onValue={(v) => setCard(v.replace(/[^\d ]/g, ''))}
          invalid={!!fieldError('card_number')}
          error={fieldError('card_number')}
          testId="bank-card"
        />
      </PayoutForm>
    </CashierPage>
  );
}
