import { useTranslation } from 'react-i18next';
import type { RechargeChannel } from '@fairdraw/contract';
import { CopyRow } from '../../../components/copy-button.tsx';
import { Qr } from './qr.tsx';

export const COIN_NETWORK: Record<string, { coin: string; network: string }> = {
  'USDT-TRC20': { coin: 'USDT', network: 'TRON (TRC20)' },
  'USDT-ERC20': { coin: 'USDT', network: 'Ethereum (ERC20)' },
};

/** Where the player pays: the house bank account, or the house crypto address (text + QR + network warning). */
export function HouseDetails({ channel }: { channel: RechargeChannel }) {
  const { t } = useTranslation();
  if (channel.type === 'bank' && channel.bank) {
    return (
      <section className="panel" aria-label={t('recharge.payTo')}>
        <h2 className="panel__title">{t('recharge.payTo')}</h2>
        <CopyRow label={t('recharge.payee')} value={channel.bank.payee} testId="house-payee" />
        <CopyRow label={t('recharge.accountNumber')} value={channel.bank.account_number} testId="house-account" />
        <CopyRow label={t('recharge.bank')} value={channel.bank.bank} testId="house-bank" />
      </section>
    );
  }
  if (channel.type === 'crypto' && channel.crypto) {
    const net = COIN_NETWORK[channel.crypto.coin] ?? { coin: channel.crypto.coin, network: channel.crypto.coin };
    return (
      <section className="panel" aria-label={t('recharge.payTo')}>
        <h2 className="panel__title">{t('recharge.payTo')}</h2>
        <p className="warning" role="note">
          <strong>{t('recharge.cryptoWarning', net)}</strong>
        </p>
        <Qr value={channel.crypto.address} label={t('recharge.address')} />
        <CopyRow label={t('recharge.address')} value={channel.crypto.address} testId="crypto-address" />
      </section>
    );
  }
  if (channel.type === 'pix') {
    return <p className="panel panel__note">{t('recharge.pixHowTo')}</p>;
  }
  return null;
}
