import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CashierPage } from '../../../components/cashier-page.tsx';
import { WalletCard } from '../../../components/wallet-card.tsx';
import { pageKey, PATHS, withQuery } from '../../../app/routes.ts';

/** /purses and /huiYuan: the wallet card and the cashier actions. */
export function WalletPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <CashierPage title={t(pageKey(pathname))}>
      <WalletCard />
      <nav className="menu" aria-label={t('wallet.title')}>
        <Link className="menu__item" to={PATHS.rechargeNotes}>
          {t('page.rechargeNotes')}
        </Link>
        <Link className="menu__item" to={withQuery(PATHS.withdraw, { tab: 'records' })}>
          {t('my.withdrawRecords')}
        </Link>
        <Link className="menu__item" to={PATHS.cards}>
          {t('page.cards')}
        </Link>
        <Link className="menu__item" to={PATHS.virtual}>
          {t('page.virtual')}
        </Link>
      </nav>
    </CashierPage>
  );
}
