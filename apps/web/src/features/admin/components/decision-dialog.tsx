import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/dialog.tsx';
import { FormError } from '../../../components/text-field.tsx';
import { showToast } from '../../../lib/toast.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { useMoney } from '../../../lib/wallet.ts';
import { useDecide, type Decision, type Queue } from '../api/decide.ts';
import type { QueueEntry } from './queue-item.tsx';

/** Confirms an operator's Approve or Reject; a rejection needs the reason the player will see. */
export function DecisionDialog({
  queue,
  acting,
  onClose,
}: {
  queue: Queue;
  acting: { item: QueueEntry; decision: Decision } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { format } = useMoney();
  const [reason, setReason] = useState('');
  const decide = useDecide(queue);
  const { error, setError, busy, run } = useSubmit();
  const reject = acting?.decision === 'reject';
  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };
  return (
    <ConfirmDialog
      open={!!acting}
      title={reject ? t('admin.rejectTitle') : t('admin.approveTitle')}
      confirmText={reject ? t('admin.reject') : t('admin.approve')}
      confirmTestId="admin-confirm"
      busy={busy}
      onCancel={close}
      onConfirm={() => {
        if (!acting) return;
        if (reject && !reason.trim()) return setError({ text: t('errors:REASON_REQUIRED'), field: 'reason' });
        const body = reject ? { id: acting.item.id, reason: reason.trim() } : { id: acting.item.id };
        void run(
          () => decide.mutateAsync({ decision: acting.decision, body }),
          () => {
            showToast(t('admin.done'));
            close();
          },
        );
      }}
    >
      {acting && (
        <p>
          #{acting.item.id} · {acting.item.user.account} · <span className="num">{format(acting.item.amount)}</span>
        </p>
      )}
      {reject && (
        <label className="field">
          <span className="field__label">{t('admin.reason')}</span>
          <textarea
            className="input"
            rows={3}
            maxLength={200}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            aria-invalid={error?.field === 'reason' || undefined}
            data-testid="admin-reason"
          />
        </label>
      )}
      <FormError text={error?.text ?? null} />
    </ConfirmDialog>
  );
}
