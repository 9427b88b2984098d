import { useTranslation } from 'react-i18next';
import type { PayoutMethod } from '@fairdraw/contract';
import { CopyRow } from '../../components/copy-button.tsx';

/** Where the operator sends the money, in full (the player's own screens show it masked), each part copyable. */
export function Destination({ to }: { to: PayoutMethod }) {
  const { t } = useTranslation();
  return (
    <div className="destination" data-testid="admin-payout-to" data-type={to.type}>
      <h3 className="destination__title">{t('admin.payTo')}</h3>
      {to.type === 'bank' && (
        <>
          <CopyRow label={t('payout.holder')} value={to.name} testId="payout-to-name" />
          <CopyRow label={t('payout.bankName')} value={to.bank_name} testId="payout-to-bank" copy={false} />
          <CopyRow label={t('payout.cardNumber')} value={to.card_number} testId="payout-to-number" />
        </>
      )}
      {to.type === 'crypto' && (
        <>
          <CopyRow label={t('payout.coin')} value={to.coin} testId="payout-to-coin" copy={false} />
          <CopyRow label={t('payout.address')} value={to.address} testId="payout-to-address" />
        </>
      )}
      {to.type === 'pix' && (
        <>
          <CopyRow
            label={t('admin.pixKeyType')}
            value={to.key_type.toUpperCase()}
            testId="payout-to-keytype"
            copy={false}
          />
          <CopyRow label={t('payout.pixKey')} value={to.key} testId="payout-to-key" />
        </>
      )}
    </div>
  );
}
