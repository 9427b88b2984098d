import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BackIcon } from './icons.tsx';

/** The top bar of ui.md: a back arrow (except on tab roots) and the title. */
export function TopBar({ title, back = true }: { title: string; back?: boolean }) {
  const navigate = useNavigate();
  const { t } = useTranslation();
  const goBack = () => {
    // A deep link has no history inside the app: go Home instead of leaving the site.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate('/', { replace: true });
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
      <h1 className="top-bar__title" data-testid="page-title">
        {title}
      </h1>
      <span className="top-bar__spacer" />
    </header>
  );
}
