import '../protection.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../../components/skeleton.tsx';
import { showToast } from '../../../lib/toast.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { useProtection } from '../../../lib/protection.ts';
import { ExcludeSheet } from './exclude-sheet.tsx';
import { formatUntil } from './format-until.ts';

function PauseIcon() {
  return (
    <svg className="protection__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <circle cx="12" cy="12" r="11" fill="currentColor" opacity="0.15" />
      <rect x="8" y="7" width="3" height="10" rx="1" fill="currentColor" />
      <rect x="13" y="7" width="3" height="10" rx="1" fill="currentColor" />
    </svg>
  );
}

/**
 * Time-out and self-exclusion (docs/trust.md 30) on the My page: the running break ("Time-out until …"), or the way to
 * take one. Choosing opens a sheet with the lengths, what a break means (it cannot be ended early), the login
 * password and a confirmation box.
 */
export function ProtectionSection({ token, placement }: { token: string; placement: 'status' | 'menu' }) {
  const { t } = useTranslation();
  const lang = useLang();
  const state = useProtection(token, true);
  const [open, setOpen] = useState(false);

  // A running break is news: it shows near the top ('status'). Otherwise the way to take one sits with the other
  // account settings ('menu'). Both places read the same query.
  const running = !!state.data?.active;
  if ((placement === 'status') !== running) return null;
  if (state.isPending) {
    return (
      <section className="panel protection" aria-busy="true">
        <Skeleton className="skeleton--line" style={{ width: '50%' }} />
        <Skeleton className="skeleton--line" />
      </section>
    );
  }
  // The rest of the page works without this section; a failed load offers a retry in place.
  if (state.isError) {
    return (
      <section className="panel protection">
        <h2 className="panel__title">{t('protection.title')}</h2>
        <button type="button" className="btn btn--ghost btn--small" onClick={() => void state.refetch()}>
          {t('common.retry')}
        </button>
      </section>
    );
  }
  const data = state.data;
  const active = data.active;
  const canLengthen = data.choices.some((c) => c.allowed);
  const until = active ? formatUntil(active.ends_at, lang, data.time_zone) : '';

  return (
    <section
      className={`panel protection${active ? ' protection--active' : ''}`}
      aria-labelledby="protection-title"
      data-testid="protection"
    >
      {active ? (
        <>
          <h2 className="panel__title protection__status" id="protection-title" data-testid="protection-status">
            <PauseIcon />
            {active.self_exclusion ? t('protection.excludedUntil', { until }) : t('protection.timeoutUntil', { until })}
          </h2>
          <p className="protection__note">{t('protection.activeNote')}</p>
        </>
      ) : (
        <>
          <h2 className="panel__title" id="protection-title">
            {t('protection.title')}
          </h2>
          <p className="protection__note">{t('protection.intro')}</p>
        </>
      )}
      {(!active || canLengthen) && (
        <button
          type="button"
          className="btn btn--ghost btn--block"
          onClick={() => {
            setOpen(true);
            // The ends shown in the sheet are computed from server time: fresh ones at each opening.
            void state.refetch();
          }}
          data-testid="protection-open"
        >
          {active ? t('protection.lengthen') : t('protection.open')}
        </button>
      )}
      <ExcludeSheet
        open={open}
        state={data}
        token={token}
        onClose={() => setOpen(false)}
        onDone={() => {
          setOpen(false);
          showToast(t('protection.started'));
          // The running break is shown near the top of the page: bring it into sight.
          window.scrollTo(0, 0);
        }}
      />
    </section>
  );
}
