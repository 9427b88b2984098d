import { useController, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { BetRequest } from '@fairdraw/contract';
import { AmountField } from '../../../components/amount-field.tsx';
import type { ErrorLike } from '../../../lib/form-errors.ts';
import { toAmountText } from '../../../lib/money.ts';
import { useMoney } from '../../../lib/wallet.ts';
import type { BetContext, StakeValues } from '../lib/bet-schema.ts';

const QUICK = [10, 50, 100, 500];

type Props = {
  control: Control<StakeValues, BetContext, BetRequest>;
  /** The stake's message as it is typed (the slip checks live), with its values. */
  error: ErrorLike;
  values?: Record<string, string>;
  total: number;
  ret: number;
};

/** One stake for every selected play (quick chips), and the slip's total and possible return. */
export function SlipStake({ control, error, values, total, ret }: Props) {
  const { t } = useTranslation();
  const { format, exponent } = useMoney();
  const { field } = useController({ control, name: 'stake' });
  return (
    <>
      <AmountField
        value={field.value}
        onValue={field.onChange}
        testId="bet-amount"
        hint={t('bet.perPlay')}
        invalid={!!error}
        fieldError={error}
        values={values}
        chips={QUICK.map((n) => ({ label: String(n), value: toAmountText(n * 10 ** exponent, exponent) }))}
      />
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
            {format(ret)}
          </dd>
        </div>
      </dl>
    </>
  );
}
