import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { Field } from './field.tsx';
import type { ErrorLike } from '../lib/form-errors.ts';

export { FormError } from './field.tsx';

type Props = {
  label: string;
  hint?: string;
  invalid: boolean;
  /** A translated message about this field, shown under it with test id field-error-<name>. */
  error?: string | null;
  /** Or the field's error as a machine key (react-hook-form's `fieldState.error`). */
  fieldError?: ErrorLike;
  /** Values the key's text needs. */
  values?: Record<string, string>;
  onValue: (value: string) => void;
  testId: string;
  addon?: ReactNode;
  /** The input element (react-hook-form focuses the first invalid field). */
  ref?: Ref<HTMLInputElement>;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'aria-invalid'>;

/** A text input in a Field; `hint` states the rule under it and is read with the field. */
export function TextField({
  label,
  hint,
  invalid,
  error,
  fieldError,
  values,
  onValue,
  testId,
  addon,
  className,
  ...input
}: Props) {
  return (
    <Field
      label={label}
      name={input.name ?? testId}
      hint={hint}
      invalid={invalid}
      errorText={error}
      error={fieldError}
      values={values}
      addon={addon}
    >
      {(control) => (
        <input
          className={className ? `input ${className}` : 'input'}
          {...input}
          {...control}
          onChange={(e) => onValue(e.target.value)}
          data-testid={testId}
        />
      )}
    </Field>
  );
}
