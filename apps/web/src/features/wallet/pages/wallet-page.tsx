import { Link, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CashierPage } from '../../../components/cashier-page.tsx';
import { NoticeState } from '../../../components/states.tsx';
import { Tabs } from '../../../components/tabs.tsx';
import { WalletCard } from '../../../components/wallet-card.tsx';
import { useProfile } from '../../../lib/server-state/profile.ts';
import { useSession } from '../../../lib/use-session.ts';
import { pageKey, PATHS, withQuery } from '../../../lib/paths.ts';
import { AccountHistoryView } from '../components/account-history.tsx';

type Tab = 'wallet' | 'history';

/** /purses and /huiYuan: the wallet card and the cashier actions; `?tab=history` the account history. */
export function WalletPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'history' ? 'history' : 'wallet';
  const setTab = (k: Tab) => setParams(k === 'history' ? { tab: 'history' } : {}, { replace: true });
  return (
    <CashierPage title={t(pageKey(pathname))}>
      <Tabs
        label={t('wallet.title')}
        value={tab}
        onChange={setTab}
        items={[
          { key: 'wallet', label: t('wallet.title'), testId: 'tab-wallet' },
          { key: 'history', label: t('wallet.history'), testId: 'tab-history' },
        ]}
      />
      {tab === 'history' ? (
        <HistoryTab />
      ) : (
        <>
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
        </>
      )}
    </CashierPage>
  );
}

/** Registered players only: a demo session has play money and no account history. */
function HistoryTab() {
  const { t } = useTranslation();
  const user = useSession();
  const profile = useProfile(user?.token);
  const guest = profile.data?.is_guest ?? user?.is_guest ?? false;
  if (!user) return null;
  if (guest) {
    return (
      <NoticeState text={t('errors:DEMO_NOT_ALLOWED')} testId="demo-history">
        <Link to={PATHS.register} className="btn btn--primary">
          {t('auth.toRegister')}
        </Link>
      </NoticeState>
    );
  }
  return <AccountHistoryView token={user.token} />;
}
