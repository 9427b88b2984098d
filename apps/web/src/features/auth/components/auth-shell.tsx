import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { resolveLang } from '@fairdraw/contract';
import { GlobeIcon } from '../../../components/icons.tsx';
import { TopBar } from '../../../components/top-bar.tsx';
import { LANG_NAMES } from '../../../lib/i18n.ts';
import { PATHS } from '../../../lib/paths.ts';

export function AuthShell({ title, children }: { title: string; children: ReactNode }) {
  const { t, i18n } = useTranslation();
  return (
    <main className="page page--auth">
      <TopBar title={title} />
      <div className="auth">
        <img className="auth__logo" src="/art/logo-wordmark.svg" alt={t('app.name')} width={200} height={40} />
        <p className="auth__tagline">{t('app.tagline')}</p>
        {children}
        <Link to={PATHS.lang} className="link-row">
          <GlobeIcon />
          <span>
            {t('auth.language')}: {LANG_NAMES[resolveLang(i18n.language)]}
          </span>
        </Link>
      </div>
    </main>
  );
}
