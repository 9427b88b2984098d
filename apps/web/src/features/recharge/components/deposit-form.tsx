import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Deposit, RechargeChannel, RechargeSubmitRequest } from '@fairdraw/contract';
import { FormError } from '../../../components/field.tsx';
import { FormAmountField } from '../../../components/form-fields.tsx';
import { errorText, reportServerError } from '../../../lib/form-errors.ts';
import { contractResolver } from '../../../lib/forms.ts';
import { IdempotencyKeys } from '../../../lib/idempotency.ts';
import { parseAmount } from '../../../lib/money.ts';
import { useMoney } from '../../../lib/wallet.ts';
import { useSubmitDeposit } from '../api/submit-deposit.ts';
import {
  DEPOSIT_FIELDS,
  depositSchema,
  EMPTY_DEPOSIT,
  type DepositContext,
  type DepositValues,
} from '../lib/deposit-schema.ts';
import { ChannelPicker } from './channel-picker.tsx';
import { DepositResult } from './deposit-result.tsx';
import { HouseDetails } from './house-details.tsx';
import { PayAmount } from './pay-amount.tsx';
import { TransferFields, TxHashField } from './transfer-fields.tsx';

const QUICK = [100, 500, 1000, 5000, 10000] as const;
/** What the API may name: channel and amount show above the submit button, the others under their field. */
const API_FIELDS = ['channel_id', 'amount', ...DEPOSIT_FIELDS] as const;

/** Choose a channel, type the amount (and the transfer's details), submit; then the deposit as recorded. */
export function DepositForm({ channels, preferBank }: { channels: RechargeChannel[]; preferBank: boolean }) {
  const { t } = useTranslation();
  const { format, exponent } = useMoney();
  const [result, setResult] = useState<Deposit | null>(null);
  // One key per opened form; retries of the same submission reuse it (lib/idempotency).
  const [keys] = useState(() => new IdempotencyKeys());
  const submit = useSubmitDeposit();
  // A single channel is chosen already; /transferBank chooses bank transfer; otherwise the player picks.
  const [chosen, setChosen] = useState(() =>
    channels.length === 1 ? channels[0]?.id : preferBank ? channels.find((c) => c.type === 'bank')?.id : undefined,
  );
  const channel = channels.find((c) => c.id === chosen);
  const form = useForm<DepositValues, DepositContext, RechargeSubmitRequest>({
    defaultValues: EMPTY_DEPOSIT,
    resolver: contractResolver(depositSchema),
    context: { channel, exponent, now: Date.now },
  });
  const { control, formState } = form;
  const amountText = useWatch({ control, name: 'amount' });

  if (result) {
    const again = () => {
      setResult(null);
      form.setValue('amount', '');
    };
    return <DepositResult deposit={result} onAgain={again} />;
  }

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      setResult(await keys.send(body, (key) => submit.mutateAsync({ body, key })));
    } catch (e) {
      reportServerError(form.setError, e, API_FIELDS);
    }
  });

  const limits = channel ? { min: format(channel.min), max: format(channel.max) } : undefined;
  const { errors } = formState;
  const formError = errors.channel_id ?? errors.amount ?? errors.root?.server;
  const typed = parseAmount(amountText, exponent);
  const chips = QUICK.map((n) => n * 10 ** exponent)
    .filter((m) => !channel || (m >= channel.min && m <= channel.max))
    .map((m) => ({ label: format(m), value: String(m / 10 ** exponent) }));

  return (
    <form className="form form--page" onSubmit={(e) => void onSubmit(e)} noValidate>
      <ChannelPicker
        channels={channels}
        chosen={channel?.id}
        invalid={!!errors.channel_id}
        onChoose={(id) => {
          form.clearErrors();
          setChosen(id);
        }}
      />
      {channel && <HouseDetails channel={channel} />}
      <FormAmountField
        control={control}
        name="amount"
        showError={false}
        testId="deposit-amount"
        hint={limits && t('recharge.limits', limits)}
        chips={chips}
      />
      {channel && <PayAmount channel={channel} siteMinor={typed.kind === 'ok' ? typed.minor : null} />}
      {channel?.type === 'bank' && <TransferFields control={control} />}
      {channel?.type === 'crypto' && <TxHashField control={control} />}
      <FormError text={errorText(t, formError, limits)} />
      <button
        type="submit"
        className="btn btn--primary btn--block"
        disabled={formState.isSubmitting}
        data-testid="deposit-submit"
      >
        {formState.isSubmitting ? t('auth.submitting') : t('recharge.submit')}
      </button>
      <p className="hint">{t('recharge.safety')}</p>
    </form>
  );
}
