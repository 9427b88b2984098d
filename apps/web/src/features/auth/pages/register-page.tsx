import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { register } from '../api/session.ts';
import { AuthShell, FormError } from '../components/auth-shell.tsx';
import { validateRegister, type RegisterValues } from '../validate.ts';

export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [v, setV] = useState<RegisterValues>({ account: '', password: '', confirm: '', nickname: '', adult: false });
  const [error, setError] = useState<{ text: string; field?: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof RegisterValues>(k: K, value: RegisterValues[K]) => setV((s) => ({ ...s, [k]: value }));

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const issue = validateRegister(v);
    if (issue) {
      setError({ text: t(`errors:${issue.key}`), field: issue.field });
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const nickname = v.nickname.trim();
      await register({
        account: v.account.trim(),
        password: v.password,
        confirm_password: v.confirm,
        ...(nickname ? { nickname } : {}),
        adult: true,
      });
      void navigate('/', { replace: true });
    } catch (err) {
      if (err instanceof ApiError) {
        if (err.code !== 301 && err.code !== 401)
          setError({ text: err.message, field: err.field === 'confirm_password' ? 'confirm' : err.field });
      } else setError({ text: t('common.offline') });
    } finally {
      setBusy(false);
    }
  };

  const invalid = (f: string) => (error?.field === f ? true : undefined);

  return (
    <AuthShell title={t('auth.registerTitle')}>
      <form className="form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <label className="field">
          <span className="field__label">{t('auth.account')}</span>
          <input
            className="input"
            name="account"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            value={v.account}
            onChange={(e) => set('account', e.target.value)}
            aria-invalid={invalid('account')}
            aria-describedby="account-hint"
            data-testid="register-account"
          />
          <span className="field__hint" id="account-hint">
            {t('auth.accountHint')}
          </span>
        </label>
        <label className="field">
          <span className="field__label">{t('auth.password')}</span>
          <input
            className="input"
            type="password"
            name="password"
            autoComplete="new-password"
            value={v.password}
            onChange={(e) => set('password', e.target.value)}
            aria-invalid={invalid('password')}
            aria-describedby="password-hint"
            data-testid="register-password"
          />
          <span className="field__hint" id="password-hint">
            {t('auth.passwordHint')}
          </span>
        </label>
        <label className="field">
          <span className="field__label">{t('auth.confirm')}</span>
          <input
            className="input"
            type="password"
            name="confirm_password"
            autoComplete="new-password"
            value={v.confirm}
            onChange={(e) => set('confirm', e.target.value)}
            aria-invalid={invalid('confirm')}
            data-testid="register-confirm"
          />
        </label>
        <label className="field">
          <span className="field__label">{t('auth.nickname')}</span>
          <input
            className="input"
            name="nickname"
            autoComplete="nickname"
            maxLength={40}
            value={v.nickname}
            onChange={(e) => set('nickname', e.target.value)}
            aria-invalid={invalid('nickname')}
            data-testid="register-nickname"
          />
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={v.adult}
            onChange={(e) => set('adult', e.target.checked)}
            aria-invalid={invalid('adult')}
            data-testid="register-adult"
          />
          <span>{t('auth.adult')}</span>
        </label>
        <FormError text={error?.text ?? null} />
        <button type="submit" className="btn btn--primary btn--block" disabled={busy} data-testid="register-submit">
          {busy ? t('auth.submitting') : t('auth.submitRegister')}
        </button>
      </form>
      <p className="switch">
        {t('auth.haveAccount')} <Link to="/login">{t('auth.toLogin')}</Link>
      </p>
    </AuthShell>
  );
}
