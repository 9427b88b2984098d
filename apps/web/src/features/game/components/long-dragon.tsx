import './long-dragon.css';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorState, ListSkeleton } from '../../../components/states.tsx';
import { gameHref, gameLabel } from '../../../lib/games.ts';
import { useLongDragon } from '../api/get-long-dragon.ts';
import { sideLabel, sideTone, subjectLabel } from '../lib/trend-labels.ts';

/** The lobby's long dragon: streaks of five draws or more right now, longest first, each one tap from its game. */
export function LongDragonList() {
  const { t } = useTranslation();
  const list = useLongDragon();
  return (
    <section className="section long-dragon" data-testid="long-dragon">
      <h2 className="section__title">{t('trend.longDragon')}</h2>
      <p className="muted long-dragon__help">{t('trend.longDragonHelp')}</p>
      {list.isPending ? (
        <ListSkeleton rows={2} />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <p className="muted" data-testid="long-dragon-empty">
          {t('trend.longDragonEmpty')}
        </p>
      ) : (
        <ul className="long-dragon__list">
          {list.data.map((d) => {
            const href = gameHref({ code: d.code, id: d.games_id });
            const body = (
              <>
                <span className="long-dragon__text">
                  <span className="long-dragon__game">{gameLabel({ code: d.code, name: d.code }, t)}</span>
                  <span className="long-dragon__what">
                    {subjectLabel(d.family, d.subject, t)} · {sideLabel(d.side, t)}
                  </span>
                </span>
                <span className={`long-dragon__len long-dragon__len--${sideTone(d.side)} num`}>
                  {t('trend.inARow', { n: d.length })}
                </span>
              </>
            );
            return (
              <li key={`${d.games_id}/${d.road}`}>
                {href ? (
                  <Link to={href} className="long-dragon__row" data-testid="long-dragon-row" data-length={d.length}>
                    {body}
                  </Link>
                ) : (
                  <div className="long-dragon__row" data-testid="long-dragon-row" data-length={d.length}>
                    {body}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
