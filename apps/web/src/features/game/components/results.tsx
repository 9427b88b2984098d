import type { MarkSixZodiac } from '@fairdraw/contract';
import type { Family } from '../lib/derive.ts';
import { K3Result } from './result-k3.tsx';
import { Lucky28Result } from './result-lucky28.tsx';
import { MarkSixResult } from './result-marksix.tsx';
import { Pk10Result } from './result-pk10.tsx';
import { SscResult } from './result-ssc.tsx';

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
