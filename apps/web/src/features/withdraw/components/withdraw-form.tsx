import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PayoutMethod, WalletData, WithdrawSubmitRequest } from '@fairdraw/contract';
import { MethodIcon } from '../../../components/method-icon.tsx';
import { AmountField } from '../../../components/amount-field.tsx';
import { ConfirmDialog } from '../../../components/dialog.tsx';
import { FormError, TextField } from '../../../components/text-field.tsx';
import { IdempotencyKeys } from '../../../lib/idempotency.ts';
import { maxWithdrawable, parseAmount, toAmountText, withdrawalFee } from '../../../lib/money.ts';
import { payoutDetail, payoutTitle } from '../../../lib/payouts.ts';
import { showToast } from '../../../lib/toast.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { useMoney } from '../../../lib/wallet.ts';
import { useSubmitWithdraw } from '../api/submit-withdraw.ts';

/** Choose where, how much (fee and total shown), then confirm with the 6-digit fund password. */
export function WithdrawForm({
  wallet,
  payouts,
  onDone,
}: {
  wallet: WalletData;
  payouts: PayoutMethod[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { format } = useMoney();
  const [payoutId, setPayoutId] = useState<number>(payouts[0]?.id ?? 0);
  const [amount, setAmount] = useState('');
  const [asking, setAsking] = useState<WithdrawSubmitRequest | null>(null);
  const [fundPwd, setFundPwd] = useState('');
  const [keys] = useState(() => new IdempotencyKeys());
  const submit = useSubmitWithdraw();
  const form = useSubmit();
  const dialog = useSubmit();

  const parsed = parseAmount(amount, wallet.exponent);
  const minor = parsed.kind === 'ok' ? parsed.minor : 0;
  const fee = minor > 0 ? withdrawalFee(minor, wallet.fee) : 0;
  const fail = (key: string, opts: Record<string, string> = {}) =>
    form.setError({ text: t(`errors:${key}`, opts), field: 'amount' });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!payouts.some((p) => p.id === payoutId)) return form.setError({ text: t('errors:PAYOUT_METHOD_REQUIRED') });
    if (parsed.kind === 'empty') return fail('AMOUNT_REQUIRED');
    if (parsed.kind === 'invalid' || minor === 0) return fail('AMOUNT_INVALID');
    if (minor < wallet.withdraw_min) return fail('AMOUNT_BELOW_MIN', { min: format(wallet.withdraw_min) });
    if (minor > wallet.withdraw_max) return fail('AMOUNT_ABOVE_MAX', { max: format(wallet.withdraw_max) });
    if (minor + fee > wallet.available) return fail('INSUFFICIENT_BALANCE');
    form.setError(null);
    dialog.setError(null);
    setFundPwd('');
    setAsking({ amount: minor, payout_id: payoutId });
  };

  const onConfirm = () => {
    if (!asking) return;
    if (!/^\d{6}$/.test(fundPwd)) return dialog.setError({ text: t('errors:FUND_PASSWORD_FORMAT') });
    const body = { ...asking, fund_password: fundPwd };
    void dialog.run(
      () => keys.send(body, (key) => submit.mutateAsync({ body, key })),
      () => {
        setAsking(null);
        setAmount('');
        showToast(t('withdraw.submitted'));
        onDone();
      },
    );
  };

  return (
    <>
      <form className="form form--page" onSubmit={onSubmit} noValidate>
        <fieldset className="channels">
          <legend className="field__label">{t('withdraw.to')}</legend>
          {payouts.map((p) => (
            <button
              key={p.id}
              type="button"
              className="channel"
              aria-pressed={p.id === payoutId}
              data-testid={`withdraw-payout-${p.id}`}
              onClick={() => setPayoutId(p.id)}
            >
              <MethodIcon type={p.type} />
              <span className="channel__text">
                <span className="channel__name">{payoutTitle(p)}</span>
                <span className="channel__limits break">{payoutDetail(p)}</span>
              </span>
            </button>
          ))}
          <Link to="/cards" className="link-row">
            {t('withdraw.manage')}
          </Link>
        </fieldset>

        <AmountField
          value={amount}
          onValue={setAmount}
          testId="withdraw-amount"
          invalid={form.invalid('amount')}
          hint={t('withdraw.limits', {
            available: format(wallet.available),
            min: format(wallet.withdraw_min),
            max: format(wallet.withdraw_max),
          })}
          addon={
            <button
              type="button"
              className="btn btn--ghost btn--small"
              data-testid="withdraw-all"
              onClick={() =>
                setAmount(
                  toAmountText(
                    Math.min(maxWithdrawable(wallet.available, wallet.fee), wallet.withdraw_max),
                    wallet.exponent,
                  ),
                )
              }
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

        <FormError text={form.error?.text ?? null} />
        <button type="submit" className="btn btn--primary btn--block" data-testid="withdraw-submit">
          {t('withdraw.submit')}
        </button>
      </form>

      <ConfirmDialog
        open={!!asking}
        title={t('withdraw.confirmTitle')}
        busy={dialog.busy}
        confirmTestId="withdraw-confirm"
        onCancel={() => setAsking(null)}
        onConfirm={onConfirm}
      >
        {asking && (
          <dl className="facts">
            <div>
              <dt>{t('money.amount')}</dt>
              <dd className="num">{format(asking.amount ?? 0)}</dd>
            </div>
            <div>
              <dt>{t('withdraw.fee')}</dt>
              <dd className="num">{format(withdrawalFee(asking.amount ?? 0, wallet.fee))}</dd>
            </div>
            <div>
              <dt>{t('withdraw.total')}</dt>
              <dd className="num">{format((asking.amount ?? 0) + withdrawalFee(asking.amount ?? 0, wallet.fee))}</dd>
            </div>
          </dl>
        )}
        <TextField
          label={t('withdraw.fundPassword')}
          name="fund_password"
          type="password"
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={6}
          autoComplete="off"
          autoFocus
          className="num pin"
          value={fundPwd}
          onValue={(v) => setFundPwd(v.replace(/\D/g, '').slice(0, 6))}
          invalid={!!dialog.error}
          testId="withdraw-fundpwd"
        />
        <FormError text={dialog.error?.text ?? null} />
      </ConfirmDialog>
    </>
  );
}
