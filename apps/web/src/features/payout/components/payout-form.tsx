import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError, TextField } from '../../../components/text-field.tsx';

/** The frame of every "add a payout method" form: its fields, the login password, errors, and submit. */
export function PayoutForm({
  children,
  password,
  onPassword,
  passwordError,
  formError,
  busy,
  onSubmit,
}: {
  children: ReactNode;
  password: string;
  onPassword: (v: string) => void;
  passwordError: string | null;
  formError: string | null;
  busy: boolean;
  onSubmit: () => void;
}) {
  const { t } = useTranslation();
  return (
    <form
      className="form form--page"
      noValidate
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
      <TextField
        label={t('payout.loginPassword')}
        hint={t('payout.passwordHint')}
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onValue={onPassword}
        invalid={!!passwordError}
        error={passwordError}
        testId="payout-password"
      />
      <FormError text={formError} />
      <button type="submit" className="btn btn--primary btn--block" disabled={busy} data-testid="payout-submit">
        {busy ? t('auth.submitting') : t('payout.save')}
      </button>
    </form>
  );
}
