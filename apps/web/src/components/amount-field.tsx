import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorLike } from '../lib/form-errors.ts';
import { TextField } from './text-field.tsx';

type Props = {
  value: string;
  onValue: (v: string) => void;
  testId: string;
  hint?: string;
  invalid: boolean;
  error?: string | null;
  /** The field's error as a machine key (react-hook-form), translated with `values`. */
  fieldError?: ErrorLike;
  values?: Record<string, string>;
  onBlur?: () => void;
  chips?: readonly { label: string; value: string }[];
  addon?: ReactNode;
};

/** An amount typed as decimal text (decimal keypad), with optional quick chips under it. */
export function AmountField({
  value,
  onValue,
  testId,
  hint,
  invalid,
  error,
  fieldError,
  values,
  onBlur,
  chips,
  addon,
}: Props) {
  const { t } = useTranslation();
  return (
    <div className="amount-field">
      <TextField
        label={t('money.amount')}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        enterKeyHint="done"
        placeholder="0.00"
        className="num"
        value={value}
        onValue={onValue}
        invalid={invalid}
        error={error}
        fieldError={fieldError}
        values={values}
        onBlur={onBlur}
        hint={hint}
        testId={testId}
        addon={addon}
      />
      {chips && chips.length > 0 && (
        <div className="chips" role="group" aria-label={t('money.quick')}>
          {chips.map((c) => (
            <button
              key={c.value}
              type="button"
              className="chip num"
              aria-pressed={c.value === value}
              onClick={() => onValue(c.value)}
            >
              {c.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
