import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Control, FieldPathByValue } from 'react-hook-form';
import type { AddPayoutMethodRequest } from '@fairdraw/contract';
import { FormTextField } from '../../../components/form-fields.tsx';
import { FormError } from '../../../components/text-field.tsx';
import { errorText, type ErrorLike } from '../../../lib/form-errors.ts';

/** The frame of every "add a payout method" form: its fields, the login password, errors, and submit. */
export function PayoutForm<V extends { password: string }>({
  children,
  control,
  formError,
  busy,
  onSubmit,
}: {
  children: ReactNode;
  /** The form's control: the password is its field `password`. */
  control: Control<V, undefined, AddPayoutMethodRequest>;
  /** The error that names none of the form's fields. */
  formError: ErrorLike;
  busy: boolean;
  onSubmit: (e: FormEvent) => void;
}) {
  const { t } = useTranslation();
  return (
    <form className="form form--page" noValidate onSubmit={onSubmit}>
      {children}
      <FormTextField
        control={control}
        name={'password' as FieldPathByValue<V, string>}
        label={t('payout.loginPassword')}
        hint={t('payout.passwordHint')}
        type="password"
        autoComplete="current-password"
        testId="payout-password"
      />
      <FormError text={errorText(t, formError)} />
      <button type="submit" className="btn btn--primary btn--block" disabled={busy} data-testid="payout-submit">
        {busy ? t('auth.submitting') : t('payout.save')}
      </button>
    </form>
  );
}
