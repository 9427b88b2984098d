import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { login, startGuest } from '../../../lib/session.ts';
import { AuthShell } from '../components/auth-shell.tsx';
import { FormError, TextField } from '../../../components/text-field.tsx';
import { useAuthSubmit } from '../hooks/use-auth-submit.ts';
import { validateLogin } from '../validate.ts';

export function LoginPage() {
  const { t } = useTranslation();
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const { error, setError, busy, run, invalid } = useAuthSubmit();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const issue = validateLogin({ account, password });
    if (issue) {
      setError({ text: t(`errors:${issue.key}`), field: issue.field });
      return;
    }
    void run(() => login({ account: account.trim(), password }));
  };

  return (
    <AuthShell title={t('auth.loginTitle')}>
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField
          label={t('auth.account')}
          name="account"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={account}
          onValue={setAccount}
          invalid={invalid('account')}
          testId="login-account"
        />
        <TextField
          label={t('auth.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onValue={setPassword}
          invalid={invalid('password')}
          testId="login-password"
        />
        <FormError text={error?.text ?? null} />
        <button type="submit" className="btn btn--primary btn--block" disabled={busy} data-testid="login-submit">
          {busy ? t('auth.submitting') : t('auth.submitLogin')}
        </button>
      </form>
      <div className="divider">
        <span>{t('auth.or')}</span>
      </div>
      <button
        type="button"
        className="btn btn--ghost btn--block"
        disabled={busy}
        onClick={() => void run(startGuest)}
        data-testid="login-guest"
      >
        {t('auth.guest')}
      </button>
      <p className="hint">{t('auth.guestHint')}</p>
      <p className="switch">
        {t('auth.noAccount')} <Link to="/register">{t('auth.toRegister')}</Link>
      </p>
    </AuthShell>
  );
}
