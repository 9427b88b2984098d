import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KYC_STATUSES, type AdminKyc, type KycStatus } from '@fairdraw/contract';
import { PagedList } from '../../components/paged-list.tsx';
import { API } from '@fairdraw/contract';
import { formatDateTime } from '../../lib/format.ts';
import { privateImageUrl } from '../../lib/upload.ts';
import { useLang } from '../../lib/use-lang.ts';
import { useAdminKyc, useDecideKyc } from './api/kyc.ts';
import { useSaveWithdrawSettings, useWithdrawSettings } from '../money/api/withdraw-settings.ts';
import { DecisionDialog } from '../ui/decision-dialog.tsx';
import { StatusChips } from '../ui/status-chips.tsx';
import './kyc-review.css';

/** A document photo read with the operator's session (never cached), shown from an object URL. */
function DocumentPhoto({ id, side, label }: { id: number; side: 'front' | 'back'; label: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let made: string | null = null;
    let live = true;
    privateImageUrl(API.kycImage, { id, side })
      .then((u) => {
        made = u;
        if (live) setUrl(u);
        else URL.revokeObjectURL(u);
      })
      .catch(() => setUrl(null));
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [id, side]);
  return (
    <figure className="kyc-review__figure">
      {url ? (
        <a href={url} target="_blank" rel="noreferrer">
          <img className="kyc-review__photo" src={url} alt={label} data-testid={`admin-kyc-${side}`} />
        </a>
      ) : (
        <span className="kyc-review__photo kyc-review__photo--empty" aria-hidden="true" />
      )}
      <figcaption className="muted">{label}</figcaption>
    </figure>
  );
}

/** The "require verified identity before a withdrawal" switch (part of the withdrawal settings). */
function RequireKycSwitch() {
  const { t } = useTranslation();
  const settings = useWithdrawSettings();
  const save = useSaveWithdrawSettings();
  if (!settings.data) return null;
  const on = settings.data.require_kyc === true;
  return (
    <label className="kyc-review__switch">
      <input
        type="checkbox"
        checked={on}
        disabled={save.isPending}
        data-testid="admin-require-kyc"
        onChange={(e) => save.mutate({ ...settings.data, require_kyc: e.target.checked })}
      />
      <span>{t('kyc.admin.requireKyc')}</span>
    </label>
  );
}

/** The account an approval block names: the verified one, else the first frozen or on a break (as the API decides). */
function blockingAccount(item: AdminKyc): string {
  const m =
    item.approval_blocked === 'KYC_DOCUMENT_IN_USE'
      ? item.document_matches.find((x) => x.kyc_status === 'verified')
      : item.document_matches.find((x) => x.frozen || x.on_break);
  return m?.account ?? '';
}

const STATUS_CLASS: Record<KycStatus, string> = {
  verified: 'status status--ok',
  pending: 'status status--wait',
  rejected: 'status',
};

/**
 * Other accounts that submitted the same document (one document verifies one account): each with its state with
 * that document, frozen and on a break; and why an approval would be refused.
 */
function DocumentMatches({ item }: { item: AdminKyc }) {
  const { t } = useTranslation();
  if (item.document_matches.length === 0) return null;
  return (
    <div className="kyc-review__matches" role="status" data-testid="admin-kyc-matches">
      <p className="kyc-review__matches-title">{t('kyc.admin.sameDocument')}</p>
      <ul className="kyc-review__match-list">
        {item.document_matches.map((m) => (
          <li key={m.user_id} className="kyc-review__match" data-testid="admin-kyc-match" data-account={m.account}>
            <span className="kyc-review__match-account">
              {m.account} <span className="muted">({m.nickname})</span>
            </span>
            <span className="kyc-review__match-badges">
              <span className={STATUS_CLASS[m.kyc_status]}>{t(`kyc.status.${m.kyc_status}`)}</span>
              {m.frozen && <span className="status status--bad">{t('kyc.admin.frozen')}</span>}
              {m.on_break && <span className="status status--bad">{t('kyc.admin.onBreak')}</span>}
            </span>
          </li>
        ))}
      </ul>
      {item.approval_blocked && (
        <p className="kyc-review__blocked" data-testid="admin-kyc-blocked" data-key={item.approval_blocked}>
          {t(`errors:${item.approval_blocked}`, { account: blockingAccount(item) })}
        </p>
      )}
    </div>
  );
}

