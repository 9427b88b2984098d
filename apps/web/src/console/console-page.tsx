import { lazy, type ReactNode } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CashierPage } from '../components/cashier-page.tsx';
import { Skeleton } from '../components/skeleton.tsx';
import { ErrorState, NoticeState, SignedOutState } from '../components/states.tsx';
import { useProfile } from '../lib/server-state/profile.ts';
import { useSession } from '../lib/use-session.ts';
import { AuditTab } from './reports/audit-tab.tsx';
import { ChannelsTab } from './money/channels-tab.tsx';
import { ConsoleShell, type ConsoleTab } from './shell/console-shell.tsx';
import { DrawsAuditTab } from './games/draws-audit-tab.tsx';
import { LedgerTab } from './reports/ledger-tab.tsx';
import { TwoFactorTab } from './reports/two-factor-tab.tsx';
import { MessagesTab } from './players/messages-tab.tsx';
import { ProvidersTab } from './money/providers-tab.tsx';
import { Queue } from './money/queue.tsx';
import { SupportTab } from './players/support-tab.tsx';
import { KycTab } from './players/kyc-tab.tsx';
import { HomeContentTab } from './content/home-content-tab.tsx';
import { PromotionsTab } from './content/promotions-tab.tsx';
import { PlayersTab } from './players/players-tab.tsx';
import { RebateTab } from './bonus/rebate-tab.tsx';
import { PATHS, isPath } from '../lib/paths.ts';
import { useConsoleTexts } from './shell/console-texts.ts';

// The dashboard brings its chart library (uPlot): loaded when the tab is opened, never with the rest of the console.
const DashboardTab = lazy(() => import('./reports/dashboard-tab.tsx').then((m) => ({ default: m.DashboardTab })));
const DepositsTab = () => <Queue queue="deposits" />;
// The Games screen (its forms and the RTP arithmetic) is loaded when it is opened.
const GamesTab = lazy(() => import('./games/games-tab.tsx').then((m) => ({ default: m.GamesTab })));
const WithdrawalsTab = () => <Queue queue="withdrawals" />;

/**
 * The console's screens, one entry each: `?tab=` key, side-navigation section, catalogue key of the title, component.
 * The navigation groups them by section (console-shell.tsx SECTIONS), in the order listed here.
 */
const TABS = [
  { key: 'deposits', section: 'money', label: 'admin.tabs.deposits', Component: DepositsTab },
  { key: 'withdrawals', section: 'money', label: 'admin.tabs.withdrawals', Component: WithdrawalsTab },
  { key: 'channels', section: 'money', label: 'admin.tabs.channels', Component: ChannelsTab },
  { key: 'providers', section: 'money', label: 'admin.tabs.providers', Component: ProvidersTab },
  { key: 'players', section: 'players', label: 'players.admin.tab', Component: PlayersTab },
  { key: 'kyc', section: 'players', label: 'kyc.admin.tab', Component: KycTab },
  { key: 'messages', section: 'players', label: 'msg.admin.tab', Component: MessagesTab },
  { key: 'support', section: 'players', label: 'support.adminTab', Component: SupportTab },
  { key: 'games', section: 'games', label: 'gamesAdmin.tab', Component: GamesTab },
  { key: 'draws', section: 'games', label: 'drawAudit.tab', Component: DrawsAuditTab },
  { key: 'home', section: 'content', label: 'content.homeTab', Component: HomeContentTab },
  { key: 'promotions', section: 'content', label: 'content.promotionsTab', Component: PromotionsTab },
  { key: 'rebate', section: 'bonus', label: 'bonus.adminTab', Component: RebateTab },
  { key: 'dashboard', section: 'reports', label: 'dashboard.tab', Component: DashboardTab },
  { key: 'audit', section: 'reports', label: 'admin.tabs.audit', Component: AuditTab },
  { key: 'ledger', section: 'reports', label: 'admin.tabs.ledger', Component: LedgerTab },
  { key: 'twofactor', section: 'reports', label: 'admin.tabs.twoFactor', Component: TwoFactorTab },
] as const satisfies readonly ConsoleTab[];
type Tab = (typeof TABS)[number];

/** /rechargeAdmin and /depositAdmin: the operator console (the API refuses everyone else too). */
export function ConsolePage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const user = useSession();
  const profile = useProfile(user?.token);
  const texts = useConsoleTexts();
  const fallback = isPath(pathname, PATHS.adminWithdrawals) ? 'withdrawals' : 'deposits';
  const asked = params.get('tab') ?? fallback;
  const tab: Tab = TABS.find((k) => k.key === asked) ?? TABS.find((k) => k.key === fallback)!;
  // A visitor is told what this is and may log in (and come back here); it is no place to open a player account.
  const frame = (body: ReactNode) => (
    <CashierPage title={t('admin.title')} signedOut={<SignedOutState text={t('admin.signedOut')} register={false} />}>
      {body}
    </CashierPage>
  );

  // The console's own texts arrive with it (lib/console-texts.ts); until then, a skeleton without words.
  if (texts.isError) return <ErrorState error={texts.error} onRetry={() => void texts.refetch()} />;
  if (!texts.isSuccess) return <Skeleton style={{ height: 160, margin: 12 }} />;
  if (!user || profile.isPending) return frame(user ? <Skeleton style={{ height: 160, margin: 12 }} /> : null);
  if (profile.isError) return frame(<ErrorState error={profile.error} onRetry={() => void profile.refetch()} />);
  if (profile.data.role !== 'operator')
    return frame(<NoticeState text={t('admin.notAllowed')} testId="admin-forbidden" />);
  return (
    <ConsoleShell
      tabs={TABS}
      current={tab}
      onChoose={(k) => setParams({ tab: k }, { replace: true })}
      phoneFrame={frame}
    />
  );
}
