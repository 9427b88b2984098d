import { useTranslation } from 'react-i18next';
import { AmountField } from '../../../components/amount-field.tsx';
import { toAmountText } from '../../../lib/money.ts';
import { useMoney } from '../../../lib/wallet.ts';
import { MAX_MULTIPLIER, readMultiplier } from '../lib/bet-schema.ts';

const QUICK = [10, 50, 100, 500];

type Props = {
  /** The stake typed for every line (chips set it); a line's own stake overrides it. */
  all: string;
  onAll: (text: string) => void;
  multiplier: string;
  onMultiplier: (text: string) => void;
  multiplierError: string | null;
  total: number;
  /** The most the slip can get back from one draw; undefined while it is computed, null when unknown. */
  ret: number | null | undefined;
};

/** One stake for every line (quick chips), the multiplier, and the slip's total and largest possible return. */
export function SlipStake({ all, onAll, multiplier, onMultiplier, multiplierError, total, ret }: Props) {
  const { t } = useTranslation();
  const { format, exponent } = useMoney();
  const m = readMultiplier(multiplier);
  const step = (by: number) => onMultiplier(String(Math.min(MAX_MULTIPLIER, Math.max(1, (m ?? 1) + by))));
  return (
    <>
      <AmountField
        value={all}
        onValue={onAll}
        testId="bet-amount"
        hint={t('bet.perPlay')}
        invalid={false}
        chips={QUICK.map((n) => ({ label: String(n), value: toAmountText(n * 10 ** exponent, exponent) }))}
      />
      <div className="slip-multiplier">
        <label htmlFor="bet-multiplier">{t('bet.multiplier')}</label>
        <div className="stepper">
          <button type="button" className="stepper__btn" aria-label={t('bet.less')} onClick={() => step(-1)}>
            −
          </button>
          <input
            id="bet-multiplier"
            className={multiplierError ? 'input stepper__input num is-invalid' : 'input stepper__input num'}
            inputMode="numeric"
            autoComplete="off"
            value={multiplier}
            aria-invalid={!!multiplierError}
            onChange={(e) => onMultiplier(e.target.value)}
            data-testid="bet-multiplier"
          />
          <button type="button" className="stepper__btn" aria-label={t('bet.more')} onClick={() => step(1)}>
            +
          </button>
        </div>
      </div>
      {multiplierError && (
        <p className="form-error" role="alert" data-testid="bet-multiplier-error">
          {multiplierError}
        </p>
      )}
      <dl className="facts facts--small slip-totals">
        <div>
          <dt>{t('bet.total')}</dt>
          <dd className="num" data-testid="bet-total">
            {format(total)}
          </dd>
        </div>
        <div>
          <dt>{t('bet.possibleReturn')}</dt>
          <dd className="num slip-totals__win" data-testid="bet-return">
            {ret === undefined ? '…' : ret === null ? '—' : format(ret)}
          </dd>
        </div>
      </dl>
    </>
  );
}
