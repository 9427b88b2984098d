import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CashierPage } from '../../../components/cashier-page.tsx';
import { FormError, TextField } from '../../../components/text-field.tsx';
import { showToast } from '../../../lib/toast.ts';
import { useProfile } from '../../../lib/profile.ts';
import { useSession } from '../../../lib/use-session.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { useSetFundPassword } from '../api/set-fund-password.ts';
import { validateFundPassword } from '../validate.ts';

/** Six digits on the numeric keypad; never autofilled. */
const pin = { inputMode: 'numeric', pattern: '[0-9]*', maxLength: 6, autoComplete: 'off', type: 'password' } as const;

/** /setPwd (set) and /editPwdto (change: old + new + confirmation) of the 6-digit fund password. */
export function FundPasswordPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const user = useSession();
  const profile = useProfile(user?.token);
  const changing = pathname.toLowerCase() === '/editpwdto';
  const [old, setOld] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const save = useSetFundPassword();
  const { error, setError, busy, run, invalid } = useSubmit();
  const digits = (set: (v: string) => void) => (v: string) => set(v.replace(/\D/g, '').slice(0, 6));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const issue = validateFundPassword({ old: changing ? old : undefined, password, confirm });
    if (issue) return setError({ text: t(`errors:${issue.key}`), field: issue.field });
    void run(
      () => save.mutateAsync({ password, confirm_password: confirm, ...(changing ? { old_password: old } : {}) }),
      () => {
        showToast(t('security.fundSaved'));
        void navigate('/my', { replace: true });
      },
    );
  };

  return (
    <CashierPage title={t(changing ? 'page.editPwdto' : 'page.setPwd')}>
      {!changing && profile.data?.has_fund_password ? (
        <p className="panel panel__note">
          {t('security.alreadySet')} <Link to="/editPwdto">{t('page.editPwdto')}</Link>
        </p>
      ) : null}
      <form className="form form--page" onSubmit={onSubmit} noValidate>
        <p className="hint hint--left">{t('security.fundHint')}</p>
        {changing && (
          <TextField
            label={t('security.oldFund')}
            name="old_password"
            {...pin}
            value={old}
            onValue={digits(setOld)}
            invalid={invalid('old_password')}
            testId="fundpwd-old"
          />
        )}
        <TextField
          label={t('security.newFund')}
          name="password"
          {...pin}
          className="num pin"
          value={password}
          onValue={digits(setPassword)}
          invalid={invalid('password')}
          testId="fundpwd-password"
        />
        <TextField
          label={t('security.confirmFund')}
          name="confirm_password"
          {...pin}
          className="num pin"
          value={confirm}
          onValue={digits(setConfirm)}
          invalid={invalid('confirm_password')}
          testId="fundpwd-confirm"
        />
        <FormError text={error?.text ?? null} />
        <button type="submit" className="btn btn--primary btn--block" disabled={busy} data-testid="fundpwd-submit">
          {busy ? t('auth.submitting') : t('security.save')}
        </button>
      </form>
    </CashierPage>
  );
}
