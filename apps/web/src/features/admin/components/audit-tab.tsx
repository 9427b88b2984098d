import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@fairdraw/contract';
import { PagedList } from '../../../components/paged-list.tsx';
import { useAudit } from '../api/get-audit.ts';

const utc = (ms: number) => `${new Date(ms).toISOString().replace('T', ' ').slice(0, 19)} UTC`;
const show = (v: unknown) => (v === null || v === undefined ? '—' : typeof v === 'string' ? v : JSON.stringify(v));

/** The append-only audit log: who, what, when (UTC), before → after. */
export function AuditTab() {
  const { t } = useTranslation();
  const audit = useAudit();
  return (
    <PagedList
      query={audit}
      empty={t('admin.noAudit')}
      itemKey={(a) => a.id}
      render={(a: AuditEntry) => (
        <div className="record" data-testid="audit-item">
          <div className="record__main">
            <span className="record__title">{a.action}</span>
            <span className="muted">{a.actor}</span>
          </div>
          <div className="record__meta">
            <span className="break">{a.target}</span>
            <time dateTime={new Date(a.at).toISOString()}>{utc(a.at)}</time>
          </div>
          <p className="diff mono break">
            {show(a.before)} → {show(a.after)}
          </p>
        </div>
      )}
    />
  );
}
