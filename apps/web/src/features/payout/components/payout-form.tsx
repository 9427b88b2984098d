import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError, TextField } from '../../../components/text-field.tsx';
import { errorText, type ErrorLike } from '../../../lib/form-errors.ts';

/** The frame of every "add a payout method" form: its fields, the login password, errors, and submit. */
export function PayoutForm({
  children,
  password,
  passwordError,
  formError,
  busy,
  onSubmit,
}: {
  children: ReactNode;
  /** The password input, bound to the form (lib/form-bind.ts bindText). */
  password: { name: string; value: string; onValue: (v: string) => void };
  passwordError: ErrorLike;
  /** The error that names none of the form's fields. */
  formError: ErrorLike;
  busy: boolean;
  onSubmit: (e: FormEvent) => void;
}) {
  const { t } = useTranslation();
  return (
    <form className="form form--page" noValidate onSubmit={onSubmit}>
      {children}
      <TextField
        label={t('payout.loginPassword')}
        hint={t('payout.passwordHint')}
        type="password"
        autoComplete="current-password"
        {...password}
        invalid={!!passwordError}
        fieldError={passwordError}
        testId="payout-password"
      />
      <FormError text={errorText(t, formError)} />
      <button type="submit" className="btn btn--primary btn--block" disabled={busy} data-testid="payout-submit">
        {busy ? t('auth.submitting') : t('payout.save')}
      </button>
    </form>
  );
}