function KycItem({ item, onAct }: { item: AdminKyc; onAct: (d: 'approve' | 'reject') => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <article
      className="kyc-review"
      data-testid="admin-kyc-item"
      data-account={item.user.account}
      data-flagged={item.document_matches.length > 0}
    >
      <dl className="facts facts--small">
        <div>
          <dt>{t('kyc.admin.player')}</dt>
          <dd>
            #{item.id} · {item.user.account} ({item.user.nickname})
          </dd>
        </div>
        <div>
          <dt>{t('kyc.realName')}</dt>
          <dd>{item.real_name}</dd>
        </div>
        <div>
          <dt>{t('kyc.documentNumber')}</dt>
          <dd className="mono">{item.document_number}</dd>
        </div>
        <div>
          <dt>{t('kyc.submittedAt')}</dt>
          <dd>{formatDateTime(item.created_at, lang)}</dd>
        </div>
        {item.reason && (
          <div>
            <dt>{t('kyc.reason')}</dt>
            <dd>{item.reason}</dd>
          </div>
        )}
      </dl>
      <DocumentMatches item={item} />
      <div className="kyc-review__photos">
        <DocumentPhoto id={item.id} side="front" label={t('kyc.admin.front')} />
        <DocumentPhoto id={item.id} side="back" label={t('kyc.admin.back')} />
      </div>
      {item.status === 'pending' && (
        <div className="page-actions--row">
          <button
            type="button"
            className="btn btn--primary btn--small"
            onClick={() => onAct('approve')}
            disabled={item.approval_blocked !== null}
            data-testid="admin-kyc-approve"
          >
            {t('kyc.admin.approve')}
          </button>
          <button
            type="button"
            className="btn btn--danger btn--small"
            onClick={() => onAct('reject')}
            data-testid="admin-kyc-reject"
          >
            {t('kyc.admin.reject')}
          </button>
        </div>
      )}
    </article>
  );
}

/** The operator's identity-verification review: the queue by status, the photos, approve or reject with a reason. */
export function KycTab() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<KycStatus>('pending');
  const list = useAdminKyc(status);
  const decide = useDecideKyc();
  const [acting, setActing] = useState<{ item: AdminKyc; decision: 'approve' | 'reject' } | null>(null);
  return (
    <section aria-label={t('kyc.admin.tab')}>
      <div className="toolbar">
        <StatusChips
          statuses={KYC_STATUSES}
          value={status}
          onChange={setStatus}
          label={(s) => t(`kyc.status.${s}`)}
          testId={(s) => `admin-kyc-status-${s}`}
        />
      </div>
      <RequireKycSwitch />
      <PagedList
        query={list}
        empty={t('kyc.admin.empty')}
        itemKey={(k) => k.id}
        render={(k) => <KycItem item={k} onAct={(decision) => setActing({ item: k, decision })} />}
      />
      <DecisionDialog
        acting={acting}
        onClose={() => setActing(null)}
        decide={decide.mutateAsync}
        summary={(item) => `#${item.id} · ${item.user.account} · ${item.real_name}`}
        keys={{
          approveTitle: 'kyc.admin.approve',
          rejectTitle: 'kyc.admin.rejectTitle',
          approve: 'kyc.admin.approve',
          reject: 'kyc.admin.reject',
          reason: 'kyc.admin.reasonLabel',
        }}
        reasonTestId="admin-kyc-reason"
      />
    </section>
  );
}
