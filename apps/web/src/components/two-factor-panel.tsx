import '../styles/money.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import type {
  TwoFactorDisableRequest,
  TwoFactorEnableRequest,
  TwoFactorSetup,
  TwoFactorSetupRequest,
} from '@fairdraw/contract';
import { QRCodeSVG } from 'qrcode.react';
import { FormTextField } from './form-fields.tsx';
import { FormError } from './text-field.tsx';
import { firstError } from '../lib/first-error.ts';
import { errorText, reportServerError } from '../lib/form-errors.ts';
import { contractResolver } from '../lib/forms.ts';
import {
  useTwoFactorDisable,
  useTwoFactorEnable,
  useTwoFactorSetup,
  useTwoFactorStatus,
} from '../lib/two-factor-api.ts';
import {
  CODE_FIELDS,
  codeSchema,
  enableSchema,
  SETUP_FIELDS,
  setupSchema,
  type CodeValues,
  type SetupValues,
} from '../lib/two-factor-schema.ts';

const digits = (typed: string) => typed.replace(/\D/g, '').slice(0, 6);

/** Off: what it is, and the login password that starts the set-up (a session alone cannot enrol the account). */
function Start({ busy, onSetup }: { busy: boolean; onSetup: (setup: TwoFactorSetup) => void }) {
  const { t } = useTranslation();
  const setup = useTwoFactorSetup();
  const form = useForm<SetupValues, undefined, TwoFactorSetupRequest>({
    resolver: contractResolver(() => setupSchema),
    defaultValues: { password: '' },
  });
  const first = firstError(form.formState.errors, SETUP_FIELDS);
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      onSetup(await setup.mutateAsync(body));
    } catch (e) {
      reportServerError(form.setError, e, SETUP_FIELDS);
    }
  });
  return (
    <form className="form two-factor" onSubmit={(e) => void onSubmit(e)} noValidate>
      <p className="hint hint--left">{t('security.twoFactorIntro')}</p>
      <FormTextField
        control={form.control}
        name="password"
        showError={false}
        label={t('security.twoFactorPassword')}
        hint={t('security.twoFactorPasswordHint')}
        type="password"
        autoComplete="current-password"
        invalid={first?.field === 'password'}
        testId="twofactor-password"
      />
      <FormError text={errorText(t, first?.error)} />
      <button
        type="submit"
        className="btn btn--primary btn--block"
        disabled={busy || form.formState.isSubmitting}
        data-testid="twofactor-start"
      >
        {form.formState.isSubmitting ? t('auth.submitting') : t('security.twoFactorStart')}
      </button>
    </form>
  );
}

/** The key's QR code and text, and the first code that turns it on. */
function Enrol({ setup, onEnabled }: { setup: TwoFactorSetup; onEnabled: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const enable = useTwoFactorEnable();
  const form = useForm<CodeValues, undefined, TwoFactorEnableRequest>({
    resolver: contractResolver(() => enableSchema),
    defaultValues: { code: '' },
  });
  const first = firstError(form.formState.errors, CODE_FIELDS);
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      onEnabled((await enable.mutateAsync(body)).recovery_codes);
    } catch (e) {
      reportServerError(form.setError, e, CODE_FIELDS);
    }
  });
  // The key in groups of four, as apps show it; spaces are ignored when typed.
  const grouped = setup.secret.replace(/(.{4})(?=.)/g, '$1 ');
  return (
    <form className="form two-factor" onSubmit={(e) => void onSubmit(e)} noValidate>
      <p className="hint hint--left">{t('security.twoFactorScan')}</p>
      <div className="qr">
        <QRCodeSVG
          value={setup.uri}
          size={184}
          marginSize={2}
          role="img"
          aria-label={t('security.twoFactorQr')}
          title={t('security.twoFactorQr')}
        />
      </div>
      <p className="two-factor__key">
        <span className="two-factor__label">{t('security.twoFactorKey')}</span>
        <code data-testid="twofactor-secret" data-secret={setup.secret}>
          {grouped}
        </code>
      </p>
      <FormTextField
        control={form.control}
        name="code"
        showError={false}
        label={t('security.twoFactorCode')}
        inputMode="numeric"
        autoComplete="one-time-code"
        clean={digits}
        invalid={first?.field === 'code'}
        testId="twofactor-code"
      />
      <FormError text={errorText(t, first?.error)} />
      <button
        type="submit"
        className="btn btn--primary btn--block"
        disabled={form.formState.isSubmitting}
        data-testid="twofactor-enable"
      >
        {form.formState.isSubmitting ? t('auth.submitting') : t('security.twoFactorConfirm')}
      </button>
    </form>
  );
}

/** The recovery codes, shown once, with a copy button. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="two-factor" data-testid="twofactor-recovery">
      <p className="panel result__waiting" role="status">
        {t('security.twoFactorEnabled')}
      </p>
      <h3 className="two-factor__title">{t('security.twoFactorRecoveryTitle')}</h3>
      <p className="hint hint--left">{t('security.twoFactorRecoveryHint')}</p>
      <ol className="two-factor__codes">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="btn btn--ghost btn--block"
        onClick={() => void copy()}
        data-testid="twofactor-copy"
      >
        {copied ? t('security.twoFactorCopied') : t('security.twoFactorCopy')}
      </button>
      <button type="button" className="btn btn--primary btn--block" onClick={onDone} data-testid="twofactor-done">
        {t('security.twoFactorDone')}
      </button>
    </div>
  );
}

/** On: how many recovery codes are left, and turning it off with a current code. */
function TurnOff({ left }: { left: number }) {
  const { t } = useTranslation();
  const disable = useTwoFactorDisable();
  const form = useForm<CodeValues, undefined, TwoFactorDisableRequest>({
    resolver: contractResolver(() => codeSchema),
    defaultValues: { code: '' },
  });
  const first = firstError(form.formState.errors, CODE_FIELDS);
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      await disable.mutateAsync(body);
    } catch (e) {
      reportServerError(form.setError, e, CODE_FIELDS);
    }
  });
  return (
    <form className="form two-factor" onSubmit={(e) => void onSubmit(e)} noValidate>
      <p className="panel result__waiting" role="status" data-testid="twofactor-on">
        {t('security.twoFactorOn', { count: left })}
      </p>
      <FormTextField
        control={form.control}
        name="code"
        showError={false}
        label={t('security.twoFactorDisableCode')}
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        invalid={first?.field === 'code'}
        testId="twofactor-disable-code"
      />
      <FormError text={errorText(t, first?.error)} />
      <button
        type="submit"
        className="btn btn--ghost btn--block"
        disabled={form.formState.isSubmitting}
        data-testid="twofactor-disable"
      >
        {t('security.twoFactorDisable')}
      </button>
    </form>
  );
}

/**
 * Two-step verification (TOTP) for the signed-in account: set it up (QR code, the key as text, the first code),
 * the recovery codes once, or, when on, turn it off. On the player's password screen and in the console.
 */
export function TwoFactorPanel() {
  const { t } = useTranslation();
  const status = useTwoFactorStatus();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  return (
    <section className="two-factor-panel" data-testid="twofactor">
      <h2 className="two-factor__heading">{t('security.twoFactorTitle')}</h2>
      {codes ? (
        <RecoveryCodes
          codes={codes}
          onDone={() => {
            setCodes(null);
            setSetup(null);
          }}
        />
      ) : status.data?.enabled ? (
        <TurnOff left={status.data.recovery_codes_left} />
      ) : setup ? (
        <Enrol setup={setup} onEnabled={setCodes} />
      ) : (
        <Start busy={status.isPending} onSetup={setSetup} />
      )}
    </section>
  );
}
