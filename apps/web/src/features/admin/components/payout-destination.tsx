import { useTranslation } from 'react-i18next';
import type { PayoutMethod } from '@fairdraw/contract';
import { CopyRow } from '../../../components/copy-button.tsx';

/** Where the operator sends the money, in full (the player's own screens show it masked), each part copyable. */
export function Destination({ to }: { to: PayoutMethod }) {
  const { t } = useTranslation();
  return (
    <div className="destination" data-testid="admin-payout-to" data-type={to.type}>
      <h3 className="destination__title">{t('admin.payTo')}</h3>
      {to.type === 'bank' && (
        <>
          <CopyRow label={t('payout.holder')} value={to.name} testId="payout-to-name" />
          <Fact label={t('payout.bankName')} value={to.bank_name} testId="payout-to-bank" />
          <CopyRow label={t('payout.cardNumber')} value={to.card_number} testId="payout-to-number" />
        </>
      )}
      {to.type === 'crypto' && (
        <>
          <Fact label={t('payout.coin')} value={to.coin} testId="payout-to-coin" />
          <CopyRow label={t('payout.address')} value={to.address} testId="payout-to-address" />
        </>
      )}
      {to.type === 'pix' && (
        <>
          <Fact label={t('admin.pixKeyType')} value={to.key_type.toUpperCase()} testId="payout-to-keytype" />
          <CopyRow label={t('payout.pixKey')} value={to.key} testId="payout-to-key" />
        </>
      )}
    </div>
  );
}

/** A labelled value laid out like a copy row, for parts not worth copying (bank name, coin, key type). */
function Fact({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="copy-row">
      <div className="copy-row__text">
        <span className="copy-row__label">{label}</span>
        <span className="copy-row__value" data-testid={testId}>
          {value}
        </span>
      </div>
    </div>
  );
}
