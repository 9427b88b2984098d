import { useTranslation } from 'react-i18next';

type PagerProps = {
  page: number;
  /** The page is on its way: the rows on screen are the previous ones. */
  loading?: boolean;
  /** Client paging: the number of pages; server paging does not know it. */
  of: number | null;
  shown: number;
  canPrev: boolean;
  canNext: boolean;
  onPrev: () => void;
  onNext: () => void;
};

/** Previous / page N / next: the server's has-more, or the client's page count. */
export function Pager({ page, of, shown, loading = false, canPrev, canNext, onPrev, onNext }: PagerProps) {
  const { t } = useTranslation();
  if (of === 1 && page === 1) return null;
  return (
    <nav className="dt__pager" aria-label={t('console.table.paging')}>
      <button
        type="button"
        className="btn btn--ghost btn--small"
        disabled={!canPrev}
        data-testid="dt-prev"
        onClick={onPrev}
      >
        {t('console.table.prev')}
      </button>
      <span className="dt__page num" data-testid="dt-page">
        {of === null ? t('console.table.page', { page }) : t('console.table.pageOf', { page, of })}
        <span className="muted"> · {loading ? t('common.loading') : t('console.table.rows', { count: shown })}</span>
      </span>
      <button
        type="button"
        className="btn btn--ghost btn--small"
        disabled={!canNext}
        data-testid="dt-next"
        onClick={onNext}
      >
        {t('console.table.next')}
      </button>
    </nav>
  );
}
