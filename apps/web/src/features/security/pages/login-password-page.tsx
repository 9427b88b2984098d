import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import type { ChangePasswordRequest } from '@fairdraw/contract';
import { CashierPage } from '../../../components/cashier-page.tsx';
import { FormTextField } from '../../../components/form-fields.tsx';
import { FormError } from '../../../components/text-field.tsx';
import { firstError } from '../../../lib/first-error.ts';
import { errorText, reportServerError } from '../../../lib/form-errors.ts';
import { contractResolver } from '../../../lib/forms.ts';
import { useChangePassword } from '../api/change-password.ts';
import { TwoFactorPanel } from '../../../components/two-factor-panel.tsx';
import { getUserInfo, setUserInfo } from '../../../lib/storage.ts';
import { useSession } from '../../../lib/use-session.ts';
import { EMPTY_PASSWORDS, loginPasswordSchema, PASSWORD_FIELDS, type PasswordValues } from '../lib/password-schema.ts';

/** /editPwd: old, new and confirmation; afterwards every other device is logged out (we say so). */
export function LoginPasswordPage() {
  const { t } = useTranslation();
  const [done, setDone] = useState(false);
  const change = useChangePassword();
  const user = useSession();
  // After an operator's reset: the old password is the temporary one, and nothing else works until this is done.
  const mustChange = user?.must_change_password === true;
  const form = useForm<PasswordValues, undefined, ChangePasswordRequest>({
    resolver: contractResolver(() => loginPasswordSchema),
    defaultValues: EMPTY_PASSWORDS,
  });
  const busy = form.formState.isSubmitting;
  const first = firstError(form.formState.errors, PASSWORD_FIELDS);
  const invalid = (field: string) => first?.field === field;

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      await change.mutateAsync(body);
      const stored = getUserInfo();
      if (stored?.must_change_password) {
        const { must_change_password: _done, ...rest } = stored;
        setUserInfo(rest);
      }
      setDone(true);
    } catch (e) {
      reportServerError(form.setError, e, PASSWORD_FIELDS);
    }
  });

  return (
    <CashierPage title={t('page.editPwd')}>
      {done ? (
        <p className="panel result__waiting" role="status" data-testid="password-changed">
          {t('security.loginChanged')}
        </p>
      ) : (
        <form className="form form--page" onSubmit={(e) => void onSubmit(e)} noValidate>
          {mustChange && (
            <p className="warning" role="status" data-testid="loginpwd-must-change">
              {t('errors:PASSWORD_CHANGE_REQUIRED')}
            </p>
          )}
          <FormTextField
            control={form.control}
            name="old_password"
            showError={false}
            label={t(mustChange ? 'players.temporaryPassword' : 'security.oldLogin')}
            type="password"
            autoComplete="current-password"
            invalid={invalid('old_password')}
            testId="loginpwd-old"
          />
          <FormTextField
            control={form.control}
            name="password"
            showError={false}
            label={t('security.newLogin')}
            hint={t('auth.passwordHint')}
            type="password"
            autoComplete="new-password"
            invalid={invalid('password')}
            testId="loginpwd-password"
          />
          <FormTextField
            control={form.control}
            name="confirm_password"
            showError={false}
            label={t('auth.confirm')}
            type="password"
            autoComplete="new-password"
            invalid={invalid('confirm_password')}
            testId="loginpwd-confirm"
          />
          <p className="hint hint--left">{t('security.otherDevices')}</p>
          <FormError text={errorText(t, first?.error)} />
          <button type="submit" className="btn btn--primary btn--block" disabled={busy} data-testid="loginpwd-submit">
            {busy ? t('auth.submitting') : t('security.save')}
          </button>
        </form>
      )}
      {!mustChange && <TwoFactorPanel />}
    </CashierPage>
  );
}
