import '../protection.css';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { type LimitsState } from '@fairdraw/contract';
import { Sheet } from '../../../components/dialog.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { useLimits } from '../api/limits.ts';
import { LimitForm } from './limit-form.tsx';
import { LimitTable } from './limit-table.tsx';
import { RealityCheckChoice } from './reality-check-choice.tsx';

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
