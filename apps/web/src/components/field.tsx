import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, type ErrorLike } from '../lib/form-errors.ts';

/** What a Field hands its input: the accessibility wiring of label, hint and error. */
export type ControlProps = { 'aria-invalid': true | undefined; 'aria-describedby': string | undefined };

type Props = {
  label: ReactNode;
  /** The field's name: the error under it has test id field-error-<name>. */
  name: string;
  /** The field's error: `message` is a machine key (lib/forms.ts errorText translates it). */
  error?: ErrorLike;
  /** An already translated message (forms not yet on react-hook-form). */
  errorText?: string | null;
  /** Values the key's text needs (`{{min}}` …), formatted by the form. */
  values?: Record<string, string>;
  /** Marks the input invalid when the message is shown elsewhere (FormError). */
  invalid?: boolean;
  hint?: ReactNode;
  /** Something beside the input (a button such as "All", or a unit). */
  addon?: ReactNode;
  children: (control: ControlProps) => ReactNode;
};

/** The one field of every form: label, the input (children), the rule under it, and the translated error. */
export function Field({ label, name, error, errorText: given, values, invalid, hint, addon, children }: Props) {
  const { t } = useTranslation();
  const hintId = useId();
  const errorId = useId();
  const message = given ?? errorText(t, error, values);
  const describedBy = [hint ? hintId : '', message ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const control = children({ 'aria-invalid': invalid || !!message || undefined, 'aria-describedby': describedBy });
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
      {message && (
        <span className="field__error" id={errorId} data-testid={`field-error-${name}`}>
          {message}
        </span>
      )}
    </label>
  );
}

/** The form's own message (an error that names no field), above the submit button; hidden when there is none. */
export function FormError({ text, testId = 'form-error' }: { text: string | null; testId?: string }) {
  return (
    <p className="form-error" data-testid={testId} role="alert" hidden={!text}>
      {text}
    </p>
  );
}
