import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PayoutMethod } from '@fairdraw/contract';
import { ConfirmDialog } from '../../../components/dialog.tsx';
import { EmptyState, ErrorState, ListSkeleton } from '../../../components/states.tsx';
import { showToast } from '../../../lib/toast.ts';
import { useSession } from '../../../lib/use-session.ts';
import { useDeletePayout } from '../api/delete-payout.ts';
import { payoutDetail, payoutTitle, usePayouts } from '../../../lib/server-state/payouts.ts';

/** The bound methods of one type, each deletable after a confirm; an add action at the end. */
export function PayoutList({ type, empty, add }: { type: PayoutMethod['type']; empty: string; add: ReactNode }) {
  const { t } = useTranslation();
  const user = useSession();
  const payouts = usePayouts(user?.token);
  const remove = useDeletePayout();
  const [doomed, setDoomed] = useState<PayoutMethod | null>(null);

  if (payouts.isPending) return <ListSkeleton rows={2} />;
  if (payouts.isError) return <ErrorState error={payouts.error} onRetry={() => void payouts.refetch()} />;
  const items = payouts.data.filter((p) => p.type === type);
  return (
    <>
      {items.length === 0 ? (
        <EmptyState text={empty} action={add} />
      ) : (
        <>
          <ul className="card-list">
            {items.map((p) => (
              <li key={p.id} className="card-list__item payout" data-testid="payout-item">
                <div className="payout__text">
                  <span className="payout__title">{payoutTitle(p)}</span>
                  <span className="payout__detail break">{payoutDetail(p)}</span>
                </div>
                <button
                  type="button"
                  className="btn btn--danger btn--small"
                  onClick={() => setDoomed(p)}
                  data-testid="payout-delete"
                >
                  {t('payout.delete')}
                </button>
              </li>
            ))}
          </ul>
          <div className="page-actions">{add}</div>
        </>
      )}
      <ConfirmDialog
        open={!!doomed}
        title={t('payout.deleteTitle')}
        confirmText={t('payout.delete')}
        busy={remove.isPending}
        onCancel={() => setDoomed(null)}
        onConfirm={() => {
          if (!doomed) return;
          remove.mutate(doomed.id, {
            onSuccess: () => setDoomed(null),
            onError: (e) => showToast(e.message, 'error'),
          });
        }}
      >
        <p className="break">{doomed ? payoutTitle(doomed) : ''}</p>
      </ConfirmDialog>
    </>
  );
}
