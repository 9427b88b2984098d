import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Deposit } from '@fairdraw/contract';
import { exponentOf } from '@fairdraw/domain/currency';
import { CopyRow } from '../../../components/copy-button.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { formatAmount, formatDateTime } from '../../../lib/format.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { useMoney } from '../../../lib/wallet.ts';
import { Qr } from './qr.tsx';
import { PATHS } from '../../../lib/paths.ts';

/** After submitting: the record, and for PIX the BR Code to pay (text + copy + QR). */
export function DepositResult({ deposit, onAgain }: { deposit: Deposit; onAgain: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { format, currency } = useMoney();
  const foreign = deposit.channel_currency !== currency;
  const waiting =
    deposit.channel_type === 'pix'
      ? t('recharge.waitingPayment')
      : deposit.channel_type === 'crypto'
        ? t('recharge.waitingChain')
        : t('recharge.waitingApproval');
  return (
    <section className="panel result" data-testid="deposit-result">
      <h2 className="panel__title">{t('recharge.submitted')}</h2>
      {deposit.status === 'pending' && (
        <p className="result__waiting" role="status">
          {waiting}
        </p>
      )}
      {deposit.channel_type === 'pix' && deposit.br_code && (
        <>
          <Qr value={deposit.br_code} label={t('recharge.pixQr')} />
          <CopyRow label={t('recharge.pixCode')} value={deposit.br_code} testId="pix-code" />
        </>
      )}
      <dl className="facts">
        {foreign && (
          <div>
            <dt>{t('recharge.toPay')}</dt>
            <dd className="num pay-amount__value" data-testid="deposit-result-pay">
              {formatAmount(
                deposit.channel_amount,
                deposit.channel_currency,
                exponentOf(deposit.channel_currency),
                lang,
              )}
            </dd>
          </div>
        )}
        <div>
          <dt>{foreign ? t('recharge.credited') : t('money.amount')}</dt>
          <dd className="num" data-testid="deposit-result-amount">
            {format(deposit.amount)}
          </dd>
        </div>
        <div>
          <dt>{t('recharge.channel')}</dt>
          <dd>{deposit.channel_name}</dd>
        </div>
        <div>
          <dt>{t('records.status')}</dt>
          <dd>
            <StatusBadge status={deposit.status} kind="deposit" />
          </dd>
        </div>
        <div>
          <dt>{t('records.time')}</dt>
          <dd>{formatDateTime(deposit.created_at, lang)}</dd>
        </div>
        {deposit.tx_hash && (
          <div>
            <dt>{t('recharge.txHash')}</dt>
            <dd className="break">{deposit.tx_hash}</dd>
          </div>
        )}
      </dl>
      <div className="result__actions">
        <Link to={PATHS.rechargeNotes} className="btn btn--ghost">
          {t('page.rechargeNotes')}
        </Link>
        <button type="button" className="btn btn--primary" onClick={onAgain}>
          {t('recharge.again')}
        </button>
      </div>
    </section>
  );
}
