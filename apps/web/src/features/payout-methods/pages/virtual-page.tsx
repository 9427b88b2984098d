import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CashierPage } from '../../../components/cashier-page.tsx';
import { FrozenNotice } from '../../../components/frozen-notice.tsx';
import { PayoutList } from '../components/payout-list.tsx';
import { PATHS, withQuery } from '../../../lib/paths.ts';

/** /virtual: the player's crypto wallets, and the way to add one (PIX keys live under /cards). */
export function VirtualPage() {
  const { t } = useTranslation();
  return (
    <CashierPage title={t('page.virtual')}>
      <FrozenNotice testId="payout-frozen" />
      <PayoutList
        type="crypto"
        empty={t('payout.noWallets')}
        add={
          <Link to={PATHS.virtualAdd} className="btn btn--primary btn--block" data-testid="add-wallet">
            {t('page.virtualAdd')}
          </Link>
        }
      />
      <Link to={withQuery(PATHS.cards, { tab: 'pix' })} className="link-row link-row--brand">
        {t('payout.pixElsewhere')}
      </Link>
    </CashierPage>
  );
}
