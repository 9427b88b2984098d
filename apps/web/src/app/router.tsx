import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { setNavigator } from '../lib/navigation.ts';
import { GAME_ROUTES, SOON_ROUTES, TABS } from './routes.ts';
import { Root, ShellFallback, TabLayout } from './layout.tsx';

// Every screen is its own chunk, loaded on demand (spec §2 "all loaded on demand").
const home = () => import('../features/home/pages/home-page.tsx').then((m) => ({ Component: m.HomePage }));
const soon = () =>
  import('../features/coming-soon/pages/coming-soon-page.tsx').then((m) => ({ Component: m.ComingSoonPage }));

const tabPaths = new Set<string>(TABS.map((t) => t.path.toLowerCase()));
const soonTabs = SOON_ROUTES.filter((p) => tabPaths.has(p.toLowerCase()));
const soonOthers = SOON_ROUTES.filter((p) => !tabPaths.has(p.toLowerCase()));

const routes: RouteObject[] = [
  {
    Component: Root,
    HydrateFallback: ShellFallback,
    children: [
      {
        Component: TabLayout,
        children: [{ index: true, lazy: home }, ...soonTabs.map((path) => ({ path, lazy: soon }))],
      },
      {
        path: '/login',
        lazy: () => import('../features/auth/pages/login-page.tsx').then((m) => ({ Component: m.LoginPage })),
      },
      {
        path: '/register',
        lazy: () => import('../features/auth/pages/register-page.tsx').then((m) => ({ Component: m.RegisterPage })),
      },
      {
        path: '/lang',
        lazy: () => import('../features/lang/pages/lang-page.tsx').then((m) => ({ Component: m.LangPage })),
      },
      ...GAME_ROUTES.map((path) => ({ path, lazy: soon })),
      ...soonOthers.map((path) => ({ path, lazy: soon })),
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export function createRouter() {
  const router = createBrowserRouter(routes);
  setNavigator((path) => void router.navigate(path));
  return router;
}
