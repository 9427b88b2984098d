import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PayoutMethod } from '@fairdraw/contract';
import { MethodIcon } from '../../../components/method-icon.tsx';
import { payoutDetail, payoutTitle } from '../../../lib/server-state/payouts.ts';
import { PATHS } from '../../../lib/paths.ts';

type Props = { payouts: PayoutMethod[]; chosen: number | undefined; onChoose: (id: number) => void };

/** Where the money goes: the bound payout methods as buttons, and a link to manage them. */
export function PayoutPicker({ payouts, chosen, onChoose }: Props) {
  const { t } = useTranslation();
  return (
    <fieldset className="channels">
      <legend className="field__label">{t('withdraw.to')}</legend>
      {payouts.map((p) => (
        <button
          key={p.id}
          type="button"
          className="channel"
          aria-pressed={p.id === chosen}
          data-testid={`withdraw-payout-${p.id}`}
          onClick={() => onChoose(p.id)}
        >
          <MethodIcon type={p.type} />
          <span className="channel__text">
            <span className="channel__name">{payoutTitle(p)}</span>
            <span className="channel__limits break">{payoutDetail(p)}</span>
          </span>
        </button>
      ))}
      <Link to={PATHS.cards} className="link-row">
        {t('withdraw.manage')}
      </Link>
    </fieldset>
  );
}
