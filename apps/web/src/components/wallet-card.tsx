import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../lib/wallet.ts';
import { useWallet } from '../lib/server-state/wallet.ts';
import { Skeleton } from './skeleton.tsx';
import { ErrorState } from './states.tsx';
import { PATHS } from '../lib/paths.ts';

/** Balance, frozen, total assets and available; demo wallets say "Demo · play money" in words. */
export function WalletCard({ actions = true }: { actions?: boolean }) {
  const { t } = useTranslation();
  const wallet = useWallet();
  const { format } = useMoney();
  if (wallet.isPending) {
    return (
      <section className="brand-card wallet-card" aria-busy="true">
        <Skeleton className="skeleton--line" style={{ width: '40%' }} />
        <Skeleton style={{ width: '60%', height: 34, marginTop: 8 }} />
        <Skeleton className="skeleton--line" />
      </section>
    );
  }
  if (wallet.isError) return <ErrorState error={wallet.error} onRetry={() => void wallet.refetch()} />;
  const w = wallet.data;
  return (
    <section className={`brand-card wallet-card${w.demo ? ' wallet-card--demo' : ''}`} aria-label={t('wallet.title')}>
      <div className="wallet-card__head">
        <span className="wallet-card__label">{t('balance.label')}</span>
        {w.demo && (
          <span className="badge badge--demo" data-testid="wallet-demo-badge">
            {t('balance.demo')}
          </span>
        )}
      </div>
      <button
        type="button"
        className="wallet-card__balance num"
        data-testid="wallet-balance"
        onClick={() => void wallet.refetch()}
        aria-label={`${t('balance.label')} ${format(w.balance)}. ${t('balance.refresh')}`}
      >
        {format(w.balance)}
      </button>
      <dl className="wallet-card__grid">
        <div>
          <dt>{t('wallet.frozen')}</dt>
          <dd className="num" data-testid="wallet-frozen">
            {format(w.frozen)}
          </dd>
        </div>
        <div>
          <dt>{t('wallet.total')}</dt>
          <dd className="num" data-testid="wallet-total">
            {format(w.total_assets)}
          </dd>
        </div>
        <div>
          <dt>{t('wallet.available')}</dt>
          <dd className="num" data-testid="wallet-available">
            {format(w.available)}
          </dd>
        </div>
      </dl>
      {w.demo && <p className="wallet-card__note">{t('wallet.demoNote')}</p>}
      {!w.demo && w.bonus.locked > 0 && (
        // The bonus a claimed rebate still holds back from withdrawal: its amount, and the turnover made of the
        // turnover required (modules/bonus); the Bonus tab says it in words.
        <Link to={PATHS.bonus} className="wallet-card__bonus" data-testid="wallet-bonus">
          <span>
            {t('wallet.cause.bonus')} <span className="num">{format(w.bonus.locked)}</span>
          </span>
          <span className="num">
            {format(w.bonus.progress)} / {format(w.bonus.requirement)}
          </span>
        </Link>
      )}
      {actions && !w.demo && (
        <div className="wallet-card__actions">
          <Link to={PATHS.recharge} className="btn btn--light">
            {t('page.recharge')}
          </Link>
          <Link to={PATHS.withdraw} className="btn btn--light">
            {t('page.withdraw')}
          </Link>
        </div>
      )}
    </section>
  );
}
