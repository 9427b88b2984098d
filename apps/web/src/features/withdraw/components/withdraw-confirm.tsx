import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { FeeRule, WithdrawSubmitRequest } from '@fairdraw/contract';
import { ConfirmDialog } from '../../../components/dialog.tsx';
import { FormError } from '../../../components/field.tsx';
import { FormTextField } from '../../../components/form-fields.tsx';
import { errorText, reportServerError } from '../../../lib/form-errors.ts';
import { contractResolver } from '../../../lib/forms.ts';
import type { IdempotencyKeys } from '../../../lib/idempotency.ts';
import { withdrawalFee } from '../../../lib/money.ts';
import { useMoney } from '../../../lib/wallet.ts';
import { useSubmitWithdraw } from '../api/submit-withdraw.ts';
import { confirmSchema, type ConfirmValues } from '../lib/withdraw-schema.ts';

type Props = {
  /** Step one's request; the dialog is open while it is set. Mount one per opening (a fresh password field). */
  asking: WithdrawSubmitRequest | null;
  fee: FeeRule;
  /** The form's keys: a retry of the same request after no answer reuses its key. */
  keys: IdempotencyKeys;
  onCancel: () => void;
  onDone: () => void;
};

/** The confirm dialog: amount, fee and total, and the fund password; sends the withdrawal. */
export function WithdrawConfirm({ asking, fee, keys, onCancel, onDone }: Props) {
  const { t } = useTranslation();
  const { format } = useMoney();
  const submit = useSubmitWithdraw();
  const form = useForm<ConfirmValues, WithdrawSubmitRequest, WithdrawSubmitRequest>({
    defaultValues: { fund_password: '' },
    resolver: contractResolver(confirmSchema),
    context: asking ?? {},
  });
  const { errors, isSubmitting } = form.formState;

  const onConfirm = form.handleSubmit(async (body) => {
    try {
      await keys.send(body, (key) => submit.mutateAsync({ body, key }));
      onDone();
    } catch (e) {
      reportServerError(form.setError, e, []);
    }
  });
  const amount = asking?.amount ?? 0;
  const error = errors.fund_password ?? errors.root?.server;

  return (
    <ConfirmDialog
      open={!!asking}
      title={t('withdraw.confirmTitle')}
      busy={isSubmitting}
      confirmTestId="withdraw-confirm"
      onCancel={onCancel}
      onConfirm={() => void onConfirm()}
    >
      {asking && (
        <dl className="facts">
          <div>
            <dt>{t('money.amount')}</dt>
            <dd className="num">{format(amount)}</dd>
          </div>
          <div>
            <dt>{t('withdraw.fee')}</dt>
            <dd className="num">{format(withdrawalFee(amount, fee))}</dd>
          </div>
          <div>
            <dt>{t('withdraw.total')}</dt>
            <dd className="num">{format(amount + withdrawalFee(amount, fee))}</dd>
          </div>
        </dl>
      )}
      <FormTextField
        control={form.control}
        name="fund_password"
        label={t('withdraw.fundPassword')}
        type="password"
        inputMode="numeric"
        pattern="[0-9]*"
        maxLength={6}
        autoComplete="off"
        autoFocus
        className="num pin"
        clean={(v) => v.replace(/\D/g, '').slice(0, 6)}
        showError={false}
        invalid={!!error}
        testId="withdraw-fundpwd"
      />
      <FormError text={errorText(t, error)} />
    </ConfirmDialog>
  );
}
