import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CashierPage } from '../../../components/cashier-page.tsx';
import { WalletCard } from '../../../components/wallet-card.tsx';
import { pageKey } from '../../../app/routes.ts';

/** /purses and /huiYuan: the wallet card and the cashier actions. */
export function WalletPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <CashierPage title={t(pageKey(pathname))}>
      <WalletCard />
      <nav className="menu" aria-label={t('wallet.title')}>
        <Link className="menu__item" to="/rechargeNotes">
          {t('page.rechargeNotes')}
        </Link>
        <Link className="menu__item" to="/withdraw?tab=records">
          {t('my.withdrawRecords')}
        </Link>
        <Link className="menu__item" to="/cards">
          {t('page.cards')}
        </Link>
        <Link className="menu__item" to="/virtual">
          {t('page.virtual')}
        </Link>
      </nav>
    </CashierPage>
  );
}
