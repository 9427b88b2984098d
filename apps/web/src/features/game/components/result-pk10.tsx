import { useTranslation } from 'react-i18next';
import { pk10Summary } from '../lib/derive.ts';
import { Tags } from './result-tags.tsx';

/** Pk10: the ten cars in finishing order, and the sum of the first two. */
export function Pk10Result({ result, className }: { result: readonly number[]; className: string }) {
  const { t } = useTranslation();
  const s = pk10Summary(result);
  return (
    <div className={`${className} result--pk10`} data-testid="result" data-family="pk10">
      <ol className="pk10-row" aria-label={t('draw.order')}>
        {result.map((n, i) => (
          <li key={i} className={`pk10-chip pk10-chip--${n}`}>
            {n}
          </li>
        ))}
      </ol>
      <span className="result__sum">
        {t('draw.pk10Sum')} <b className="num">{s.sum}</b>
        <Tags size={s.size} parity={s.parity} />
      </span>
    </div>
  );
}
