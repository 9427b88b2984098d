import './console.css';
import { Suspense, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../components/skeleton.tsx';
import { PATHS, withQuery } from '../../lib/paths.ts';

/** The side navigation's groups, in order. A section with no tab is not shown. */
export const SECTIONS = ['money', 'players', 'games', 'content', 'bonus', 'reports'] as const;
export type ConsoleSection = (typeof SECTIONS)[number];

/**
 * One screen of the console: its key (`?tab=`), the section it is listed under, the catalogue key of its title and
 * the component that draws it (a lazy one for heavy screens: the shell waits for it in a Suspense).
 */
export type ConsoleTab = {
  key: string;
  section: ConsoleSection;
  label: string;
  Component: ComponentType;
};

/** From this width up the console is a desk layout: side navigation, wide main area. */
export const DESK_QUERY = '(min-width: 1024px)';

const subscribe = (onChange: () => void) => {
  if (typeof window === 'undefined' || !window.matchMedia) return () => undefined;
  const mq = window.matchMedia(DESK_QUERY);
  mq.addEventListener('change', onChange);
  return () => mq.removeEventListener('change', onChange);
};
const isDesk = () => typeof window !== 'undefined' && Boolean(window.matchMedia?.(DESK_QUERY).matches);

export function useDeskLayout(): boolean {
  return useSyncExternalStore(subscribe, isDesk, () => false);
}

/** The tabs in navigation order: by section, then in the order they are listed. */
export function inNavOrder<T extends ConsoleTab>(tabs: readonly T[]): T[] {
  return SECTIONS.flatMap((s) => tabs.filter((tab) => tab.section === s));
}

/**
 * The operator console around the chosen tab: on a desk a side navigation grouped by section and a wide main area,
 * on a phone the cashier top bar and every screen as a button, grouped by section.
 */
export function ConsoleShell<T extends ConsoleTab>({
  tabs,
  current,
  onChoose,
  phoneFrame,
}: {
  tabs: readonly T[];
  current: T;
  onChoose: (key: T['key']) => void;
  /** The phone layout's frame (top bar). */
  phoneFrame: (body: ReactNode) => ReactNode;
}) {
  const { t } = useTranslation();
  const desk = useDeskLayout();
  const ordered = inNavOrder(tabs);
  const { Component } = current;
  const screen = (
    <Suspense fallback={<Skeleton style={{ height: 160, margin: 12 }} />}>
      <Component key={current.key} />
    </Suspense>
  );

  if (!desk)
    return phoneFrame(
      <div className="console console--phone">
        <nav className="console-menu" aria-label={t('console.nav')}>
          {SECTIONS.map((section) => {
            const inSection = ordered.filter((tab) => tab.section === section);
            if (inSection.length === 0) return null;
            return (
              <div key={section} className="console-menu__group" data-testid={`console-section-${section}`}>
                <span className="console-menu__title">{t(`console.sections.${section}`)}</span>
                {inSection.map((tab) => (
                  <button
                    key={tab.key}
                    type="button"
                    className="console-menu__item"
                    aria-current={tab.key === current.key ? 'page' : undefined}
                    data-testid={`admin-tab-${tab.key}`}
                    onClick={() => onChoose(tab.key)}
                  >
                    {t(tab.label)}
                  </button>
                ))}
              </div>
            );
          })}
        </nav>
        {screen}
      </div>,
    );

  return (
    <div className="console console--desk" data-testid="console-desk">
      <nav className="console__nav" aria-label={t('console.nav')}>
        <p className="console__brand">{t('admin.title')}</p>
        <Link to={PATHS.home} className="console__link console__home" data-testid="console-home">
          {t('common.toHome')}
        </Link>
        {SECTIONS.map((section) => {
          const inSection = ordered.filter((tab) => tab.section === section);
          if (inSection.length === 0) return null;
          return (
            <div key={section} className="console__group" data-testid={`console-section-${section}`}>
              <h2 className="console__group-title">{t(`console.sections.${section}`)}</h2>
              <ul className="console__links">
                {inSection.map((tab) => (
                  <li key={tab.key}>
                    <Link
                      to={withQuery(PATHS.admin, { tab: tab.key })}
                      replace
                      className="console__link"
                      aria-current={tab.key === current.key ? 'page' : undefined}
                      data-testid={`admin-tab-${tab.key}`}
                    >
                      {t(tab.label)}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
      </nav>
      <main className="console__main">
        <header className="console__head">
          <p className="console__crumb muted">{t(`console.sections.${current.section}`)}</p>
          <h1 className="console__title" data-testid="page-title">
            {t(current.label)}
          </h1>
        </header>
        {screen}
      </main>
    </div>
  );
}
