import type { ComponentProps } from 'react';
import { useController, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { AmountField } from './amount-field.tsx';
import { TextField } from './text-field.tsx';

// TextField and AmountField bound to a react-hook-form field: value, change, blur and the field's error (a key).

type Bound<V extends FieldValues, C, T extends FieldValues> = {
  control: Control<V, C, T>;
  name: FieldPathByValue<V, string>;
};

export function FormTextField<V extends FieldValues, C, T extends FieldValues>({
  control,
  name,
  clean = (v) => v,
  showError = true,
  invalid = false,
  ...props
}: Bound<V, C, T> & {
  /** Applied to what is typed before it is kept (e.g. digits only). */
  clean?: (typed: string) => string;
  /** false: the message is shown elsewhere (FormError); the input is still marked invalid. */
  showError?: boolean;
  /** Marks the input invalid for an error kept elsewhere. */
  invalid?: boolean;
} & Omit<ComponentProps<typeof TextField>, 'value' | 'onValue' | 'invalid' | 'name' | 'fieldError'>) {
  const {
    field: { value, onChange, onBlur, ref: inputRef },
    fieldState: { error },
  } = useController({ control, name });
  return (
    <TextField
      {...props}
      name={name}
      value={value}
      onValue={(typed) => onChange(clean(typed))}
      onBlur={onBlur}
      ref={inputRef}
      invalid={invalid || !!error}
      fieldError={showError ? error : undefined}
    />
  );
}

/**
 * An amount bound to the form. `showError: false` leaves the message to FormError above the submit button (the
 * input is still marked invalid).
 */
export function FormAmountField<V extends FieldValues, C, T extends FieldValues>({
  control,
  name,
  showError = true,
  ...props
}: Bound<V, C, T> & { showError?: boolean } & Omit<
    ComponentProps<typeof AmountField>,
    'value' | 'onValue' | 'invalid' | 'fieldError' | 'onBlur'
  >) {
  const {
    field: { value, onChange, onBlur },
    fieldState: { error },
  } = useController({ control, name });
  return (
    <AmountField
      {...props}
      value={value}
      onValue={onChange}
      onBlur={onBlur}
      invalid={!!error}
      fieldError={showError ? error : undefined}
    />
  );
}
