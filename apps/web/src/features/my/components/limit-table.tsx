import { useTranslation } from 'react-i18next';
import { LIMIT_KINDS, LIMIT_PERIODS, type LimitsState, type PlayerLimit } from '@fairdraw/contract';
import { formatDateTime } from '../../../lib/format.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { useMoney } from '../../../lib/wallet.ts';

/** Every limit: in force (with what is left), or none; a waiting change with when it applies. */
export function LimitTable({ state }: { state: LimitsState }) {
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
            at: formatDateTime(l.pending.effective_at, lang, state.time_zone),
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
