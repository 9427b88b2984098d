import { useId, type InputHTMLAttributes } from 'react';

type Props = {
  label: string;
  hint?: string;
  invalid: boolean;
  onValue: (value: string) => void;
  testId: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'className' | 'aria-invalid'>;

/** A labelled input of the account forms; `hint` states the rule under it and is read with the field. */
export function TextField({ label, hint, invalid, onValue, testId, ...input }: Props) {
  const hintId = useId();
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      <input
        className="input"
        {...input}
        onChange={(e) => onValue(e.target.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={hint ? hintId : undefined}
        data-testid={testId}
      />
      {hint && (
        <span className="field__hint" id={hintId}>
          {hint}
        </span>
      )}
    </label>
  );
}
