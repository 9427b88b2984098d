import { useTranslation } from 'react-i18next';
import type { Withdrawal } from '@fairdraw/contract';
import { PagedList } from '../../../components/paged-list.tsx';
import { RecordRow } from '../../../components/record-row.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { payoutTitle } from '../../../lib/server-state/payouts.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { useMoney } from '../../../lib/wallet.ts';
import { useWithdrawals } from '../api/get-withdrawals.ts';

export function WithdrawRecords() {
  const { t } = useTranslation();
  const lang = useLang();
  const list = useWithdrawals(lang, true);
  return (
    <>
      <div className="toolbar toolbar--end">
        <button
          type="button"
          className="btn btn--ghost btn--small"
          onClick={() => void list.refetch()}
          disabled={list.isFetching}
        >
          {list.isRefetching ? t('common.loading') : t('common.refresh')}
        </button>
      </div>
      <PagedList
        query={list}
        empty={t('records.emptyWithdrawals')}
        itemKey={(w) => w.id}
        render={(w) => <WithdrawalRow w={w} />}
      />
    </>
  );
}

function WithdrawalRow({ w }: { w: Withdrawal }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { format } = useMoney();
  const meta = (
    <>
      {formatDateTime(w.created_at, lang)} · {t('withdraw.fee')} <span className="num">{format(w.fee)}</span>
    </>
  );
  return (
    <RecordRow
      title={payoutTitle(w.payout)}
      amount={format(w.amount)}
      meta={meta}
      status={w.status}
      kind="withdrawal"
      reason={w.reason}
    />
  );
}
