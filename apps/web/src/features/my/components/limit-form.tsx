import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  LIMIT_KINDS,
  LIMIT_PERIODS,
  type LimitKind,
  type LimitPeriod,
  type LimitsRequest,
  type LimitsState,
} from '@fairdraw/contract';
import { FormError } from '../../../components/field.tsx';
import { FormAmountField } from '../../../components/form-fields.tsx';
import { Tabs } from '../../../components/tabs.tsx';
import { errorText, reportServerError } from '../../../lib/form-errors.ts';
import { contractResolver } from '../../../lib/forms.ts';
import { showToast } from '../../../lib/toast.ts';
import { useMoney } from '../../../lib/wallet.ts';
import { useSaveLimits } from '../api/limits.ts';
import { limitSchema, type LimitContext, type LimitValues } from '../lib/limit-schema.ts';

/** Choose a limit, type its amount (empty: no limit), save. */
export function LimitForm({ state, token }: { state: LimitsState; token: string }) {
  const { t } = useTranslation();
  const { exponent } = useMoney();
  const save = useSaveLimits(token);
  const form = useForm<LimitValues, LimitContext, LimitsRequest>({
    defaultValues: { kind: 'deposit', period: 'day', amount: '' },
    resolver: contractResolver(limitSchema),
    context: { exponent },
  });
  const [kind, setKind] = useState<LimitKind>('deposit');
  const [period, setPeriod] = useState<LimitPeriod>('day');
  const { control, formState } = form;
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      const next = await save.mutateAsync(body);
      const change = body.changes[0];
      const now = next.limits.find((l) => l.kind === change?.kind && l.period === change.period);
      showToast(now?.pending ? t('limits.savedLater') : t('limits.saved'));
      form.setValue('amount', '');
    } catch (e) {
      reportServerError(form.setError, e, ['amount'] as const);
    }
  });
  const current = state.limits.find((l) => l.kind === kind && l.period === period);
  const errors = formState.errors;
  return (
    <form className="form limits__form" onSubmit={(e) => void onSubmit(e)} noValidate data-testid="limit-form">
      <Tabs
        label={t('limits.kindLabel')}
        items={LIMIT_KINDS.map((k) => ({ key: k, label: t(`limits.kind.${k}`), testId: `limit-kind-${k}` }))}
        value={kind}
        onChange={(k) => {
          setKind(k);
          form.setValue('kind', k);
          form.clearErrors();
        }}
      />
      <Tabs
        label={t('limits.periodLabel')}
        items={LIMIT_PERIODS.map((p) => ({ key: p, label: t(`limits.period.${p}`), testId: `limit-period-${p}` }))}
        value={period}
        onChange={(p) => {
          setPeriod(p);
          form.setValue('period', p);
          form.clearErrors();
        }}
      />
      <FormAmountField
        control={control}
        name="amount"
        showError={false}
        testId="limit-amount"
        hint={current?.amount === null || current === undefined ? t('limits.emptyHint') : t('limits.removeHint')}
      />
      <FormError text={errorText(t, errors.amount ?? errors.root?.server)} />
      <button
        type="submit"
        className="btn btn--primary btn--block"
        disabled={formState.isSubmitting}
        data-testid="limit-save"
      >
        {formState.isSubmitting ? t('auth.submitting') : t('limits.save')}
      </button>
    </form>
  );
}
