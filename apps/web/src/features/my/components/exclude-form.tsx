import { useTranslation } from 'react-i18next';
import { useForm, useWatch } from 'react-hook-form';
import type { ExcludeRequest, ExclusionKind, ProtectionState } from '@fairdraw/contract';
import { FormTextField } from '../../../components/form-fields.tsx';
import { FormError } from '../../../components/text-field.tsx';
import { firstError } from '../../../lib/first-error.ts';
import { errorText, reportServerError } from '../../../lib/form-errors.ts';
import { contractResolver } from '../../../lib/forms.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { useExclude } from '../api/protection.ts';
import { EMPTY_EXCLUDE, EXCLUDE_FIELDS, excludeSchema, type ExcludeValues } from '../lib/exclude-schema.ts';
import { formatUntil } from './format-until.ts';
import { KindChoices } from './kind-choices.tsx';

type Props = { state: ProtectionState; token: string; onClose: () => void; onDone: () => void; titleId: string };

/** Taking a break: the length, the login password and the box that says it cannot be ended early. */
export function ExcludeForm({ state, token, onClose, onDone, titleId }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const mutation = useExclude(token);
  const form = useForm<ExcludeValues, { choices: ProtectionState['choices'] }, ExcludeRequest>({
    resolver: contractResolver(excludeSchema),
    context: { choices: state.choices },
    defaultValues: EMPTY_EXCLUDE,
  });
  const { errors, isSubmitting: busy } = form.formState;
  const kind = useWatch({ control: form.control, name: 'kind' });
  const chosen = state.choices.find((c) => c.kind === kind && c.allowed);
  // The password's message shows under it; the others (length, confirmation, the API's) above the buttons.
  const first = firstError(errors, EXCLUDE_FIELDS);

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      await mutation.mutateAsync(body);
      onDone();
    } catch (e) {
      reportServerError(form.setError, e, EXCLUDE_FIELDS);
    }
  });
  const choose = (k: ExclusionKind) => {
    form.setValue('kind', k);
    form.clearErrors();
  };

  return (
    <form className="dialog__body sheet__body" onSubmit={(e) => void onSubmit(e)} noValidate>
      <h2 className="dialog__title" id={titleId}>
        {t('protection.sheetTitle')}
      </h2>
      <p className="protection__warning" role="note">
        <strong>{t('protection.warningTitle')}</strong> {t('protection.warning')}
      </p>
      {state.active && <p className="protection__note">{t('protection.longerOnly')}</p>}
      <KindChoices choices={state.choices} kind={kind} invalid={first?.field === 'kind'} onChoose={choose} />
      <p className="protection__ends" aria-live="polite" data-testid="protection-ends">
        {chosen ? t('protection.endsAt', { until: formatUntil(chosen.ends_at, lang, state.time_zone) }) : '\u00a0'}
      </p>
      <FormTextField
        control={form.control}
        name="password"
        label={t('protection.password')}
        hint={t('protection.passwordHint')}
        type="password"
        autoComplete="current-password"
        testId="protection-password"
      />
      <label className="check">
        <input
          type="checkbox"
          {...form.register('confirm')}
          aria-invalid={first?.field === 'confirm' || undefined}
          data-testid="protection-confirm"
        />
        <span>{t('protection.understand')}</span>
      </label>
      <FormError text={first && first.field !== 'password' ? errorText(t, first.error) : null} />
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
