import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatCountdown, type Phase } from '../lib/derive.ts';

/** Issue, state and countdown, with Rules and History one tap away (sticky under the top bar). */
export function GameHeader({
  issue,
  phase,
  rulesHref,
  historyHref,
}: {
  issue: string | null;
  phase: Phase;
  rulesHref: string;
  historyHref: string;
}) {
  const { t } = useTranslation();
  return (
    <section className="game-head" aria-label={t('draw.current')}>
      <div className="game-head__issue">
        <span className="game-head__label">{t('draw.issue')}</span>
        <span className="num" data-testid="game-issue">
          {issue ?? '—'}
        </span>
      </div>
      <PhaseClock phase={phase} />
      <nav className="game-head__links">
        <Link to={rulesHref} className="game-head__link" data-testid="game-rules-link">
          {t('draw.rules')}
        </Link>
        <Link to={historyHref} className="game-head__link" data-testid="game-history-link">
          {t('draw.history')}
        </Link>
      </nav>
    </section>
  );
}

export function PhaseClock({ phase, small }: { phase: Phase; small?: boolean }) {
  const { t } = useTranslation();
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
