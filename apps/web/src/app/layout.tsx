import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Toast } from '../components/toast.tsx';
import { changeLanguage } from '../lib/i18n.ts';
import { getStoredLang } from '../lib/storage.ts';
import { isAllowedPath, PATHS } from '../lib/paths.ts';
import { TabBar } from './tab-bar.tsx';
import { useSession } from '../lib/use-session.ts';

// The reality check (features/my): its own chunk, fetched only once a registered player is logged in.
const RealityCheck = lazy(() =>
  import('../features/my/components/reality-check.tsx').then((m) => ({ default: m.RealityCheck })),
);

// The player's live stream of inbox and support changes: its own chunk too.
const MemberEvents = lazy(() => import('../lib/member-events.tsx').then((m) => ({ default: m.MemberEvents })));

/**
 * The navigation guard around every route: set the language from storage (default th), and send any
 * path outside the fixed allow-list to /. Login state never redirects here; the tab bar asks for it.
 */
export function Root() {
  const { pathname } = useLocation();
  const user = useSession();
  useEffect(() => {
    void changeLanguage(getStoredLang());
  }, [pathname]);
  if (!isAllowedPath(pathname)) return <Navigate to={PATHS.home} replace />;
  return (
    <>
      <Outlet />
      <Toast />
      {user && user.role === 'player' && !user.is_guest && (
        <Suspense fallback={null}>
          <RealityCheck />
          <MemberEvents token={user.token} />
        </Suspense>
      )}
    </>
  );
}

/** The five tab roots carry the bottom tab bar; the page leaves room for it. */
export function TabLayout() {
  return (
    <div className="with-tabs">
      <Outlet />
      <TabBar />
    </div>
  );
}

/** What shows while the first route's code arrives: the page background and an empty tab-bar slot. */
export function ShellFallback() {
  return <div className="page page--shell" aria-busy="true" />;
}
