import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { WithdrawSettings } from '@fairdraw/contract';
import { ErrorState } from '../../../components/states.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { FormError, TextField } from '../../../components/text-field.tsx';
import { parseAmount, parsePercent, toAmountText, toPercentText, withdrawalFee } from '../../../lib/money.ts';
import { showToast } from '../../../lib/toast.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { useMoney } from '../../../lib/wallet.ts';
import { useSaveWithdrawSettings, useWithdrawSettings } from '../api/withdraw-settings.ts';

/** The form's fields, named as the API names them in `field` errors. */
const FIELDS = ['fee.percent_bps', 'fee.fixed', 'fee.min', 'fee.max', 'min', 'max'] as const;
type Field = (typeof FIELDS)[number];
type Texts = Record<Field, string>;

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
  const money = (minor: number) => toAmountText(minor, exponent);
  const [texts, setTexts] = useState<Texts>({
    'fee.percent_bps': toPercentText(initial.fee.percent_bps),
    'fee.fixed': money(initial.fee.fixed),
    'fee.min': money(initial.fee.min),
    'fee.max': initial.fee.max === null ? '' : money(initial.fee.max),
    min: money(initial.min),
    max: money(initial.max),
  });
  const [invalid, setInvalid] = useState<Partial<Texts>>({});
  const [saved, setSaved] = useState(false);
  const save = useSaveWithdrawSettings();
  const { error, busy, run, fieldError, formError } = useSubmit();

  /** What the texts mean, and a message for each field that means nothing valid. */
  const read = (): { body: WithdrawSettings | null; errors: Partial<Texts> } => {
    const errors: Partial<Texts> = {};
    const amount = (field: Field, optional = false): number | null => {
      const p = parseAmount(texts[field], exponent);
      if (p.kind === 'ok') return p.minor;
      if (p.kind === 'empty' && optional) return null;
      errors[field] = p.kind === 'empty' ? t('errors:REQUIRED_FIELDS') : t('errors:AMOUNT_INVALID');
      return null;
    };
    const pct = parsePercent(texts['fee.percent_bps']);
    if (pct.kind !== 'ok')
      errors['fee.percent_bps'] = pct.kind === 'empty' ? t('errors:REQUIRED_FIELDS') : t('admin.percentInvalid');
    const fixed = amount('fee.fixed');
    const feeMin = amount('fee.min');
    const feeMax = amount('fee.max', true);
    const min = amount('min');
    const max = amount('max');
    if (feeMin !== null && feeMax !== null && feeMax < feeMin) errors['fee.max'] = t('admin.feeMaxBelowMin');
    if (min !== null && max !== null && max < min) errors.max = t('admin.maxBelowMin');
    if (pct.kind !== 'ok' || fixed === null || feeMin === null || min === null || max === null) {
      return { body: null, errors };
    }
    if (Object.keys(errors).length > 0) return { body: null, errors };
    return { body: { fee: { percent_bps: pct.minor, fixed, min: feeMin, max: feeMax }, min, max }, errors };
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    const { body, errors } = read();
    setInvalid(errors);
    if (!body) return;
    void run(
      () => save.mutateAsync(body),
      () => {
        setSaved(true);
        showToast(t('admin.settingsSaved'));
      },
    );
  };

  const edit = (field: Field) => (value: string) => {
    setTexts((prev) => ({ ...prev, [field]: value }));
    setSaved(false);
    if (invalid[field]) setInvalid((prev) => ({ ...prev, [field]: undefined }));
  };
  const errorOf = (field: Field) => invalid[field] ?? fieldError(field);
  const field = (name: Field, label: string, extra: { hint?: string; unit?: string; placeholder?: string } = {}) => (
    <TextField
      label={label}
      hint={extra.hint}
      name={name}
      inputMode="decimal"
      autoComplete="off"
      className="num"
      placeholder={extra.placeholder ?? (extra.unit ? '0' : toAmountText(0, exponent))}
      value={texts[name]}
      onValue={edit(name)}
      invalid={!!errorOf(name)}
      error={errorOf(name)}
      testId={`wset-${name.replace('.', '-')}`}
      addon={extra.unit ? <span className="field__unit">{extra.unit}</span> : undefined}
    />
  );

  // A live example of the rule being typed (only when every fee field reads as valid).
  const { body } = read();
  const example = EXAMPLE_WHOLE * 10 ** exponent;

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <div className="settings-group" role="group" aria-labelledby="wset-fee">
        <h3 className="settings-group__title" id="wset-fee">
          {t('admin.feeRule')}
        </h3>
        {field('fee.percent_bps', t('admin.feePercent'), { unit: '%' })}
        {field('fee.fixed', t('admin.feeFixed'))}
        {field('fee.min', t('admin.feeMin'))}
        {field('fee.max', t('admin.feeMax'), { hint: t('admin.feeMaxHint'), placeholder: t('admin.noMax') })}
        {body && (
          <p className="hint hint--left" data-testid="wset-example">
            {t('admin.feeExample', { amount: format(example), fee: format(withdrawalFee(example, body.fee)) })}
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
      <FormError text={error ? formError(FIELDS) : null} />
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
