import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PATHS, withQuery } from '../../../lib/paths.ts';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import type { RegisterRequest } from '@fairdraw/contract';
import { NICKNAME_MAX } from '@fairdraw/contract/values';
import { register } from '../../../lib/session.ts';
import { useSession } from '../../../lib/use-session.ts';
import { useLimits } from '../../../lib/server-state/limits.ts';
import { DepositLimitOffer } from '../../../components/deposit-limit-offer.tsx';
import { AuthShell } from '../components/auth-shell.tsx';
import { FormTextField } from '../../../components/form-fields.tsx';
import { FormError } from '../../../components/text-field.tsx';
import { firstError } from '../../../lib/first-error.ts';
import { errorText, reportServerError } from '../../../lib/form-errors.ts';
import { contractResolver } from '../../../lib/forms.ts';
import { REGISTER_FIELDS, registerSchema, type RegisterValues } from '../lib/auth-schema.ts';

/**
 * Right after registering (UK RTS 12, Ontario 2.23): the offer to set a deposit limit, skippable. "Set a limit"
 * opens the limits sheet on My, "not now" goes Home; either way it is not offered again (the server keeps it).
 * Nothing to offer (or the limits cannot be read): straight Home.
 */
function RegisteredOffer() {
  const navigate = useNavigate();
  const user = useSession();
  const limits = useLimits(user?.token);
  const none = limits.isError || (limits.data !== undefined && !limits.data.offer_deposit_limit);
  useEffect(() => {
    if (none) void navigate(PATHS.home, { replace: true });
  }, [none, navigate]);
  return (
    <DepositLimitOffer
      onDone={(set) => void navigate(set ? withQuery(PATHS.my, { sheet: 'limits' }) : PATHS.home, { replace: true })}
    />
  );
}

export function RegisterPage() {
  const { t } = useTranslation();
  const [registered, setRegistered] = useState(false);
  const form = useForm<RegisterValues, undefined, RegisterRequest>({
    resolver: contractResolver(() => registerSchema),
    defaultValues: { account: '', password: '', confirm_password: '', nickname: '', adult: false },
  });
  const busy = form.formState.isSubmitting;
  // One message at a time, above the button, in the server's order; the field it is about is marked.
  const first = firstError(form.formState.errors, REGISTER_FIELDS);
  const invalid = (field: string) => first?.field === field;

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      await register(body);
      setRegistered(true);
    } catch (e) {
      reportServerError(form.setError, e, REGISTER_FIELDS);
    }
  });

  if (registered)
    return (
      <AuthShell title={t('auth.registerTitle')}>
        <RegisteredOffer />
      </AuthShell>
    );
  return (
    <AuthShell title={t('auth.registerTitle')}>
      <form className="form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <FormTextField
          control={form.control}
          name="account"
          showError={false}
          label={t('auth.account')}
          hint={t('auth.accountHint')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          invalid={invalid('account')}
          testId="register-account"
        />
        <FormTextField
          control={form.control}
          name="password"
          showError={false}
          label={t('auth.password')}
          hint={t('auth.passwordHint')}
          type="password"
          autoComplete="new-password"
          invalid={invalid('password')}
          testId="register-password"
        />
        <FormTextField
          control={form.control}
          name="confirm_password"
          showError={false}
          label={t('auth.confirm')}
          type="password"
          autoComplete="new-password"
          invalid={invalid('confirm_password')}
          testId="register-confirm"
        />
        <FormTextField
          control={form.control}
          name="nickname"
          showError={false}
          label={t('auth.nickname')}
          autoComplete="nickname"
          maxLength={NICKNAME_MAX}
          invalid={invalid('nickname')}
          testId="register-nickname"
        />
        <label className="check">
          <input
            type="checkbox"
            {...form.register('adult')}
            aria-invalid={invalid('adult') || undefined}
            data-testid="register-adult"
          />
          <span>{t('auth.adult')}</span>
        </label>
        <FormError text={errorText(t, first?.error)} />
        <button type="submit" className="btn btn--primary btn--block" disabled={busy} data-testid="register-submit">
          {busy ? t('auth.submitting') : t('auth.submitRegister')}
        </button>
      </form>
      <p className="switch">
        {t('auth.haveAccount')} <Link to={PATHS.login}>{t('auth.toLogin')}</Link>
      </p>
    </AuthShell>
  );
}
