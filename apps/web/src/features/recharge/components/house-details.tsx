import { useTranslation } from 'react-i18next';
import type { RechargeChannel } from '@fairdraw/contract';
import { CopyRow } from '../../../components/copy-button.tsx';
import { Qr } from './qr.tsx';

export const COIN_NETWORK: Record<string, { coin: string; network: string }> = {
  'USDT-TRC20': { coin: 'USDT', network: 'TRON (TRC20)' },
  'USDT-ERC20': { coin: 'USDT', network: 'Ethereum (ERC20)' },
};

/**
 * Where the player pays: the house bank account, or the house crypto address (text + QR + network warning). A demo
 * channel says first, in the player's language, that its details are examples not to pay; its bank account's payee
 * and bank are placeholders, shown in that language too (a real channel's are proper names, shown as they are).
 */
export function HouseDetails({ channel }: { channel: RechargeChannel }) {
  const { t } = useTranslation();
  const demo = channel.demo && (
    <p className="warning" role="note" data-testid="demo-warning">
      <strong>{t('recharge.demoWarning')}</strong>
    </p>
  );
  if (channel.type === 'bank' && channel.bank) {
    return (
      <section className="panel" aria-label={t('recharge.payTo')}>
        <h2 className="panel__title">{t('recharge.payTo')}</h2>
        {demo}
        <CopyRow
          label={t('recharge.payee')}
          value={channel.demo ? t('recharge.demoPayee') : channel.bank.payee}
          testId="house-payee"
          copy={!channel.demo}
        />
        <CopyRow label={t('recharge.accountNumber')} value={channel.bank.account_number} testId="house-account" />
        <CopyRow
          label={t('recharge.bank')}
          value={channel.demo ? t('recharge.demoBank') : channel.bank.bank}
          testId="house-bank"
          copy={!channel.demo}
        />
      </section>
    );
  }
  if (channel.type === 'crypto' && channel.crypto) {
    const net = COIN_NETWORK[channel.crypto.coin] ?? { coin: channel.crypto.coin, network: channel.crypto.coin };
    return (
      <section className="panel" aria-label={t('recharge.payTo')}>
        <h2 className="panel__title">{t('recharge.payTo')}</h2>
        {demo}
        <p className="warning" role="note">
          <strong>{t('recharge.cryptoWarning', net)}</strong>
        </p>
        <Qr value={channel.crypto.address} label={t('recharge.address')} />
        <CopyRow label={t('recharge.address')} value={channel.crypto.address} testId="crypto-address" />
      </section>
    );
  }
  if (channel.type === 'pix') {
    return (
      <>
        {demo}
        <p className="panel panel__note">{t('recharge.pixHowTo')}</p>
      </>
    );
  }
  return null;
}
