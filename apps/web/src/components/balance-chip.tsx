import { useTranslation } from 'react-i18next';
import { useMoney } from '../lib/wallet.ts';
import { useWallet } from '../lib/server-state/wallet.ts';

/** The balance in the top bar of cashier screens; tap to refresh. Demo wallets say so. */
export function BalanceChip() {
  const { t } = useTranslation();
  const wallet = useWallet();
  const { format } = useMoney();
  if (!wallet.data) return <span className="top-bar__spacer" />;
  return (
    <button
      type="button"
      className="balance-chip num"
      data-testid="topbar-balance"
      aria-label={`${t('balance.label')} ${format(wallet.data.balance)}. ${t('balance.refresh')}`}
      aria-busy={wallet.isFetching || undefined}
      onClick={() => void wallet.refetch()}
    >
      {wallet.data.demo && <span className="balance-chip__demo">{t('balance.demo')}</span>}
      <span className={wallet.isFetching ? 'is-refreshing' : undefined}>{format(wallet.data.balance)}</span>
    </button>
  );
}
