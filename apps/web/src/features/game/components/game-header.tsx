import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatCountdown, phaseAt, type PeriodTimes } from '../lib/derive.ts';
import { useServerNow } from '../lib/use-game-clock.ts';

/**
 * Issue, state and countdown, with Rules, History and Trend one tap away (sticky under the top bar). While the
 * period loads (`pending`) it keeps its full size, the clock a placeholder, so nothing below it moves when the period
 * comes.
 */
export function GameHeader({
  period,
  pending = false,
  rulesHref,
  historyHref,
  onTrend,
}: {
  period: PeriodTimes | undefined;
  pending?: boolean;
  rulesHref: string;
  historyHref: string;
  /** Opens the trend sheet. */
  onTrend?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <section className="game-head" aria-label={t('draw.current')} aria-busy={pending || undefined}>
      <div className="game-head__issue">
        <span className="game-head__label">{t('draw.issue')}</span>
        <span className="num" data-testid={pending ? undefined : 'game-issue'}>
          {period?.issue ?? '—'}
        </span>
      </div>
      {pending ? <ClockPlaceholder /> : <PhaseClock period={period} />}
      <nav className="game-head__links">
        <Link to={rulesHref} className="game-head__link" data-testid="game-rules-link">
          {t('draw.rules')}
        </Link>
        <Link to={historyHref} className="game-head__link" data-testid="game-history-link">
          {t('draw.history')}
        </Link>
        {onTrend && (
          <button
            type="button"
            className="game-head__link game-head__link--button"
            onClick={onTrend}
            data-testid="game-trend-open"
          >
            {t('trend.open')}
          </button>
        )}
      </nav>
    </section>
  );
}

/** The clock's box at its size (its two lines, empty), shown while the period loads. */
function ClockPlaceholder() {
  return (
    <div className="clock clock--loading" aria-hidden="true">
      <span className="clock__label">&nbsp;</span>
      <span className="clock__time num">&nbsp;</span>
    </div>
  );
}

/**
 * The period's state and countdown at server time. The only part of a game screen or of the lobby that re-renders
 * every second (useServerNow).
 */
export function PhaseClock({ period, small }: { period: PeriodTimes | undefined; small?: boolean }) {
  const { t } = useTranslation();
  const now = useServerNow();
  const phase = period ? phaseAt(period, now) : ({ kind: 'none' } as const);
  const cls = small ? 'clock clock--small' : 'clock';
  const label =
    phase.kind === 'open'
      ? t('draw.closesIn')
      : phase.kind === 'waiting'
        ? t('draw.opensIn')
        : phase.kind === 'sealed'
          ? t('draw.sealed')
          : phase.kind === 'drawing'
            ? t('draw.drawing')
            : t('draw.noPeriod');
  const time = 'ms' in phase ? formatCountdown(phase.ms) : null;
  return (
    <div className={`${cls} clock--${phase.kind}`} data-testid="game-phase" data-phase={phase.kind} role="timer">
      <span className="clock__label">{label}</span>
      {time && (
        <span className="clock__time num" data-testid="game-countdown">
          {time}
        </span>
      )}
      {phase.kind === 'drawing' && <span className="clock__dots" aria-hidden="true" />}
    </div>
  );
}
