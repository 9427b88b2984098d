import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { loadScreenTexts } from '../lib/i18n.ts';
import { setNavigator } from '../lib/navigation.ts';
import {
  CONTENT_ROUTES,
  GAME_ROUTES,
  MONEY_ROUTES,
  PLAY_ROUTES,
  TABS,
  type ContentPage,
  type MoneyPage,
  type PlayPage,
  PATHS,
} from './routes.ts';
import { Root, ShellFallback, TabLayout } from './layout.tsx';

// Every screen is its own chunk, loaded on demand.
const home = () => import('../features/home/pages/home-page.tsx').then((m) => ({ Component: m.HomePage }));

// The money screens (routes.ts MONEY_ROUTES): one lazy chunk per page; aliases share it.
type Lazy = () => Promise<{ Component: ComponentType }>;
const MONEY: Record<MoneyPage, Lazy> = {
  my: () => import('../features/my/pages/my-page.tsx').then((m) => ({ Component: m.MyPage })),
  wallet: () => import('../features/wallet/pages/wallet-page.tsx').then((m) => ({ Component: m.WalletPage })),
  recharge: () => import('../features/recharge/pages/recharge-page.tsx').then((m) => ({ Component: m.RechargePage })),
  records: () => import('../features/recharge/pages/records-page.tsx').then((m) => ({ Component: m.RecordsPage })),
  cards: () => import('../features/payout/pages/cards-page.tsx').then((m) => ({ Component: m.CardsPage })),
  bindBank: () => import('../features/payout/pages/bind-bank-page.tsx').then((m) => ({ Component: m.BindBankPage })),
  virtual: () => import('../features/payout/pages/virtual-page.tsx').then((m) => ({ Component: m.VirtualPage })),
  virtualAdd: () =>
    import('../features/payout/pages/virtual-add-page.tsx').then((m) => ({ Component: m.VirtualAddPage })),
  fundPassword: () =>
    import('../features/security/pages/fund-password-page.tsx').then((m) => ({ Component: m.FundPasswordPage })),
  loginPassword: () =>
    import('../features/security/pages/login-password-page.tsx').then((m) => ({ Component: m.LoginPasswordPage })),
  withdraw: () => import('../features/withdraw/pages/withdraw-page.tsx').then((m) => ({ Component: m.WithdrawPage })),
  admin: () => import('../features/admin/pages/admin-page.tsx').then((m) => ({ Component: m.AdminPage })),
  msg: () => import('../features/msg/pages/msg-page.tsx').then((m) => ({ Component: m.MsgPage })),
  msgDetail: () => import('../features/msg/pages/msg-detail-page.tsx').then((m) => ({ Component: m.MsgDetailPage })),
  support: () => import('../features/support/pages/support-page.tsx').then((m) => ({ Component: m.SupportPage })),
  bonus: () => import('../features/bonus/pages/bonus-page.tsx').then((m) => ({ Component: m.BonusPage })),
  identityCard: () =>
    import('../features/kyc/pages/identity-card-page.tsx').then((m) => ({ Component: m.IdentityCardPage })),
  profit: () => import('../features/report/pages/profit-page.tsx').then((m) => ({ Component: m.ProfitPage })),
};

// The game screens: one page for the five game routes, and the lobby, draw history, rules and bets around them.
const game = () => import('../features/game/pages/game-page.tsx').then((m) => ({ Component: m.GamePage }));
const PLAY: Record<PlayPage, Lazy> = {
  lobby: () => import('../features/game/pages/lobby-page.tsx').then((m) => ({ Component: m.LobbyPage })),
  history: () => import('../features/game/pages/history-page.tsx').then((m) => ({ Component: m.HistoryPage })),
  rule: () => import('../features/game/pages/rule-page.tsx').then((m) => ({ Component: m.RulePage })),
  bets: () => import('../features/game/pages/bets-page.tsx').then((m) => ({ Component: m.BetsPage })),
  betRecords: () =>
    import('../features/game/pages/bet-records-page.tsx').then((m) => ({ Component: m.BetRecordsPage })),
  openBets: () => import('../features/game/pages/open-bets-page.tsx').then((m) => ({ Component: m.OpenBetsPage })),
};

// Content operators publish (promotions).
const CONTENT: Record<ContentPage, Lazy> = {
  activity: () => import('../features/activity/pages/activity-page.tsx').then((m) => ({ Component: m.ActivityPage })),
};
const contentEntries = Object.entries<ContentPage>(CONTENT_ROUTES);

// A screen behind Home arrives with the texts only such screens show (lib/i18n.ts loadScreenTexts).
const withScreenTexts =
  (load: Lazy): Lazy =>
  () =>
    Promise.all([load(), loadScreenTexts()]).then(([page]) => page);

const tabPaths = new Set<string>(TABS.map((t) => t.path.toLowerCase()));
const moneyEntries = Object.entries(MONEY_ROUTES) as [string, MoneyPage][];
const moneyTabs = moneyEntries.filter(([p]) => tabPaths.has(p.toLowerCase()));
const moneyOthers = moneyEntries.filter(([p]) => !tabPaths.has(p.toLowerCase()));
const playEntries = Object.entries(PLAY_ROUTES) as [string, PlayPage][];
const playTabs = playEntries.filter(([p]) => tabPaths.has(p.toLowerCase()));
const playOthers = playEntries.filter(([p]) => !tabPaths.has(p.toLowerCase()));

const routes: RouteObject[] = [
  {
    Component: Root,
    HydrateFallback: ShellFallback,
    children: [
      {
        Component: TabLayout,
        children: [
          { index: true, lazy: home },
          ...moneyTabs.map(([path, page]) => ({ path, lazy: withScreenTexts(MONEY[page]) })),
          ...playTabs.map(([path, page]) => ({ path, lazy: withScreenTexts(PLAY[page]) })),
        ],
      },
      {
        path: PATHS.login,
        lazy: () => import('../features/auth/pages/login-page.tsx').then((m) => ({ Component: m.LoginPage })),
      },
      {
        path: PATHS.register,
        lazy: () => import('../features/auth/pages/register-page.tsx').then((m) => ({ Component: m.RegisterPage })),
      },
      {
        path: PATHS.lang,
        lazy: () => import('../features/lang/pages/lang-page.tsx').then((m) => ({ Component: m.LangPage })),
      },
      ...GAME_ROUTES.map((path) => ({ path, lazy: withScreenTexts(game) })),
      ...playOthers.map(([path, page]) => ({ path, lazy: withScreenTexts(PLAY[page]) })),
      ...contentEntries.map(([path, page]) => ({ path, lazy: withScreenTexts(CONTENT[page]) })),
      ...moneyOthers.map(([path, page]) => ({ path, lazy: withScreenTexts(MONEY[page]) })),
      { path: '*', element: <Navigate to={PATHS.home} replace /> },
    ],
  },
];

export function createRouter() {
  const router = createBrowserRouter(routes);
  setNavigator((path) => void router.navigate(path));
  return router;
}
