import { useTranslation } from 'react-i18next';
import type { AdminDeposit } from '@fairdraw/contract';
import { exponentOf } from '../../lib/channel-amount.ts';
import { formatDateTime } from '../../lib/format.ts';
import { formatAmount } from '../../lib/money.ts';
import { useLang } from '../../lib/use-lang.ts';
import { useMoney } from '../../lib/wallet.ts';

/**
 * What an operator checks a deposit against: the channel, the amount expected in the channel's currency (when it
 * is not the site's), the bank transfer the player declared, the transaction hash or the PIX code (a crypto deposit's
 * hash, normalised, is in TxHashCheck below the facts; only one the API could not normalise shows here).
 */
export function DepositFacts({ item }: { item: AdminDeposit }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { currency } = useMoney();
  return (
    <>
      <div>
        <dt>{t('recharge.channel')}</dt>
        <dd>{item.channel_name}</dd>
      </div>
      {item.channel_currency !== currency && (
        <div>
          <dt>{t('admin.expected')}</dt>
          <dd className="num" data-testid="admin-expected">
            {formatAmount(item.channel_amount, item.channel_currency, exponentOf(item.channel_currency), lang)}
            {item.rate && (
              <span className="muted">
                {' · '}
                {t('recharge.rate', { site: currency, rate: item.rate, currency: item.channel_currency })}
              </span>
            )}
          </dd>
        </div>
      )}
      {item.transfer && (
        <>
          <div>
            <dt>{t('recharge.payerName')}</dt>
            <dd>{item.transfer.payer_name}</dd>
          </div>
          <div>
            <dt>{t('recharge.payee')}</dt>
            <dd className="break">
              {item.transfer.payee} · {item.transfer.bank} · {item.transfer.account_number}
            </dd>
          </div>
          <div>
            <dt>{t('recharge.depositTime')}</dt>
            <dd>{formatDateTime(item.transfer.deposit_time, lang)}</dd>
          </div>
        </>
      )}
      {item.tx_hash && item.tx_hash_normalized === null && (
        <div>
          <dt>{t('recharge.txHash')}</dt>
          <dd className="break">{item.tx_hash}</dd>
        </div>
      )}
      {item.br_code && (
        <div>
          <dt>{t('recharge.pixCode')}</dt>
          <dd className="break mono">{item.br_code}</dd>
        </div>
      )}
    </>
  );
}
