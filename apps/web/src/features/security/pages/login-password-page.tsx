import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CashierPage } from '../../../components/cashier-page.tsx';
import { FormError, TextField } from '../../../components/text-field.tsx';
import { useSubmit } from '../../../lib/use-submit.ts';
import { REGISTER_PASSWORD_RE } from '@fairdraw/contract';
import { useChangePassword } from '../api/change-password.ts';

/** /editPwd: old, new and confirmation; afterwards every other device is logged out (we say so). */
export function LoginPasswordPage() {
  const { t } = useTranslation();
  const [old, setOld] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [done, setDone] = useState(false);
  const change = useChangePassword();
  const { error, setError, busy, run, invalid } = useSubmit();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!old || !password || !confirm) return setError({ text: t('errors:REQUIRED_FIELDS') });
    if (!REGISTER_PASSWORD_RE.test(password)) return setError({ text: t('errors:PASSWORD_FORMAT'), field: 'password' });
    if (password !== confirm) return setError({ text: t('errors:PASSWORDS_DO_NOT_MATCH'), field: 'confirm_password' });
    void run(
      () => change.mutateAsync({ old_password: old, password, confirm_password: confirm }),
      () => setDone(true),
    );
  };

  return (
    <CashierPage title={t('page.editPwd')}>
      {done ? (
        <p className="panel result__waiting" role="status" data-testid="password-changed">
          {t('security.loginChanged')}
        </p>
      ) : (
        <form className="form form--page" onSubmit={onSubmit} noValidate>
          <TextField
            label={t('security.oldLogin')}
            name="old_password"
            type="password"
            autoComplete="current-password"
            value={old}
            onValue={setOld}
            invalid={invalid('old_password')}
            testId="loginpwd-old"
          />
          <TextField
            label={t('security.newLogin')}
            hint={t('auth.passwordHint')}
            name="password"
            type="password"
            autoComplete="new-password"
            value={password}
            onValue={setPassword}
            invalid={invalid('password')}
            testId="loginpwd-password"
          />
          <TextField
            label={t('auth.confirm')}
            name="confirm_password"
            type="password"
            autoComplete="new-password"
            value={confirm}
            onValue={setConfirm}
            invalid={invalid('confirm_password')}
            testId="loginpwd-confirm"
          />
          <p className="hint hint--left">{t('security.otherDevices')}</p>
          <FormError text={error?.text ?? null} />
          <button type="submit" className="btn btn--primary btn--block" disabled={busy} data-testid="loginpwd-submit">
            {busy ? t('auth.submitting') : t('security.save')}
          </button>
        </form>
      )}
    </CashierPage>
  );
}
