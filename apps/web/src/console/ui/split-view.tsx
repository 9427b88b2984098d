import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A list and the chosen item's details: a drawer over the right of the main area on a desk, a sheet over the lower
 * part of the screen on a phone; the list stays where it was. Escape closes it.
 */
export function SplitView({ list, detail, onClose }: { list: ReactNode; detail: ReactNode; onClose: () => void }) {
  const { t } = useTranslation();
  const open = Boolean(detail);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, onClose]);
  return (
    <div className={open ? 'console-split console-split--open' : 'console-split'}>
      {list}
      {open && (
        <aside className="console-pane" data-testid="detail-pane" aria-label={t('console.details')}>
          {detail}
        </aside>
      )}
    </div>
  );
}
