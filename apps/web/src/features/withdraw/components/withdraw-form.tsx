import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { PayoutMethod, WalletData, WithdrawSubmitRequest } from '@fairdraw/contract';
import { FormError } from '../../../components/field.tsx';
import { FormAmountField } from '../../../components/form-fields.tsx';
import { errorText } from '../../../lib/form-errors.ts';
import { contractResolver } from '../../../lib/forms.ts';
import { IdempotencyKeys } from '../../../lib/idempotency.ts';
import { maxWithdrawable, parseAmount, toAmountText, withdrawalFee } from '../../../lib/money.ts';
import { showToast } from '../../../lib/toast.ts';
import { useMoney } from '../../../lib/wallet.ts';
import { amountSchema, type AmountContext, type AmountValues } from '../lib/withdraw-schema.ts';
import { PayoutPicker } from './payout-picker.tsx';
import { WithdrawConfirm } from './withdraw-confirm.tsx';

type Props = { wallet: WalletData; payouts: PayoutMethod[]; onDone: () => void };

/** Choose where, how much (fee and total shown), then confirm with the 6-digit fund password. */
export function WithdrawForm({ wallet, payouts, onDone }: Props) {
  const { t } = useTranslation();
  const { format } = useMoney();
  const [payoutId, setPayoutId] = useState(payouts[0]?.id);
  const [asking, setAsking] = useState<WithdrawSubmitRequest | null>(null);
  // Each opening of the dialog mounts a fresh one; the keys stay with the form (lib/idempotency).
  const [opened, setOpened] = useState(0);
  const [keys] = useState(() => new IdempotencyKeys());
  const form = useForm<AmountValues, AmountContext, WithdrawSubmitRequest>({
    defaultValues: { amount: '' },
    resolver: contractResolver(amountSchema),
    context: { wallet, payoutId: payouts.some((p) => p.id === payoutId) ? payoutId : undefined },
  });
  const typed = parseAmount(useWatch({ control: form.control, name: 'amount' }), wallet.exponent);
  const minor = typed.kind === 'ok' ? typed.minor : 0;
  const fee = minor > 0 ? withdrawalFee(minor, wallet.fee) : 0;
  const { errors } = form.formState;
  const limits = {
    available: format(wallet.available),
    min: format(wallet.withdraw_min),
    max: format(wallet.withdraw_max),
  };

  const onSubmit = form.handleSubmit((body) => {
    setOpened((n) => n + 1);
    setAsking(body);
  });
  const all = toAmountText(
    Math.min(maxWithdrawable(wallet.available, wallet.fee), wallet.withdraw_max),
    wallet.exponent,
  );

  return (
    <>
      <form className="form form--page" onSubmit={(e) => void onSubmit(e)} noValidate>
        <PayoutPicker payouts={payouts} chosen={payoutId} onChoose={setPayoutId} />
        <FormAmountField
          control={form.control}
          name="amount"
          showError={false}
          testId="withdraw-amount"
          hint={t('withdraw.limits', limits)}
          addon={
            <button
              type="button"
              className="btn btn--ghost btn--small"
              data-testid="withdraw-all"
              onClick={() => form.setValue('amount', all)}
            >
              {t('withdraw.all')}
            </button>
          }
        />
        <dl className="facts facts--boxed">
          <div>
            <dt>{t('withdraw.fee')}</dt>
            <dd className="num" data-testid="withdraw-fee">
              {format(fee)}
            </dd>
          </div>
          <div>
            <dt>{t('withdraw.total')}</dt>
            <dd className="num" data-testid="withdraw-total">
              {format(minor + fee)}
            </dd>
          </div>
        </dl>
        <FormError text={errorText(t, errors.payout_id ?? errors.amount, limits)} />
        <button type="submit" className="btn btn--primary btn--block" data-testid="withdraw-submit">
          {t('withdraw.submit')}
        </button>
      </form>
      <WithdrawConfirm
        key={opened}
        asking={asking}
        fee={wallet.fee}
        keys={keys}
        onCancel={() => setAsking(null)}
        onDone={() => {
          setAsking(null);
          form.setValue('amount', '');
          showToast(t('withdraw.submitted'));
          onDone();
        }}
      />
    </>
  );
}
