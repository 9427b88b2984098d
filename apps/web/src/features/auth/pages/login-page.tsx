import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { PATHS } from '../../../lib/paths.ts';
import { returnPath } from '../../../lib/return-path.ts';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import type { LoginRequest, LoginTwoFactorRequest, Session } from '@fairdraw/contract';
import { login, loginSecondStep, startGuest } from '../../../lib/session.ts';
import { AuthShell } from '../components/auth-shell.tsx';
import { FormTextField } from '../../../components/form-fields.tsx';
import { FormError } from '../../../components/text-field.tsx';
import { firstError } from '../../../lib/first-error.ts';
import { errorText, reportServerError } from '../../../lib/form-errors.ts';
import { contractResolver } from '../../../lib/forms.ts';
import { LOGIN_FIELDS, loginSchema, type LoginValues } from '../lib/auth-schema.ts';
import { CODE_FIELDS, codeSchema, type CodeValues } from '../../../lib/two-factor-schema.ts';

/** The login's second step: a code from the authenticator app (or a recovery code) for the challenge. */
function CodeStep({
  challenge,
  onSession,
  onBack,
}: {
  challenge: string;
  onSession: (session: Session) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm<CodeValues, undefined, { code: string }>({
    resolver: contractResolver(() => codeSchema),
    defaultValues: { code: '' },
  });
  const first = firstError(form.formState.errors, CODE_FIELDS);
  const busy = form.formState.isSubmitting;
  const onSubmit = form.handleSubmit(async ({ code }) => {
    const body: LoginTwoFactorRequest = { challenge, code };
    try {
      onSession(await loginSecondStep(body));
    } catch (e) {
      reportServerError(form.setError, e, CODE_FIELDS);
    }
  });
  return (
    <AuthShell title={t('auth.codeTitle')}>
      <form className="form" onSubmit={(e) => void onSubmit(e)} noValidate data-testid="login-code-step">
        <p className="hint hint--left">{t('auth.codeHint')}</p>
        <FormTextField
          control={form.control}
          name="code"
          showError={false}
          label={t('auth.code')}
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          invalid={first?.field === 'code'}
          testId="login-code"
        />
        <FormError text={errorText(t, first?.error)} />
        <button type="submit" className="btn btn--primary btn--block" disabled={busy} data-testid="login-code-submit">
          {busy ? t('auth.submitting') : t('auth.submitCode')}
        </button>
      </form>
      <button
        type="button"
        className="btn btn--ghost btn--block"
        style={{ marginTop: 8 }}
        onClick={onBack}
        data-testid="login-code-back"
      >
        {t('auth.backToLogin')}
      </button>
    </AuthShell>
  );
}

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useForm<LoginValues, undefined, LoginRequest>({
    resolver: contractResolver(() => loginSchema),
    defaultValues: { account: '', password: '' },
  });
  const [guestBusy, setGuestBusy] = useState(false);
  const busy = form.formState.isSubmitting || guestBusy;
  // One message at a time, above the button; the field it is about is marked.
  const first = firstError(form.formState.errors, LOGIN_FIELDS);
  const location = useLocation();
  // Back to the screen that asked for a login (a signed-out state's link passes it), else Home.
  const home = () => void navigate(returnPath(location.state) ?? PATHS.home, { replace: true });
  const [challenge, setChallenge] = useState<string | null>(null);
  const enter = (session: Session) => {
    // An operator reset the password: the player chooses his own first (the API allows nothing else till then).
    if (session.userInfo.must_change_password) void navigate(PATHS.loginPassword, { replace: true });
    else home();
  };

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      const answer = await login(body);
      if ('two_factor_required' in answer) setChallenge(answer.challenge);
      else enter(answer);
    } catch (e) {
      reportServerError(form.setError, e, LOGIN_FIELDS);
    }
  });
  const guest = async () => {
    form.clearErrors();
    setGuestBusy(true);
    try {
      await startGuest();
      home();
    } catch (e) {
      reportServerError(form.setError, e, []);
    } finally {
      setGuestBusy(false);
    }
  };

  if (challenge)
    return (
      <CodeStep
        challenge={challenge}
        onSession={enter}
        onBack={() => {
          setChallenge(null);
          form.resetField('password');
        }}
      />
    );

  return (
    <AuthShell title={t('auth.loginTitle')}>
      <form className="form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <FormTextField
          control={form.control}
          name="account"
          showError={false}
          label={t('auth.account')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          invalid={first?.field === 'account'}
          testId="login-account"
        />
        <FormTextField
          control={form.control}
          name="password"
          showError={false}
          label={t('auth.password')}
          type="password"
          autoComplete="current-password"
          invalid={first?.field === 'password'}
          testId="login-password"
        />
        <FormError text={errorText(t, first?.error)} />
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
        onClick={() => void guest()}
        data-testid="login-guest"
      >
        {t('auth.guest')}
      </button>
      <p className="hint">{t('auth.guestHint')}</p>
      <p className="switch">
        {t('auth.noAccount')} <Link to={PATHS.register}>{t('auth.toRegister')}</Link>
      </p>
    </AuthShell>
  );
}
