import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExclusionChoice, ExclusionKind, ProtectionState } from '@fairdraw/contract';
import { FormError, TextField } from '../../../components/text-field.tsx';
import { useLang } from '../../../lib/use-lang.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { useExclude } from '../api/protection.ts';
import { formatUntil } from './format-until.ts';

/** Taking a break: the length, the login password and the box that says it cannot be ended early. */
export function ExcludeForm({
  state,
  token,
  onClose,
  onDone,
  titleId,
}: {
  state: ProtectionState;
  token: string;
  onClose: () => void;
  onDone: () => void;
  titleId: string;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const [kind, setKind] = useState<ExclusionKind | null>(null);
  const [password, setPassword] = useState('');
  const [understood, setUnderstood] = useState(false);
  const mutation = useExclude(token);
  const { error, setError, busy, run, invalid, fieldError } = useSubmit();

  const chosen = state.choices.find((c) => c.kind === kind && c.allowed);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!chosen) return setError({ text: t('protection.chooseFirst'), field: 'kind' });
    if (!password) return setError({ text: t('errors:REQUIRED_FIELDS'), field: 'password' });
    if (!understood) return setError({ text: t('errors:EXCLUSION_CONFIRM_REQUIRED'), field: 'confirm' });
    void run(() => mutation.mutateAsync({ kind: chosen.kind, password, confirm: true }), onDone);
  };

  const group = (selfExclusion: boolean) => state.choices.filter((c) => c.self_exclusion === selfExclusion);
  const card = (c: ExclusionChoice) => (
    <button
      key={c.kind}
      type="button"
      className="protection-choice"
      aria-pressed={c.kind === kind}
      disabled={!c.allowed}
      data-testid={`protection-kind-${c.kind}`}
      onClick={() => {
        setKind(c.kind);
        setError(null);
      }}
    >
      {t(`protection.kind.${c.kind}`)}
    </button>
  );

  return (
    <form className="dialog__body sheet__body" onSubmit={onSubmit} noValidate>
      <h2 className="dialog__title" id={titleId}>
        {t('protection.sheetTitle')}
      </h2>
      <p className="protection__warning" role="note">
        <strong>{t('protection.warningTitle')}</strong> {t('protection.warning')}
      </p>
      {state.active && <p className="protection__note">{t('protection.longerOnly')}</p>}
      {[false, true].map((selfExclusion) => (
        <fieldset key={String(selfExclusion)} className="protection-group" aria-invalid={invalid('kind') || undefined}>
          <legend className="field__label">
            {selfExclusion ? t('protection.exclusions') : t('protection.timeouts')}
          </legend>
          <div className="protection-group__choices">{group(selfExclusion).map(card)}</div>
        </fieldset>
      ))}
      <p className="protection__ends" aria-live="polite" data-testid="protection-ends">
        {chosen ? t('protection.endsAt', { until: formatUntil(chosen.ends_at, lang, state.time_zone) }) : '\u00a0'}
      </p>
      <TextField
        label={t('protection.password')}
        hint={t('protection.passwordHint')}
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onValue={(v) => {
          setPassword(v);
          if (error?.field === 'password') setError(null);
        }}
        invalid={invalid('password')}
        error={fieldError('password')}
        testId="protection-password"
      />
      <label className="check">
        <input
          type="checkbox"
          checked={understood}
          onChange={(e) => setUnderstood(e.target.checked)}
          aria-invalid={invalid('confirm') || undefined}
          data-testid="protection-confirm"
        />
        <span>{t('protection.understand')}</span>
      </label>
      <FormError text={error && error.field !== 'password' ? error.text : null} />
      <div className="dialog__actions sheet__actions">
        <button type="button" className="btn btn--ghost" onClick={onClose} data-testid="protection-cancel">
          {t('common.cancel')}
        </button>
        <button type="submit" className="btn btn--primary" disabled={busy} data-testid="protection-submit">
          {busy ? t('auth.submitting') : t('protection.submit')}
        </button>
      </div>
    </form>
  );
}
