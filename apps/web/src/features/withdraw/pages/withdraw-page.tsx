import { Link, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CashierPage } from '../../../components/cashier-page.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { ErrorState, NoticeState } from '../../../components/states.tsx';
import { Tabs } from '../../../components/tabs.tsx';
import { useKyc } from '../../../lib/server-state/kyc.ts';
import { usePayouts } from '../../../lib/server-state/payouts.ts';
import { useProfile } from '../../../lib/server-state/profile.ts';
import { useSession } from '../../../lib/use-session.ts';
import { useWallet } from '../../../lib/server-state/wallet.ts';
import { pageKey, PATHS, withQuery } from '../../../lib/paths.ts';
import { WithdrawForm } from '../components/withdraw-form.tsx';
import { WithdrawRecords } from '../components/withdraw-records.tsx';

type Tab = 'form' | 'records';

/** /withdraw and /hyTixian: the withdrawal form (after its preconditions) and the withdrawal records. */
export function WithdrawPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'records' ? 'records' : 'form';
  const setTab = (k: Tab) => setParams(k === 'records' ? { tab: 'records' } : {}, { replace: true });
  return (
    <CashierPage title={t(pageKey(pathname))}>
      <Tabs
        label={t('page.withdraw')}
        value={tab}
        onChange={setTab}
        items={[
          { key: 'form', label: t('page.withdraw'), testId: 'tab-withdraw' },
          { key: 'records', label: t('my.withdrawRecords'), testId: 'tab-withdraw-records' },
        ]}
      />
      {tab === 'form' ? <WithdrawGate onDone={() => setTab('records')} /> : <WithdrawRecords />}
    </CashierPage>
  );
}

/** Spec §5 in order: a real account, not frozen, the fund password set, a payout method bound — then the form. */
function WithdrawGate({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const user = useSession();
  const profile = useProfile(user?.token);
  const wallet = useWallet();
  const payouts = usePayouts(user?.token);
  // Identity verification, when the operator requires it before a withdrawal (a player's own status).
  const player = profile.data?.role === 'player' && !profile.data.is_guest;
  const kyc = useKyc(player);

  if (profile.isPending || wallet.isPending || payouts.isPending) {
    return (
      <div className="stack" aria-busy="true">
        <Skeleton style={{ height: 64 }} />
        <Skeleton style={{ height: 48 }} />
        <Skeleton style={{ height: 48 }} />
      </div>
    );
  }
  // A demo account is told so before anything else: its payout methods are refused (403), which is no error to retry.
  if (user?.is_guest || profile.data?.is_guest || wallet.data?.demo) {
    return (
      <NoticeState text={t('errors:DEMO_NOT_ALLOWED')} testId="demo-withdraw">
        <Link to={PATHS.register} className="btn btn--primary">
          {t('auth.toRegister')}
        </Link>
      </NoticeState>
    );
  }
  const failed = [profile, wallet, payouts].find((q) => q.isError);
  if (failed || !profile.data || !wallet.data || !payouts.data) {
    return <ErrorState onRetry={() => void Promise.all([profile.refetch(), wallet.refetch(), payouts.refetch()])} />;
  }
  // Frozen by an operator: no withdrawal until it is lifted; support stays open (the API refuses anyway).
  if (profile.data.frozen) {
    return (
      <NoticeState text={t('errors:ACCOUNT_FROZEN')} testId="withdraw-frozen">
        <Link to={PATHS.support} className="btn btn--primary" data-testid="withdraw-frozen-support">
          {t('tab.support')}
        </Link>
      </NoticeState>
    );
  }
  if (!profile.data.has_fund_password) {
    return (
      <NoticeState text={t('errors:FUND_PASSWORD_NOT_SET')} testId="withdraw-need-fundpwd">
        <Link
          to={PATHS.setFundPassword}
          state={{ from: PATHS.withdraw }}
          className="btn btn--primary"
          data-testid="goto-setpwd"
        >
          {t('page.setPwd')}
        </Link>
      </NoticeState>
    );
  }
  if (kyc.data?.required_for_withdrawal && kyc.data.status !== 'verified') {
    return (
      <NoticeState text={t('errors:KYC_REQUIRED')} testId="withdraw-need-kyc">
        <Link to={PATHS.identityCard} className="btn btn--primary" data-testid="goto-kyc">
          {t('kyc.verifyNow')}
        </Link>
      </NoticeState>
    );
  }
  if (payouts.data.length === 0) {
    return (
      <NoticeState text={t('errors:PAYOUT_METHOD_REQUIRED')} testId="withdraw-need-payout">
        <Link to={PATHS.bindBank} className="btn btn--primary" data-testid="goto-bindbank">
          {t('page.bindBank')}
        </Link>
        <Link to={PATHS.virtualAdd} className="btn btn--ghost">
          {t('page.virtualAdd')}
        </Link>
        <Link to={withQuery(PATHS.cards, { tab: 'pix' })} className="btn btn--ghost">
          {t('payout.addPix')}
        </Link>
      </NoticeState>
    );
  }
  return <WithdrawForm wallet={wallet.data} payouts={payouts.data} onDone={onDone} />;
}
