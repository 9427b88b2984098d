import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * What a screen that failed to load or to render shows (a chunk that could not be fetched, offline): a short line
 * and a button that loads the page again, instead of a blank page.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

function RouteError() {
  const { t } = useTranslation();
  return (
    <main className="page">
      <div className="error-box" role="alert" data-testid="error-state">
        <p>
          {typeof navigator !== 'undefined' && navigator.onLine === false ? t('common.offline') : t('common.loadError')}
        </p>
        <button type="button" className="btn btn--ghost btn--small" onClick={() => window.location.reload()}>
          {t('common.retry')}
        </button>
      </div>
    </main>
  );
}
