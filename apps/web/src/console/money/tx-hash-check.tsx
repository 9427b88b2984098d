import { useTranslation } from 'react-i18next';
import type { AdminDeposit } from '@fairdraw/contract';
import { CopyRow } from '../../components/copy-button.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';

/** A crypto deposit an operator must not approve: a legacy duplicate, or a transfer another deposit was credited for. */
export function txHashBlocked(item: AdminDeposit): boolean {
  return item.tx_hash_duplicate_of !== null || item.tx_hash_seen.some((s) => s.status === 'success');
}

/**
 * The transaction of a crypto deposit as the operator checks it on an explorer: the hash in one spelling, copyable,
 * and whether any other deposit named the same transfer (who, with what outcome). A deposit stored before hashes were
 * unique that repeats an earlier one's is flagged: the API refuses to approve it.
 */
export function TxHashCheck({ item }: { item: AdminDeposit }) {
  const { t } = useTranslation();
  if (item.tx_hash_normalized === null) return null;
  const duplicate = item.tx_hash_duplicate_of;
  const state = duplicate !== null ? 'duplicate' : item.tx_hash_seen.length > 0 ? 'seen' : 'first';
  return (
    <div className="destination tx-check" data-testid="admin-tx-check" data-state={state}>
      <h3 className="destination__title">{t('admin.txCheck')}</h3>
      <CopyRow label={t('recharge.txHash')} value={item.tx_hash_normalized} testId="admin-tx-hash" />
      {item.tx_hash !== null && item.tx_hash !== item.tx_hash_normalized && (
        <CopyRow label={t('admin.txTyped')} value={item.tx_hash} copy={false} />
      )}
      {duplicate !== null && (
        <p className="warning tx-check__flag" role="status" data-testid="admin-tx-duplicate">
          {t('admin.txDuplicate', { id: duplicate })}
        </p>
      )}
      {item.tx_hash_seen.length === 0 ? (
        <p className="tx-check__first" data-testid="admin-tx-first">
          <span aria-hidden="true">✓</span> {t('admin.txFirst')}
        </p>
      ) : (
        <div className="tx-check__seen" data-testid="admin-tx-seen">
          <p className="tx-check__label">{t('admin.txSeen')}</p>
          <ul>
            {item.tx_hash_seen.map((s) => (
              <li key={s.deposit_id} data-id={s.deposit_id}>
                <span className="break">
                  #{s.deposit_id} <span className="muted">@{s.account}</span>
                  {s.duplicate && <span className="tx-check__tag"> {t('admin.txDuplicateTag')}</span>}
                </span>
                <StatusBadge status={s.status} kind="deposit" />
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
