import { useTranslation } from 'react-i18next';
import { sscSummary } from '../lib/derive.ts';
import { Tags } from './result-tags.tsx';

/** Instant lottery: the digits, their total, and dragon / tiger / tie of the first and the last. */
export function SscResult({ result, className }: { result: readonly number[]; className: string }) {
  const { t } = useTranslation();
  const s = sscSummary(result);
  return (
    <div className={`${className} result--ssc`} data-testid="result" data-family="ssc">
      <span className="digits">
        {result.map((n, i) => (
          <span key={i} className="digit">
            {n}
          </span>
        ))}
      </span>
      <span className="result__sum">
        {t('draw.total')} <b className="num">{s.sum}</b>
        <Tags size={s.size} parity={s.parity} extra={t(`draw.${s.dt}`)} />
      </span>
    </div>
  );
}
