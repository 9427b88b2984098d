import { useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CashierPage } from '../../../components/cashier-page.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { ErrorState, NoticeState } from '../../../components/states.tsx';
import { Tabs } from '../../../components/tabs.tsx';
import { useProfile } from '../../../lib/profile.ts';
import { useSession } from '../../../lib/use-session.ts';
import { AuditTab } from '../components/audit-tab.tsx';
import { ChannelsTab } from '../components/channels-tab.tsx';
import { LedgerTab } from '../components/ledger-tab.tsx';
import { MessagesTab } from '../components/messages-tab.tsx';
import { ProvidersTab } from '../components/providers-tab.tsx';
import { Queue } from '../components/queue.tsx';
import { SupportTab } from '../components/support-tab.tsx';
import { KycTab } from '../components/kyc-tab.tsx';
import { PATHS, isPath } from '../../../app/routes.ts';

const TABS = [
  'deposits',
  'withdrawals',
  'kyc',
  'channels',
  'providers',
  'audit',
  'ledger',
  'messages',
  'support',
] as const;
type Tab = (typeof TABS)[number];
/** Tabs whose title lives in their own feature's block of the catalogue. */
const TAB_LABEL: Partial<Record<Tab, string>> = {
  kyc: 'kyc.admin.tab',
  messages: 'msg.admin.tab',
  support: 'support.adminTab',
};

/** /rechargeAdmin and /depositAdmin: the operator console (the API refuses everyone else too). */
export function AdminPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const user = useSession();
  const profile = useProfile(user?.token);
  const fallback: Tab = isPath(pathname, PATHS.adminWithdrawals) ? 'withdrawals' : 'deposits';
  const asked = params.get('tab');
  const tab: Tab = TABS.find((k) => k === asked) ?? fallback;

  let body;
  if (profile.isPending) body = <Skeleton style={{ height: 160, margin: 12 }} />;
  else if (profile.isError) body = <ErrorState error={profile.error} onRetry={() => void profile.refetch()} />;
  else if (profile.data.role !== 'operator')
    body = <NoticeState text={t('admin.notAllowed')} testId="admin-forbidden" />;
  else
    body = (
      <>
        <Tabs
          wrap
          label={t('admin.title')}
          value={tab}
          onChange={(k) => setParams({ tab: k }, { replace: true })}
          items={TABS.map((k) => ({
            key: k,
            label: t(TAB_LABEL[k] ?? `admin.tabs.${k}`),
            testId: `admin-tab-${k}`,
          }))}
        />
        {tab === 'deposits' && <Queue key="d" queue="deposits" />}
        {tab === 'withdrawals' && <Queue key="w" queue="withdrawals" />}
        {tab === 'channels' && <ChannelsTab />}
        {tab === 'providers' && <ProvidersTab />}
        {tab === 'audit' && <AuditTab />}
        {tab === 'ledger' && <LedgerTab />}
        {tab === 'messages' && <MessagesTab />}
        {tab === 'support' && <SupportTab />}
        {tab === 'kyc' && <KycTab />}
      </>
    );
  return <CashierPage title={t('admin.title')}>{body}</CashierPage>;
}
