import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm, useWatch } from 'react-hook-form';
import type { WithdrawSettings } from '@fairdraw/contract';
import { ErrorState } from '../../components/states.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { FormTextField } from '../../components/form-fields.tsx';
import { FormError } from '../../components/text-field.tsx';
import { errorText, reportServerError } from '../../lib/form-errors.ts';
import { contractResolver } from '../../lib/forms.ts';
import { toAmountText, withdrawalFee } from '../../lib/money.ts';
import { showToast } from '../../lib/toast.ts';
import { useMoney } from '../../lib/wallet.ts';
import { useSaveWithdrawSettings, useWithdrawSettings } from './api/withdraw-settings.ts';
import {
  SETTINGS_FIELDS,
  settingsSchema,
  settingsValues,
  type SettingsField,
  type SettingsValues,
} from './withdraw-settings-schema.ts';

/** An example amount for the fee preview: 1,000 whole units of the currency. */
const EXAMPLE_WHOLE = 1_000;

/** Withdrawal settings: the fee rule (percent, fixed, min, max or none) and the per-request limits. */
export function WithdrawSettingsSection() {
  const { t } = useTranslation();
  const settings = useWithdrawSettings();
  return (
    <section className="section" aria-labelledby="withdraw-settings-title" data-testid="withdraw-settings">
      <h2 className="section__title" id="withdraw-settings-title">
        {t('admin.withdrawSettings')}
      </h2>
      {settings.isPending ? (
        <Skeleton style={{ height: 320 }} />
      ) : settings.isError ? (
        <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <SettingsForm initial={settings.data} />
      )}
    </section>
  );
}

function SettingsForm({ initial }: { initial: WithdrawSettings }) {
  const { t } = useTranslation();
  const { exponent, format } = useMoney();
  const [saved, setSaved] = useState(false);
  const save = useSaveWithdrawSettings();
  const form = useForm<SettingsValues, { exponent: number }, WithdrawSettings>({
    resolver: contractResolver(settingsSchema),
    context: { exponent },
    defaultValues: settingsValues(initial, exponent),
  });
  const { isSubmitting: busy } = form.formState;

  const onSubmit = form.handleSubmit(async (body) => {
    setSaved(false);
    try {
      await save.mutateAsync(body);
      setSaved(true);
      showToast(t('admin.settingsSaved'));
    } catch (e) {
      reportServerError(form.setError, e, SETTINGS_FIELDS);
    }
  });

  // An edit makes "saved" old news.
  useEffect(() => form.subscribe({ formState: { values: true }, callback: () => setSaved(false) }), [form]);

  const field = (
    name: SettingsField,
    label: string,
    extra: { hint?: string; unit?: string; placeholder?: string } = {},
  ) => (
    <FormTextField
      control={form.control}
      name={name}
      label={label}
      hint={extra.hint}
      inputMode="decimal"
      autoComplete="off"
      className="num"
      placeholder={extra.placeholder ?? (extra.unit ? '0' : toAmountText(0, exponent))}
      testId={`wset-${name.replace('.', '-')}`}
      addon={extra.unit ? <span className="field__unit">{extra.unit}</span> : undefined}
    />
  );

  // A live example of the rule being typed (only when every field reads as valid).
  const typed = useWatch({ control: form.control }) as SettingsValues;
  const live = settingsSchema({ exponent }).safeParse(typed);
  const example = EXAMPLE_WHOLE * 10 ** exponent;

  return (
    <form className="form" onSubmit={(e) => void onSubmit(e)} noValidate>
      <div className="settings-group" role="group" aria-labelledby="wset-fee">
        <h3 className="settings-group__title" id="wset-fee">
          {t('admin.feeRule')}
        </h3>
        {field('fee.percent_bps', t('admin.feePercent'), { unit: '%' })}
        {field('fee.fixed', t('admin.feeFixed'))}
        {field('fee.min', t('admin.feeMin'))}
        {field('fee.max', t('admin.feeMax'), { hint: t('admin.feeMaxHint'), placeholder: t('admin.noMax') })}
        {live.success && (
          <p className="hint hint--left" data-testid="wset-example">
            {t('admin.feeExample', { amount: format(example), fee: format(withdrawalFee(example, live.data.fee)) })}
          </p>
        )}
      </div>
      <div className="settings-group" role="group" aria-labelledby="wset-limits">
        <h3 className="settings-group__title" id="wset-limits">
          {t('admin.perRequest')}
        </h3>
        {field('min', t('admin.withdrawMin'))}
        {field('max', t('admin.withdrawMax'))}
      </div>
      <FormError text={errorText(t, form.formState.errors.root?.server)} />
      {saved && (
        <p className="result__waiting" role="status" data-testid="wset-saved">
          {t('admin.settingsSaved')}
        </p>
      )}
      <button type="submit" className="btn btn--primary btn--block" disabled={busy} data-testid="wset-submit">
        {busy ? t('auth.submitting') : t('payout.save')}
      </button>
    </form>
  );
}
