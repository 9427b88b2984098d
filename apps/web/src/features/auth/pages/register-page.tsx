import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NICKNAME_MAX } from '@fairdraw/contract';
import { register } from '../../../lib/session.ts';
import { AuthShell } from '../components/auth-shell.tsx';
import { FormError, TextField } from '../../../components/text-field.tsx';
import { useAuthSubmit } from '../hooks/use-auth-submit.ts';
import { validateRegister, type RegisterValues } from '../validate.ts';

// The API names the field confirm_password; the form calls it confirm.
const formField = (apiField: string | undefined) => (apiField === 'confirm_password' ? 'confirm' : apiField);

export function RegisterPage() {
  const { t } = useTranslation();
  const [v, setV] = useState<RegisterValues>({ account: '', password: '', confirm: '', nickname: '', adult: false });
  const { error, setError, busy, run, invalid } = useAuthSubmit(formField);
  const set = <K extends keyof RegisterValues>(k: K, value: RegisterValues[K]) => setV((s) => ({ ...s, [k]: value }));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const issue = validateRegister(v);
    if (issue) {
      setError({ text: t(`errors:${issue.key}`), field: issue.field });
      return;
    }
    const nickname = v.nickname.trim();
    void run(() =>
      register({
        account: v.account.trim(),
        password: v.password,
        confirm_password: v.confirm,
        ...(nickname ? { nickname } : {}),
        adult: true,
      }),
    );
  };

  return (
    <AuthShell title={t('auth.registerTitle')}>
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField
          label={t('auth.account')}
          hint={t('auth.accountHint')}
          name="account"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={v.account}
          onValue={(x) => set('account', x)}
          invalid={invalid('account')}
          testId="register-account"
        />
        <TextField
          label={t('auth.password')}
          hint={t('auth.passwordHint')}
          type="password"
          name="password"
          autoComplete="new-password"
          value={v.password}
          onValue={(x) => set('password', x)}
          invalid={invalid('password')}
          testId="register-password"
        />
        <TextField
          label={t('auth.confirm')}
          type="password"
          name="confirm_password"
          autoComplete="new-password"
          value={v.confirm}
          onValue={(x) => set('confirm', x)}
          invalid={invalid('confirm')}
          testId="register-confirm"
        />
        <TextField
          label={t('auth.nickname')}
          name="nickname"
          autoComplete="nickname"
          maxLength={NICKNAME_MAX}
          value={v.nickname}
          onValue={(x) => set('nickname', x)}
          invalid={invalid('nickname')}
          testId="register-nickname"
        />
        <label className="check">
          <input
            type="checkbox"
            checked={v.adult}
            onChange={(e) => set('adult', e.target.checked)}
            aria-invalid={invalid('adult') || undefined}
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
