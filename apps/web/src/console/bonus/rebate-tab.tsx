import './rebate-tab.css';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm, useWatch } from 'react-hook-form';
import type { AdminBonusSettings, AdminBonusSettingsRequest } from '@fairdraw/contract';
import { ErrorState } from '../../components/states.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { FormTextField } from '../../components/form-fields.tsx';
import { FormError } from '../../components/text-field.tsx';
import { errorText, reportServerError } from '../../lib/form-errors.ts';
import { contractResolver } from '../../lib/forms.ts';
import { parsePercent } from '../../lib/money.ts';
import { showToast } from '../../lib/toast.ts';
import { useMoney } from '../../lib/wallet.ts';
import { useRebateSettings, useSaveRebateSettings } from './api/rebate-settings.ts';
import { rebateSchema, rebateValues, type RebateValues } from './rebate-settings-schema.ts';

/** An example day's turnover for the preview: 10,000 whole units of the currency. */
const EXAMPLE_WHOLE = 10_000;

/**
 * The daily rebate's rates (issue 12): per game family, the percentage of a day's valid turnover paid back and the
 * turnover requirement as a multiple of the rebate. Each save is audited with the rates before and after; it applies
 * from the next day computed.
 */
export function RebateTab() {
  const { t } = useTranslation();
  const settings = useRebateSettings();
  return (
    <section className="section" aria-labelledby="rebate-title" data-testid="rebate-settings">
      <h2 className="section__title" id="rebate-title">
        {t('bonus.admin.title')}
      </h2>
      <p className="hint hint--left">{t('bonus.admin.intro')}</p>
      <p className="hint hint--left">
        {t('bonus.admin.rateHint')} · {t('bonus.admin.multipleHint')}
      </p>
      {settings.isPending ? (
        <Skeleton style={{ height: 320 }} />
      ) : settings.isError ? (
        <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <RatesForm initial={settings.data} />
      )}
    </section>
  );
}

function RatesForm({ initial }: { initial: AdminBonusSettings }) {
  const { t } = useTranslation();
  const { exponent, format } = useMoney();
  const [saved, setSaved] = useState(false);
  const save = useSaveRebateSettings();
  const form = useForm<RebateValues, unknown, AdminBonusSettingsRequest>({
    resolver: contractResolver(rebateSchema),
    defaultValues: rebateValues(initial),
  });
  const { isSubmitting: busy } = form.formState;
  const fields = initial.rates.flatMap((_, i) => [`rates.${i}.rate`, `rates.${i}.multiple`] as const);

  const onSubmit = form.handleSubmit(async (body) => {
    setSaved(false);
    try {
      await save.mutateAsync(body);
      setSaved(true);
      showToast(t('bonus.admin.saved'));
    } catch (e) {
      reportServerError(form.setError, e, fields);
    }
  });
  useEffect(() => form.subscribe({ formState: { values: true }, callback: () => setSaved(false) }), [form]);

  const typed = useWatch({ control: form.control }) as RebateValues;
  const example = EXAMPLE_WHOLE * 10 ** exponent;

  return (
    <form className="form rebate-form" onSubmit={(e) => void onSubmit(e)} noValidate>
      {initial.rates.map((r, i) => {
        const pct = parsePercent(typed.rates?.[i]?.rate ?? '');
        const multiple = Number(typed.rates?.[i]?.multiple ?? '');
        const rebate = pct.kind === 'ok' ? Math.floor((example * pct.minor) / 10_000) : null;
        return (
          <div
            key={r.family}
            className="settings-group rebate-row"
            role="group"
            aria-labelledby={`rebate-${r.family}`}
            data-testid={`rebate-row-${r.family}`}
          >
            <h3 className="settings-group__title" id={`rebate-${r.family}`}>
              {t(`bonus.families.${r.family}`)}
            </h3>
            <div className="rebate-row__fields">
              <FormTextField
                control={form.control}
                name={`rates.${i}.rate`}
                label={t('bonus.rate')}
                inputMode="decimal"
                autoComplete="off"
                className="num"
                placeholder="0"
                testId={`rebate-rate-${r.family}`}
                addon={<span className="field__unit">%</span>}
              />
              <FormTextField
                control={form.control}
                name={`rates.${i}.multiple`}
                label={t('bonus.requirement')}
                inputMode="numeric"
                autoComplete="off"
                className="num"
                placeholder="0"
                testId={`rebate-multiple-${r.family}`}
                addon={<span className="field__unit">×</span>}
              />
            </div>
            {rebate !== null && rebate > 0 && Number.isInteger(multiple) && multiple >= 0 && multiple <= 10 && (
              <p className="hint hint--left" data-testid={`rebate-example-${r.family}`}>
                {t('bonus.admin.example', {
                  turnover: format(example),
                  rebate: format(rebate),
                  requirement: format(rebate * multiple),
                })}
              </p>
            )}
          </div>
        );
      })}
      <FormError text={errorText(t, form.formState.errors.root?.server)} />
      {saved && (
        <p className="result__waiting" role="status" data-testid="rebate-saved">
          {t('bonus.admin.saved')}
        </p>
      )}
      <button type="submit" className="btn btn--primary btn--block" disabled={busy} data-testid="rebate-submit">
        {busy ? t('auth.submitting') : t('payout.save')}
      </button>
    </form>
  );
}
