import '../protection.css';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  LIMIT_KINDS,
  LIMIT_PERIODS,
  type LimitKind,
  type LimitPeriod,
  type LimitsRequest,
  type LimitsState,
  type PlayerLimit,
} from '@fairdraw/contract';
import { Sheet } from '../../../components/dialog.tsx';
import { FormError } from '../../../components/field.tsx';
import { FormAmountField } from '../../../components/form-fields.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { Tabs } from '../../../components/tabs.tsx';
import { errorText, reportServerError } from '../../../lib/form-errors.ts';
import { formatTime } from '../../../lib/format.ts';
import { contractResolver } from '../../../lib/forms.ts';
import { showToast } from '../../../lib/toast.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { useMoney } from '../../../lib/wallet.ts';
import { useLimits, useSaveLimits } from '../api/limits.ts';
import { limitSchema, type LimitContext, type LimitValues } from '../lib/limit-schema.ts';

/** The query that opens the limits sheet on /my (Home and the deposit screen link to it). */
export const LIMITS_SHEET = { sheet: 'limits' } as const;

/**
 * Spending limits (docs/trust.md 29) on the My page: a short summary and the sheet where deposit, loss and stake
 * limits per day, week and month are set, with the reality-check interval. `/my?sheet=limits` opens the sheet.
 */
export function LimitsSection({ token }: { token: string }) {
  const { t } = useTranslation();
  const state = useLimits(token);
  const [params, setParams] = useSearchParams();
  const open = params.get('sheet') === LIMITS_SHEET.sheet;
  const setOpen = (next: boolean) =>
    setParams(
      (p) => {
        if (next) p.set('sheet', LIMITS_SHEET.sheet);
        else p.delete('sheet');
        return p;
      },
      { replace: true },
    );

  if (state.isPending) {
    return (
      <section className="panel protection" aria-busy="true">
        <Skeleton className="skeleton--line" style={{ width: '50%' }} />
      </section>
    );
  }
  if (state.isError) {
    return (
      <section className="panel protection">
        <h2 className="panel__title">{t('limits.title')}</h2>
        <button type="button" className="btn btn--ghost btn--small" onClick={() => void state.refetch()}>
          {t('common.retry')}
        </button>
      </section>
    );
  }
  const set = state.data.limits.filter((l) => l.amount !== null).length;
  return (
    <section className="panel protection" aria-labelledby="limits-title" data-testid="limits">
      <h2 className="panel__title" id="limits-title">
        {t('limits.title')}
      </h2>
      <p className="protection__note">{set > 0 ? t('limits.summary', { count: set }) : t('limits.intro')}</p>
      <button
        type="button"
        className="btn btn--ghost btn--block"
        onClick={() => setOpen(true)}
        data-testid="limits-open"
      >
        {t('limits.open')}
      </button>
      <LimitsSheet open={open} state={state.data} token={token} onClose={() => setOpen(false)} />
    </section>
  );
}

function LimitsSheet({
  open,
  state,
  token,
  onClose,
}: {
  open: boolean;
  state: LimitsState;
  token: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Sheet open={open} onClose={onClose} testId="limits-sheet">
      {(titleId) => (
        <div className="dialog__body">
          <h2 className="dialog__title" id={titleId}>
            {t('limits.title')}
          </h2>
          <p className="protection__note">{t('limits.rules')}</p>
          <LimitTable state={state} />
          <LimitForm state={state} token={token} />
          <RealityCheckChoice state={state} token={token} />
          <button type="button" className="btn btn--ghost btn--block" onClick={onClose} data-testid="limits-close">
            {t('limits.close')}
          </button>
        </div>
      )}
    </Sheet>
  );
}

/** Every limit: in force (with what is left), or none; a waiting change with when it applies. */
function LimitTable({ state }: { state: LimitsState }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { format } = useMoney();
  const row = (l: PlayerLimit) => (
    <li key={l.period} className="limits__row" data-testid={`limit-${l.kind}-${l.period}`}>
      <span>{t(`limits.period.${l.period}`)}</span>
      <span className="limits__value num">
        {l.amount === null
          ? t('limits.none')
          : t('limits.left', { amount: format(l.amount), left: format(l.left ?? 0) })}
      </span>
      {l.pending && (
        <span className="limits__pending" data-testid={`limit-${l.kind}-${l.period}-pending`}>
          {t('limits.pending', {
            amount: l.pending.amount === null ? t('limits.none') : format(l.pending.amount),
            at: formatTime(l.pending.effective_at, lang, state.time_zone),
          })}
        </span>
      )}
    </li>
  );
  return (
    <div className="limits">
      {LIMIT_KINDS.map((kind) => (
        <section key={kind} className="limits__group">
          <h3 className="limits__kind">{t(`limits.kind.${kind}`)}</h3>
          <ul className="limits__list">
            {LIMIT_PERIODS.map((period) => {
              const l = state.limits.find((x) => x.kind === kind && x.period === period);
              return l ? row(l) : null;
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}

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

/** Off / 30 / 60 minutes, saved as soon as it is chosen. */
function RealityCheckChoice({ state, token }: { state: LimitsState; token: string }) {
  const { t } = useTranslation();
  const save = useSaveLimits(token);
  const value = String(state.reality_check.minutes) as '0' | '30' | '60';
  return (
    <section className="limits__group">
      <h3 className="limits__kind">{t('limits.realityTitle')}</h3>
      <p className="protection__note">{t('limits.realityIntro')}</p>
      <Tabs
        label={t('limits.realityTitle')}
        items={(['0', '30', '60'] as const).map((m) => ({
          key: m,
          label: m === '0' ? t('limits.realityOff') : t('limits.minutes', { count: Number(m) }),
          testId: `reality-${m}`,
        }))}
        value={value}
        onChange={(m) => {
          save.mutate(
            { changes: [], reality_check: Number(m) as 0 | 30 | 60 },
            { onSuccess: () => showToast(t('limits.saved')), onError: () => showToast(t('common.offline')) },
          );
        }}
      />
    </section>
  );
}
