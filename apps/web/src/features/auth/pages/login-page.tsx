import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { login, startGuest } from '../api/session.ts';
import { AuthShell, FormError } from '../components/auth-shell.tsx';
import { validateLogin } from '../validate.ts';

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<{ text: string; field?: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (call: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await call();
      void navigate('/', { replace: true });
    } catch (e) {
      // The API translates `msg` by the lang header; a network failure has none.
      const text = e instanceof ApiError ? e.message : t('common.offline');
      if (!(e instanceof ApiError && (e.code === 301 || e.code === 401))) setError({ text, field: (e as ApiError).field });
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const issue = validateLogin({ account, password });
    if (issue) {
      setError({ text: t(`errors:${issue.key}`), field: issue.field });
      return;
    }
    void run(() => login({ account: account.trim(), password }));
  };

  const invalid = (f: string) => (error?.field === f ? true : undefined);

  return (
    <AuthShell title={t('auth.loginTitle')}>
      <form className="form" onSubmit={onSubmit} noValidate>
        <label className="field">
          <span className="field__label">{t('auth.account')}</span>
          <input
            className="input"
            name="account"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            value={account}
            onChange={(e) => setAccount(e.target.value)}
            aria-invalid={invalid('account')}
            data-testid="login-account"
          />
        </label>
        <label className="field">
          <span className="field__label">{t('auth.password')}</span>
          <input
            className="input"
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-invalid={invalid('password')}
            data-testid="login-password"
          />
        </label>
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
