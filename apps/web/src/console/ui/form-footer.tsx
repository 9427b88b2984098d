import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../components/field.tsx';
import { errorText } from '../../lib/form-errors.ts';

/**
 * The foot of a console form: what the server refused that names no field (`root.server`, lib/form-errors.ts), then
 * the submit button, waiting while the form is sent; `children` go after it (Delete, Close).
 */
export function FormFooter({
  error,
  submitting,
  label,
  testId,
  block = false,
  children,
}: {
  /** The form's `formState.errors.root?.server`. */
  error: Parameters<typeof errorText>[1];
  submitting: boolean;
  label: string;
  testId: string;
  /** The button spans the form (the narrow settings forms). */
  block?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <FormError text={errorText(t, error)} />
      <button
        type="submit"
        className={block ? 'btn btn--primary btn--block' : 'btn btn--primary'}
        disabled={submitting}
        data-testid={testId}
      >
        {label}
      </button>
      {children}
    </>
  );
}
