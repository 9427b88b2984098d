import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import type { FundPasswordRequest } from '@fairdraw/contract';
import { CashierPage } from '../../../components/cashier-page.tsx';
import { FormTextField } from '../../../components/form-fields.tsx';
import { FormError } from '../../../components/text-field.tsx';
import { showToast } from '../../../lib/toast.ts';
import { useProfile } from '../../../lib/server-state/profile.ts';
import { useSession } from '../../../lib/use-session.ts';
import { firstError } from '../../../lib/first-error.ts';
import { errorText, reportServerError } from '../../../lib/form-errors.ts';
import { contractResolver } from '../../../lib/forms.ts';
import { useSetFundPassword } from '../api/set-fund-password.ts';
import { EMPTY_PASSWORDS, fundPasswordSchema, PASSWORD_FIELDS, type PasswordValues } from '../lib/password-schema.ts';
import { PATHS, isPath } from '../../../lib/paths.ts';
import { returnPath } from '../../../lib/return-path.ts';

/** Six digits on the numeric keypad; never autofilled. */
const pin = { inputMode: 'numeric', pattern: '[0-9]*', maxLength: 6, autoComplete: 'off', type: 'password' } as const;

/** /setPwd (set) and /editPwdto (change: old + new + confirmation) of the 6-digit fund password. */
export function FundPasswordPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const { pathname } = location;
  const state: unknown = location.state;
  const navigate = useNavigate();
  const user = useSession();
  const profile = useProfile(user?.token);
  // /editPwdto with no fund password yet sets one: there is no current password to ask for.
  const changing = isPath(pathname, PATHS.changeFundPassword) && profile.data?.has_fund_password !== false;
  // Back where the player came from (the withdrawal that asked for it), else to the member page.
  const back = returnPath(state) ?? PATHS.my;
  const save = useSetFundPassword();
  const form = useForm<PasswordValues, { changing: boolean }, FundPasswordRequest>({
    resolver: contractResolver(fundPasswordSchema),
    context: { changing },
    defaultValues: EMPTY_PASSWORDS,
  });
  const busy = form.formState.isSubmitting;
  const first = firstError(form.formState.errors, PASSWORD_FIELDS);
  const invalid = (field: string) => first?.field === field;
  /** A pin field keeps digits only, six at most. */
  const digits = (typed: string) => typed.replace(/\D/g, '').slice(0, 6);

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      await save.mutateAsync(body);
      showToast(t('security.fundSaved'));
      void navigate(back, { replace: true });
    } catch (e) {
      reportServerError(form.setError, e, PASSWORD_FIELDS);
    }
  });

  return (
    <CashierPage title={t(changing ? 'page.editPwdto' : 'page.setPwd')}>
      {!changing && profile.data?.has_fund_password ? (
        <p className="panel panel__note">
          {t('security.alreadySet')}{' '}
          <Link to={PATHS.changeFundPassword} state={state}>
            {t('page.editPwdto')}
          </Link>
        </p>
      ) : null}
      <form className="form form--page" onSubmit={(e) => void onSubmit(e)} noValidate>
        <p className="hint hint--left">{t('security.fundHint')}</p>
        {changing && (
          <FormTextField
            control={form.control}
            showError={false}
            clean={digits}
            label={t('security.oldFund')}
            {...pin}
            name="old_password"
            invalid={invalid('old_password')}
            testId="fundpwd-old"
          />
        )}
        <FormTextField
          control={form.control}
          showError={false}
          clean={digits}
          label={t('security.newFund')}
          {...pin}
          className="num pin"
          name="password"
          invalid={invalid('password')}
          testId="fundpwd-password"
        />
        <FormTextField
          control={form.control}
          showError={false}
          clean={digits}
          label={t('security.confirmFund')}
          {...pin}
          className="num pin"
          name="confirm_password"
          invalid={invalid('confirm_password')}
          testId="fundpwd-confirm"
        />
        <FormError text={errorText(t, first?.error)} />
        <button type="submit" className="btn btn--primary btn--block" disabled={busy} data-testid="fundpwd-submit">
          {busy ? t('auth.submitting') : t('security.save')}
        </button>
      </form>
    </CashierPage>
  );
}
