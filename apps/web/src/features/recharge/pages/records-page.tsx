import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Deposit, RechargeRange } from '@fairdraw/contract';
import { RECHARGE_RANGES } from '@fairdraw/contract/values';
import { CashierPage } from '../../../components/cashier-page.tsx';
import { PagedList } from '../../../components/paged-list.tsx';
import { RecordRow } from '../../../components/record-row.tsx';
import { Tabs } from '../../../components/tabs.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { useSession } from '../../../lib/use-session.ts';
import { useMoney } from '../../../lib/wallet.ts';
import { useDeposits } from '../api/get-deposits.ts';
import { PATHS } from '../../../lib/paths.ts';

/** /rechargeNotes: deposits by range, newest first, loading more as it scrolls. */
export function RecordsPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const user = useSession();
  const [range, setRange] = useState<RechargeRange>('today');
  const deposits = useDeposits(range, lang, !!user);
  return (
    <CashierPage title={t('page.rechargeNotes')}>
      <div className="toolbar">
        <Tabs
          label={t('records.range')}
          value={range}
          onChange={setRange}
          items={RECHARGE_RANGES.map((r) => ({ key: r, label: t(`records.ranges.${r}`), testId: `range-${r}` }))}
        />
        <button
          type="button"
          className="btn btn--ghost btn--small"
          onClick={() => void deposits.refetch()}
          disabled={deposits.isFetching}
          data-testid="records-refresh"
        >
          {deposits.isRefetching ? t('common.loading') : t('common.refresh')}
        </button>
      </div>
      <PagedList
        query={deposits}
        empty={t('records.emptyDeposits')}
        emptyAction={
          <Link to={PATHS.recharge} className="btn btn--primary">
            {t('page.recharge')}
          </Link>
        }
        itemKey={(d) => d.id}
        render={(d) => <DepositRow deposit={d} />}
      />
    </CashierPage>
  );
}

function DepositRow({ deposit: d }: { deposit: Deposit }) {
  const lang = useLang();
  const { format } = useMoney();
  return (
    <RecordRow
      title={d.channel_name}
      amount={format(d.amount)}
      meta={formatDateTime(d.created_at, lang)}
      status={d.status}
      kind="deposit"
      reason={d.reason}
    />
  );
}
