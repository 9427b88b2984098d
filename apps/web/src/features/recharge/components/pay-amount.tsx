import { useTranslation } from 'react-i18next';
import type { RechargeChannel } from '@fairdraw/contract';
import { formatAmount } from '../../../lib/format.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { useMoney } from '../../../lib/wallet.ts';
import { channelAmount } from '../../../lib/channel-amount.ts';

/**
 * For a channel in another currency: the exact amount to pay in it, updated as the amount is typed, with the rate
 * and what the wallet is credited. Nothing for a channel in the site's currency.
 */
export function PayAmount({ channel, siteMinor }: { channel: RechargeChannel; siteMinor: number | null }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { format, currency } = useMoney();
  if (channel.currency === currency || channel.rate === null) return null;
  const pay = siteMinor === null ? null : channelAmount(siteMinor, currency, channel);
  return (
    <section className="panel pay-amount" aria-live="polite" data-testid="deposit-pay">
      <dl className="facts">
        <div>
          <dt>{t('recharge.toPay')}</dt>
          <dd className="num pay-amount__value" data-testid="deposit-pay-amount">
            {pay ? formatAmount(pay.minor, pay.currency, pay.exponent, lang) : '—'}
          </dd>
        </div>
        <div>
          <dt>{t('recharge.credited')}</dt>
          <dd className="num">{siteMinor === null ? '—' : format(siteMinor)}</dd>
        </div>
      </dl>
      <p className="hint hint--left num" data-testid="deposit-rate">
        {t('recharge.rate', { site: currency, rate: channel.rate, currency: channel.currency })}
      </p>
      {pay && siteMinor !== null && (
        <p className="hint hint--left">
          {t('recharge.toPayHint', { currency: channel.currency, amount: format(siteMinor) })}
        </p>
      )}
    </section>
  );
}
