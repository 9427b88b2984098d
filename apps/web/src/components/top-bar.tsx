import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BackIcon } from './icons.tsx';
import { PATHS } from '../lib/paths.ts';

/** The top bar: a back arrow (except on tab roots), the title, and on cashier screens the balance. */
export function TopBar({ title, back = true, right }: { title: string; back?: boolean; right?: ReactNode }) {
  const navigate = useNavigate();
  const { t } = useTranslation();
  const goBack = () => {
    // A deep link has no history inside the app: go Home instead of leaving the site.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate(PATHS.home, { replace: true });
  };
  return (
    <header className="top-bar">
      {back ? (
        <button type="button" className="top-bar__back" onClick={goBack} aria-label={t('common.back')}>
          <BackIcon />
        </button>
      ) : (
        <span className="top-bar__spacer" />
      )}
      <h1 className="top-bar__title" data-testid="page-title" title={title}>
        {title}
      </h1>
      {right ?? <span className="top-bar__spacer" />}
    </header>
  );
}
