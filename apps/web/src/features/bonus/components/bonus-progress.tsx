import { useTranslation } from 'react-i18next';
import type { BonusLockData } from '@fairdraw/contract';
import { useMoney } from '../../../lib/wallet.ts';

/**
 * The bonus still held back from withdrawal: the amount, the turnover requirement and the progress toward it (a bar
 * and the words), or that nothing is held.
 */
export function BonusProgress({ bonus }: { bonus: BonusLockData }) {
  const { t } = useTranslation();
  const { format } = useMoney();
  if (bonus.locked === 0) {
    return (
      <p className="panel__note" data-testid="bonus-free">
        {t('bonus.nothingLocked')}
      </p>
    );
  }
  const pct = bonus.requirement > 0 ? Math.min(100, Math.floor((bonus.progress / bonus.requirement) * 100)) : 100;
  return (
    <div className="bonus-progress" data-testid="bonus-progress">
      <dl className="bonus-progress__grid">
        <div>
          <dt>{t('bonus.locked')}</dt>
          <dd className="num" data-testid="bonus-locked">
            {format(bonus.locked)}
          </dd>
        </div>
        <div>
          <dt>{t('bonus.requirement')}</dt>
          <dd className="num" data-testid="bonus-requirement">
            {format(bonus.requirement)}
          </dd>
        </div>
        <div>
          <dt>{t('bonus.progress')}</dt>
          <dd className="num" data-testid="bonus-progress-amount">
            {format(bonus.progress)}
          </dd>
        </div>
      </dl>
      <div
        className="bonus-progress__bar"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        aria-label={t('bonus.progress')}
      >
        <span style={{ width: `${pct}%` }} />
      </div>
      <p className="bonus-progress__left">{t('bonus.left', { amount: format(bonus.left) })}</p>
    </div>
  );
}
