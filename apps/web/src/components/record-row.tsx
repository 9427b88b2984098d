import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from './status-badge.tsx';

/**
 * One row of a money record list (deposits, withdrawals): what and how much, when (plus any detail) and the status,
 * and the operator's reason when it was rejected.
 */
export function RecordRow(props: {
  title: string;
  amount: string;
  meta: ReactNode;
  status: string;
  kind: 'deposit' | 'withdrawal';
  reason: string | null | undefined;
}) {
  const { t } = useTranslation();
  return (
    <div className="record" data-testid="record-item">
      <div className="record__main">
        <span className="record__title">{props.title}</span>
        <span className="record__amount num">{props.amount}</span>
      </div>
      <div className="record__meta">
        <span>{props.meta}</span>
        <StatusBadge status={props.status} kind={props.kind} />
      </div>
      {props.status === 'rejected' && props.reason && (
        <p className="record__reason" data-testid="record-reason">
          {t('records.reason')}: {props.reason}
        </p>
      )}
    </div>
  );
}
