import { useTranslation } from 'react-i18next';
import { k3Summary } from '../lib/derive.ts';
import { Tags } from './result-tags.tsx';

const PIPS: Record<number, number[]> = {
  1: [4],
  2: [0, 8],
  3: [0, 4, 8],
  4: [0, 2, 6, 8],
  5: [0, 2, 4, 6, 8],
  6: [0, 2, 3, 5, 6, 8],
};

/** A die face: a 3×3 grid of pip slots. */
export function Die({ value }: { value: number }) {
  const pips = PIPS[value] ?? [];
  return (
    <span className="die" role="img" aria-label={String(value)}>
      {Array.from({ length: 9 }, (_, i) => (
        <span key={i} className={pips.includes(i) ? 'die__pip' : 'die__slot'} />
      ))}
    </span>
  );
}

export /** K3: three dice and their sum (a triple says so instead of big/small). */
function K3Result({ result, className }: { result: readonly number[]; className: string }) {
  const { t } = useTranslation();
  const s = k3Summary(result);
  return (
    <div className={`${className} result--k3`} data-testid="result" data-family="k3">
      <span className="dice">
        {result.map((n, i) => (
          <Die key={i} value={n} />
        ))}
      </span>
      <span className="result__sum">
        {t('draw.sum')} <b className="num">{s.sum}</b>
        {s.triple ? <Tags extra={t('draw.triple')} /> : <Tags size={s.size} parity={s.parity} />}
      </span>
    </div>
  );
}
