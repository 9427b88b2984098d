import { useRef } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LANGS, type Lang } from '@fairdraw/contract';
import { Field } from '../../components/field.tsx';
import { showToast } from '../../lib/toast.ts';
import { serverError } from '../../lib/form-errors.ts';
import { errorText } from '../../lib/form-errors.ts';
import { LANG_NAMES } from '../../lib/i18n.ts';
import { useUploadContentImage } from './api/upload-content-image.ts';

// The parts the Home and Promotions editors share: a text in the six languages, a picture uploaded to the API
// (re-encoded there; the form keeps its public address), and the schedule's local date and time.

export type Texts = Record<Lang, string>;
export const emptyTexts = (): Texts => Object.fromEntries(LANGS.map((l) => [l, ''])) as Texts;
export const textsOf = (r: Record<string, string> | undefined): Texts =>
  Object.fromEntries(LANGS.map((l) => [l, r?.[l] ?? ''])) as Texts;

/** Epoch ms → the value of an <input type="datetime-local"> in the browser's time zone ('' for none). */
export function toLocalInput(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '';
  const d = new Date(ms);
  return new Date(ms - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}
/** An <input type="datetime-local"> value (browser's time zone) → epoch ms, or null when empty or unreadable. */
export function fromLocalInput(value: string): number | null {
  if (!value) return null;
  const ms = new Date(value).getTime();
  return Number.isFinite(ms) ? ms : null;
}
export const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** One input per language for the text at `name` (`title.th`, `title.en`, …); a textarea when `rows` is given. */
export function LangTexts<V extends FieldValues, T extends FieldValues, C = unknown>({
  control,
  name,
  label,
  rows,
  maxLength,
  testId,
}: {
  control: Control<V, C, T>;
  name: string;
  label: string;
  rows?: number;
  maxLength: number;
  testId: string;
}) {
  return (
    <fieldset className="lang-texts">
      <legend className="field__label">{label}</legend>
      {LANGS.map((l) => (
        <LangText
          key={l}
          control={control}
          name={`${name}.${l}` as FieldPath<V>}
          lang={l}
          rows={rows}
          maxLength={maxLength}
          testId={`${testId}-${l}`}
        />
      ))}
    </fieldset>
  );
}

function LangText<V extends FieldValues, T extends FieldValues, C = unknown>({
  control,
  name,
  lang,
  rows,
  maxLength,
  testId,
}: {
  control: Control<V, C, T>;
  name: FieldPath<V>;
  lang: Lang;
  rows: number | undefined;
  maxLength: number;
  testId: string;
}) {
  const { field, fieldState } = useController({ control, name });
  const common = {
    className: 'input',
    name: field.name,
    value: (field.value as string | undefined) ?? '',
    lang,
    maxLength,
    onBlur: field.onBlur,
    'data-testid': testId,
  };
  return (
    <Field label={LANG_NAMES[lang]} name={name} error={fieldState.error}>
      {(a11y) =>
        rows ? (
          <textarea
            {...a11y}
            {...common}
            rows={rows}
            ref={field.ref}
            onChange={(e) => field.onChange(e.target.value)}
          />
        ) : (
          <input {...a11y} {...common} ref={field.ref} onChange={(e) => field.onChange(e.target.value)} />
        )
      }
    </Field>
  );
}

/** A picture: its preview, and a file input that uploads a new one and keeps its address in the form. */
export function ImageField<V extends FieldValues, T extends FieldValues>({
  control,
  name,
  label,
  testId,
  optional = false,
}: {
  control: Control<V, unknown, T>;
  name: FieldPath<V>;
  label: string;
  testId: string;
  optional?: boolean;
}) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ control, name });
  const upload = useUploadContentImage();
  const input = useRef<HTMLInputElement>(null);
  const value = (field.value as string | undefined) ?? '';
  const pick = async (file: File | undefined) => {
    if (!file) return;
    try {
      const { url } = await upload.mutateAsync(file);
      field.onChange(url);
    } catch (e) {
      const found = serverError(e);
      if (found) showToast(errorText(t, found.error) ?? t('errors:INTERNAL'), 'error');
    } finally {
      if (input.current) input.current.value = '';
    }
  };
  return (
    <Field label={label} name={name} error={fieldState.error}>
      {(a11y) => (
        <span className="image-field">
          {value ? (
            <img className="image-field__preview" src={value} alt="" data-testid={`${testId}-preview`} />
          ) : (
            <span className="image-field__none muted">{t('content.noImage')}</span>
          )}
          <span className="image-field__actions">
            <input
              {...a11y}
              ref={input}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              disabled={upload.isPending}
              onChange={(e) => void pick(e.target.files?.[0])}
              data-testid={testId}
            />
            {upload.isPending && <span className="muted">{t('content.uploading')}</span>}
            {optional && value && (
              <button type="button" className="btn btn--ghost btn--small" onClick={() => field.onChange('')}>
                {t('content.removeImage')}
              </button>
            )}
          </span>
        </span>
      )}
    </Field>
  );
}
