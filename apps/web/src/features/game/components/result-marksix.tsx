import { useTranslation } from 'react-i18next';
import type { MarkSixZodiac } from '@fairdraw/contract';
import { waveOf } from '../lib/derive.ts';

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

/** Mark Six: six balls and the special one, each in its wave colour. */
export function MarkSixResult({
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
