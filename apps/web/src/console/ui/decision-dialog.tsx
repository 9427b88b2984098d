import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/dialog.tsx';
import { FormError } from '../../components/text-field.tsx';
import { showToast } from '../../lib/toast.ts';
import { useSubmit } from '../../lib/use-submit.ts';

/** An operator's answer to a request waiting in a queue. */
export type Decision = 'approve' | 'reject';

type Body = { id: number; reason?: string };

/**
 * Confirms an operator's Approve or Reject of one request (a deposit, a withdrawal, an identity check); a rejection
 * needs the reason the player will see. `summary` names the request in the dialog; `decide` sends the decision.
 */
export function DecisionDialog<Item extends { id: number }>(props: {
  acting: { item: Item; decision: Decision } | null;
  onClose: () => void;
  decide: (d: { decision: Decision; body: Body }) => Promise<unknown>;
  summary: (item: Item) => ReactNode;
  /** Catalogue keys of the dialog's words, when not the money queues' own. */
  keys?: { approveTitle: string; rejectTitle: string; approve: string; reject: string; reason: string };
  reasonTestId?: string;
}) {
  const { acting, onClose, decide, summary, reasonTestId = 'admin-reason' } = props;
  const keys = props.keys ?? {
    approveTitle: 'admin.approveTitle',
    rejectTitle: 'admin.rejectTitle',
    approve: 'admin.approve',
    reject: 'admin.reject',
    reason: 'admin.reason',
  };
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
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
      title={t(reject ? keys.rejectTitle : keys.approveTitle)}
      confirmText={t(reject ? keys.reject : keys.approve)}
      confirmTestId="admin-confirm"
      busy={busy}
      onCancel={close}
      onConfirm={() => {
        if (!acting) return;
        if (reject && !reason.trim()) return setError({ text: t('errors:REASON_REQUIRED'), field: 'reason' });
        const body = reject ? { id: acting.item.id, reason: reason.trim() } : { id: acting.item.id };
        void run(
          () => decide({ decision: acting.decision, body }),
          () => {
            showToast(t('admin.done'));
            close();
          },
        );
      }}
    >
      {acting && <p>{summary(acting.item)}</p>}
      {reject && (
        <label className="field">
          <span className="field__label">{t(keys.reason)}</span>
          <textarea
            className="input"
            rows={3}
            maxLength={200}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            aria-invalid={error?.field === 'reason' || undefined}
            data-testid={reasonTestId}
          />
        </label>
      )}
      <FormError text={error?.text ?? null} />
    </ConfirmDialog>
  );
}
