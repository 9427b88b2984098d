import { useTranslation } from 'react-i18next';
import type { MarkSixZodiac } from '@fairdraw/contract';
import {
  k3Summary,
  lucky28Summary,
  pk10Summary,
  sscSummary,
  waveOf,
  type Family,
  type Parity,
  type Size,
} from '../lib/derive.ts';

/**
 * A draw's result drawn in the family's customary way; `compact` for list rows. `zodiac`: Mark Six only, each
 * number's animal as the API computed it for the period's draw date (shown under its ball when given).
 */
export function ResultView({
  family,
  result,
  zodiac,
  compact,
}: {
  family: Family;
  result: readonly number[];
  zodiac?: readonly MarkSixZodiac[] | undefined;
  compact?: boolean;
}) {
  const cls = compact ? 'result result--compact' : 'result';
  switch (family) {
    case 'pk10':
      return <Pk10Result result={result} className={cls} />;
    case 'k3':
      return <K3Result result={result} className={cls} />;
    case 'marksix':
      return <MarkSixResult result={result} zodiac={zodiac} className={cls} />;
    case 'lucky28':
      return <Lucky28Result result={result} className={cls} />;
    case 'ssc':
      return <SscResult result={result} className={cls} />;
  }
}

/** Big/small and odd/even in words (never colour alone). */
function Tags({ size, parity, extra }: { size?: Size; parity?: Parity; extra?: string }) {
  const { t } = useTranslation();
  return (
    <span className="result__tags">
      {extra && <span className="result__tag result__tag--strong">{extra}</span>}
      {size && <span className={`result__tag result__tag--${size}`}>{t(`draw.${size}`)}</span>}
      {parity && <span className="result__tag">{t(`draw.${parity}`)}</span>}
    </span>
  );
}

function Pk10Result({ result, className }: { result: readonly number[]; className: string }) {
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

/** A ball in its wave colour, with its zodiac animal under it when known. */
function Ball({ n, animal }: { n: number; animal: MarkSixZodiac | undefined }) {
  const { t } = useTranslation();
  const wave = waveOf(n);
  const name = animal ? t(`draw.zodiac.${animal}`) : null;
  return (
    <span className="ball-cell" data-testid="ball">
      <span className={`ball ball--${wave}`} aria-label={`${n} ${t(`draw.${wave}`)}`}>
        {String(n).padStart(2, '0')}
      </span>
      {name && (
        <span className="ball__zodiac" data-testid="ball-zodiac" data-zodiac={animal}>
          {name}
        </span>
      )}
    </span>
  );
}

function MarkSixResult({
  result,
  zodiac,
  className,
}: {
  result: readonly number[];
  zodiac: readonly MarkSixZodiac[] | undefined;
  className: string;
}) {
  const { t } = useTranslation();
  const normal = result.slice(0, 6);
  const special = result[6];
  // Animals only when there is one for every ball (never a half-labelled row).
  const animals = zodiac && zodiac.length === result.length ? zodiac : undefined;
  const withZodiac = animals ? ' balls--zodiac' : '';
  return (
    <div className={`${className} result--marksix`} data-testid="result" data-family="marksix">
      <span className={`balls${withZodiac}`}>
        {normal.map((n, i) => (
          <Ball key={i} n={n} animal={animals?.[i]} />
        ))}
        {special !== undefined && (
          <>
            <span className="balls__plus" aria-label={t('draw.special')}>
              +
            </span>
            <Ball n={special} animal={animals?.[6]} />
          </>
        )}
      </span>
    </div>
  );
}

function Lucky28Result({ result, className }: { result: readonly number[]; className: string }) {
  const s = lucky28Summary(result);
  return (
    <div className={`${className} result--lucky28`} data-testid="result" data-family="lucky28">
      <span className="l28 num">
        {result.map((n, i) => (
          <span key={i} className="l28__part">
            {i > 0 && <span className="l28__op">+</span>}
            <span className="digit">{n}</span>
          </span>
        ))}
        <span className="l28__op">=</span>
        <span className={`l28__sum l28__sum--${s.size}`}>{s.sum}</span>
      </span>
      <Tags size={s.size} parity={s.parity} />
    </div>
  );
}

function SscResult({ result, className }: { result: readonly number[]; className: string }) {
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
