import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

type Props = {
  label: string;
  hint?: string;
  invalid: boolean;
  /** A message about this field (e.g. the API's `field` error), shown under it with test id field-error-<name>. */
  error?: string | null;
  onValue: (value: string) => void;
  testId: string;
  /** Something beside the input (a button such as "All" or a unit). */
  addon?: ReactNode;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'aria-invalid'>;

/** A labelled input of the forms; `hint` states the rule under it and is read with the field. */
export function TextField({ label, hint, invalid, error, onValue, testId, addon, className, ...input }: Props) {
  const hintId = useId();
  const errorId = useId();
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const control = (
    <input
      className={className ? `input ${className}` : 'input'}
      {...input}
      onChange={(e) => onValue(e.target.value)}
      aria-invalid={invalid || !!error || undefined}
      aria-describedby={describedBy}
      data-testid={testId}
    />
  );
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      {addon ? (
        <span className="field__row">
          {control}
          {addon}
        </span>
      ) : (
        control
      )}
      {hint && (
        <span className="field__hint" id={hintId}>
          {hint}
        </span>
      )}
      {error && (
        <span className="field__error" id={errorId} data-testid={`field-error-${input.name ?? testId}`}>
          {error}
        </span>
      )}
    </label>
  );
}

export function FormError({ text }: { text: string | null }) {
  return (
    <p className="form-error" data-testid="form-error" role="alert" hidden={!text}>
      {text}
    </p>
  );
}
