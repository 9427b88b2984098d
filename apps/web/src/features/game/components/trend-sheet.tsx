import './trend.css';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Trend, TrendPosition, TrendRoad } from '@fairdraw/contract';
import { ErrorState } from '../../../components/states.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { Tabs } from '../../../components/tabs.tsx';
import { useTrend } from '../api/get-trend.ts';
import { kindLabel, sideLabel, sideShort, sideTone, subjectLabel } from '../lib/trend-labels.ts';

type View = 'numbers' | 'hot' | 'roads';
const WINDOWS = [30, 50, 100, 200] as const;
const BEAD_ROWS = 6;

/**
 * The trend of a game (loaded only when opened): per position each number's hits and draws since it last came up,
 * the hot and cold numbers, and the bead roads of the two-sided plays with their current streak. Read again after
 * each draw (`lastIssue`).
 */
export function TrendSheet({
  gameId,
  family,
  lastIssue,
  onClose,
}: {
  gameId: number;
  family: string;
  lastIssue: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [limit, setLimit] = useState<number>(50);
  const [view, setView] = useState<View>('numbers');
  const [subject, setSubject] = useState<string | null>(null);
  const trend = useTrend(gameId, limit, lastIssue);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  const data = trend.data;
  const subjects = data
    ? view === 'roads'
      ? [...new Set(data.roads.map((r) => r.subject))]
      : data.positions.map((p) => p.key)
    : [];
  const shown = subject && subjects.includes(subject) ? subject : (subjects[0] ?? '');

  return (
    <div className="sheet is-open trend-sheet">
      <button type="button" className="sheet__scrim" aria-label={t('trend.close')} onClick={onClose} tabIndex={-1} />
      <section
        className="sheet__panel"
        role="dialog"
        aria-modal="true"
        aria-label={t('trend.title')}
        data-testid="trend"
      >
        <header className="sheet__head">
          <h2 className="sheet__title">{t('trend.title')}</h2>
          <button type="button" className="btn btn--ghost btn--small" onClick={onClose} data-testid="trend-close">
            {t('trend.close')}
          </button>
        </header>
        <div className="trend-window" role="group" aria-label={t('trend.window')}>
          <span className="muted">{t('trend.window')}</span>
          <div className="chips">
            {WINDOWS.map((n) => (
              <button
                key={n}
                type="button"
                className="chip num"
                aria-pressed={n === limit}
                onClick={() => setLimit(n)}
                data-testid={`trend-limit-${n}`}
              >
                {n}
              </button>
            ))}
          </div>
        </div>
        <Tabs
          label={t('trend.title')}
          items={[
            { key: 'numbers', label: t('trend.tabs.numbers'), testId: 'trend-tab-numbers' },
            { key: 'hot', label: t('trend.tabs.hotCold'), testId: 'trend-tab-hot' },
            { key: 'roads', label: t('trend.tabs.roads'), testId: 'trend-tab-roads' },
          ]}
          value={view}
          onChange={setView}
        />
        {trend.isPending ? (
          <Skeleton className="skeleton--line" />
        ) : trend.isError ? (
          <ErrorState error={trend.error} onRetry={() => void trend.refetch()} />
        ) : data && data.periods === 0 ? (
          <p className="muted" data-testid="trend-empty">
            {t('trend.none')}
          </p>
        ) : data ? (
          <>
            <p className="muted trend-note" data-testid="trend-periods" data-periods={data.periods}>
              {t('trend.periods', { count: data.periods })}
            </p>
            {subjects.length > 1 && (
              <Tabs
                wrap
                label={t('trend.position')}
                items={subjects.map((s) => ({
                  key: s,
                  label: subjectLabel(family, s, t),
                  testId: `trend-subject-${s}`,
                }))}
                value={shown}
                onChange={setSubject}
              />
            )}
            {view === 'roads' ? (
              <Roads family={family} roads={data.roads.filter((r) => r.subject === shown)} />
            ) : (
              <PositionView data={data} position={data.positions.find((p) => p.key === shown)} view={view} />
            )}
            <p className="muted trend-note">{t('trend.independent')}</p>
          </>
        ) : null}
      </section>
    </div>
  );
}

function PositionView({ data, position, view }: { data: Trend; position: TrendPosition | undefined; view: View }) {
  const { t } = useTranslation();
  if (!position) return null;
  if (view === 'hot') {
    const stat = (n: number) => position.numbers.find((s) => s.number === n);
    const list = (key: 'hot' | 'cold') => (
      <section className="trend-hc" data-testid={`trend-${key}`}>
        <h3 className="trend-hc__title">{t(`trend.${key}`)}</h3>
        <p className="muted trend-note">{t(`trend.${key}Help`)}</p>
        <ul className="trend-hc__list">
          {position[key].map((n) => (
            <li key={n} className={`trend-hc__item trend-hc__item--${key}`}>
              <span className="trend-hc__n num">{n}</span>
              <span className="trend-hc__c num">{t('trend.hits', { count: stat(n)?.count ?? 0 })}</span>
              <span className="trend-hc__m muted num">{t('trend.missingN', { count: stat(n)?.missing ?? 0 })}</span>
            </li>
          ))}
        </ul>
      </section>
    );
    return (
      <div className="trend-hc-wrap">
        {list('hot')}
        {list('cold')}
      </div>
    );
  }
  const hot = new Set(position.hot);
  const cold = new Set(position.cold);
  return (
    <>
      <p className="trend-legend muted">
        <span className="trend-legend__c">{t('trend.count')}</span>
        <span className="trend-legend__m">{t('trend.missing')}</span>
        <span className="trend-legend__hot">{t('trend.hot')}</span>
        <span className="trend-legend__cold">{t('trend.cold')}</span>
      </p>
      <ul className="trend-grid" data-testid="trend-grid" data-periods={data.periods}>
        {position.numbers.map((s) => (
          <li
            key={s.number}
            className={`trend-cell${hot.has(s.number) ? ' is-hot' : cold.has(s.number) ? ' is-cold' : ''}${s.missing === 0 ? ' is-latest' : ''}`}
            data-testid="trend-cell"
            data-number={s.number}
            data-count={s.count}
            data-missing={s.missing}
          >
            <span className="trend-cell__n num">{s.number}</span>
            <span className="trend-cell__c num">{s.count}</span>
            <span className="trend-cell__m num">{s.missing}</span>
          </li>
        ))}
      </ul>
    </>
  );
}

function Roads({ family, roads }: { family: string; roads: TrendRoad[] }) {
  const { t } = useTranslation();
  return (
    <>
      {roads.map((r) => (
        <section key={r.key} className="trend-road" data-testid="trend-road" data-road={r.key}>
          <h3 className="trend-road__title">
            {subjectLabel(family, r.subject, t)} · {kindLabel(r.kind, t)}
            {r.streak && (
              <span className={`trend-streak trend-tone--${sideTone(r.streak.side)}`} data-testid="trend-streak">
                {t('trend.streak', { side: sideLabel(r.streak.side, t), n: r.streak.length })}
              </span>
            )}
          </h3>
          <BeadRoad road={r} />
        </section>
      ))}
    </>
  );
}

/** The bead road: one bead per draw, oldest first, down each column of six then on to the next column. */
function BeadRoad({ road }: { road: TrendRoad }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLOListElement>(null);
  // The latest beads are on the right: start scrolled there.
  useLayoutEffect(() => {
    const el = ref.current;
    if (el) el.scrollLeft = el.scrollWidth;
  }, [road.sides.length]);
  const columns = Math.max(1, Math.ceil(road.sides.length / BEAD_ROWS));
  return (
    <ol
      ref={ref}
      className="bead-road"
      style={{ gridTemplateColumns: `repeat(${columns}, 24px)` }}
      aria-label={road.sides.map((s) => sideLabel(s, t)).join(', ')}
    >
      {road.sides.map((s, i) => (
        <li key={i} className={`bead trend-tone--${sideTone(s)}`} aria-hidden="true">
          {sideShort(s, t)}
        </li>
      ))}
    </ol>
  );
}
