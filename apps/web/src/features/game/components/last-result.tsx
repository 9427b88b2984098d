import { useTranslation } from 'react-i18next';
import type { CurrentGame } from '@fairdraw/contract';
import { Skeleton } from '../../../components/skeleton.tsx';
import type { Family } from '../lib/derive.ts';
import { ResultView } from './results.tsx';

/** The strip under the header: the last period's result, "no result yet", or a skeleton while loading. */
export function LastResult({ family, game }: { family: Family; game: CurrentGame | undefined }) {
  const { t } = useTranslation();
  return (
    <section className="last-result" aria-label={t('draw.last')} data-testid="last-result">
      {game?.last ? (
        <>
          <span className="last-result__issue">
            {t('draw.lastOf')} <span className="num">{game.last.issue}</span>
          </span>
          <ResultView key={game.last.issue} family={family} result={game.last.result} zodiac={game.last.zodiac} />
        </>
      ) : game ? (
        <span className="muted">{t('draw.noResult')}</span>
      ) : (
        <>
          <Skeleton className="last-result__skeleton-issue" />
          <Skeleton className="last-result__skeleton-row" />
        </>
      )}
    </section>
  );
}
