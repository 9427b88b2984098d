import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { KycIndex } from '@fairdraw/contract';
import { CashierPage } from '../../../components/cashier-page.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { ErrorState } from '../../../components/states.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { useKyc } from '../../../lib/server-state/kyc.ts';
import { KycForm } from '../components/kyc-form.tsx';
import { KycStatusBadge } from '../components/kyc-status-badge.tsx';
import '../kyc.css';

/** /identityCard: the player's identity verification — its status, and the form when there is something to send. */
export function IdentityCardPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const kyc = useKyc();
  const [again, setAgain] = useState(false);

  let body;
  if (kyc.isPending) body = <Skeleton style={{ height: 200, margin: 12 }} />;
  else if (kyc.isError) body = <ErrorState error={kyc.error} onRetry={() => void kyc.refetch()} />;
  else {
    const k: KycIndex = kyc.data;
    const showForm = k.status === 'none' || (k.status === 'rejected' && again);
    body = (
      <>
        <section className="panel kyc-status" data-testid="kyc-status" data-status={k.status}>
          <KycStatusBadge status={k.status} />
          <p className="kyc-status__text">{t(`kyc.statusText.${k.status}`)}</p>
          {k.real_name && (
            <dl className="facts facts--boxed">
              <div>
                <dt>{t('kyc.realName')}</dt>
                <dd>{k.real_name}</dd>
              </div>
              <div>
                <dt>{t('kyc.documentNumber')}</dt>
                <dd className="mono">{k.document_number}</dd>
              </div>
              {k.submitted_at !== null && (
                <div>
                  <dt>{t('kyc.submittedAt')}</dt>
                  <dd>{formatDateTime(k.submitted_at, lang)}</dd>
                </div>
              )}
            </dl>
          )}
          {k.status === 'rejected' && k.reason && (
            <p className="kyc-status__reason" data-testid="kyc-reason">
              {t('kyc.reason')}: {k.reason}
            </p>
          )}
          {k.status === 'rejected' && !again && (
            <button
              type="button"
              className="btn btn--primary btn--block"
              onClick={() => setAgain(true)}
              data-testid="kyc-again"
            >
              {t('kyc.again')}
            </button>
          )}
        </section>
        {showForm && <KycForm onDone={() => setAgain(false)} />}
      </>
    );
  }
  return <CashierPage title={t('page.identityCard')}>{body}</CashierPage>;
}
