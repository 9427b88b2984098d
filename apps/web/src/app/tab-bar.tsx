import type { MouseEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BonusIcon, GamesIcon, HomeIcon, MyIcon, SupportIcon } from '../components/icons.tsx';
import { useSession } from '../lib/use-session.ts';
import { loadErrorTexts } from '../lib/i18n.ts';
import { showToast } from '../lib/toast.ts';
import { badgeText, useUnreadCount } from '../lib/server-state/unread.ts';
import { normalizePath, TABS, PATHS } from '../lib/paths.ts';

const ICONS = { home: HomeIcon, games: GamesIcon, bonus: BonusIcon, support: SupportIcon, my: MyIcon } as const;

/** The bottom tab bar of the five tab roots. Every tab but Home needs a login. */
export function TabBar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const user = useSession();
  const current = normalizePath(pathname);
  const unread = useUnreadCount();

  const onTab = (e: MouseEvent, loginRequired: boolean) => {
    if (loginRequired && !user) {
      e.preventDefault();
      // The error texts follow the first paint (lib/i18n.ts): a tap before they land waits for them, not a raw key.
      void loadErrorTexts()
        .catch(() => undefined)
        .then(() => showToast(t('errors:LOGIN_REQUIRED')));
      void navigate(PATHS.login);
    }
  };

  return (
    <nav className="tab-bar" data-testid="tabbar" aria-label={t('tab.label')}>
      {TABS.map((tab) => {
        const Icon = ICONS[tab.key];
        const active = normalizePath(tab.path) === current;
        return (
          <Link
            key={tab.key}
            to={tab.path}
            className={`tab-bar__item${active ? ' is-active' : ''}`}
            data-testid={tab.testId}
            aria-current={active ? 'page' : undefined}
            onClick={(e) => onTab(e, tab.loginRequired)}
          >
            <span className="tab-bar__icon">
              <Icon />
              {tab.key === 'my' && unread > 0 && (
                <span
                  className="count-badge tab-bar__badge"
                  data-testid="tab-my-badge"
                  aria-label={t('msg.unread', { count: unread })}
                >
                  {badgeText(unread)}
                </span>
              )}
            </span>
            <span className="tab-bar__label">{t(`tab.${tab.key}`)}</span>
          </Link>
        );
      })}
    </nav>
  );
}
