import { useTranslation } from 'react-i18next';
import type { RechargeChannel } from '@fairdraw/contract';
import { MethodIcon } from '../../../components/method-icon.tsx';
import { useMoney } from '../../../lib/wallet.ts';

type Props = {
  channels: RechargeChannel[];
  chosen: number | undefined;
  invalid: boolean;
  onChoose: (id: number) => void;
};

/** The deposit channels as buttons: name, limits, and the currency when it is not the site's. */
export function ChannelPicker({ channels, chosen, invalid, onChoose }: Props) {
  const { t } = useTranslation();
  const { format, currency } = useMoney();
  return (
    <fieldset className="channels" aria-invalid={invalid || undefined}>
      <legend className="field__label">{t('recharge.chooseChannel')}</legend>
      {channels.map((c) => (
        <button
          key={c.id}
          type="button"
          className="channel"
          aria-pressed={c.id === chosen}
          data-testid={`channel-${c.id}`}
          onClick={() => onChoose(c.id)}
        >
          <MethodIcon type={c.type} />
          <span className="channel__text">
            <span className="channel__name">{c.name}</span>
            <span className="channel__limits num">
              {t('recharge.limits', { min: format(c.min), max: format(c.max) })}
              {c.currency !== currency && ` · ${c.currency}`}
            </span>
          </span>
        </button>
      ))}
    </fieldset>
  );
}
