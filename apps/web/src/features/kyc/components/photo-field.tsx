import { useEffect, useMemo } from 'react';
import { useController, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field.tsx';
import { FilePick } from '../../../components/file-pick.tsx';
import { PHOTO_TYPES, type KycFormValues } from '../lib/kyc-schema.ts';

/** One document photo: a file picker (the camera on a phone) and a preview of what was chosen. */
export function PhotoField({
  control,
  name,
  label,
}: {
  control: Control<KycFormValues, unknown, unknown>;
  name: 'front' | 'back';
  label: string;
}) {
  const { t } = useTranslation();
  const {
    field: { value, onChange, ref },
    fieldState: { error },
  } = useController({ control, name });
  const preview = useMemo(() => (value ? URL.createObjectURL(value) : null), [value]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  return (
    <Field label={label} name={name} error={error} values={{ max: '5 MB' }} hint={t('kyc.photoHint')}>
      {(aria) => (
        <span className="kyc-photo">
          {preview && <img className="kyc-photo__preview" src={preview} alt="" />}
          <FilePick
            {...aria}
            inputRef={ref}
            accept={PHOTO_TYPES.join(',')}
            chosen={value ? value.name : null}
            testId={`kyc-${name}`}
            onChange={(e) => onChange(e.target.files?.[0] ?? null)}
          />
        </span>
      )}
    </Field>
  );
}
