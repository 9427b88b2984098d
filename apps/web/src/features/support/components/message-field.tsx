import { useController, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { Field } from '../../../components/field.tsx';

/** The message text area of the support forms, in the one Field, bound to a form field; counts what is typed. */
export function MessageField<V extends FieldValues, C, T extends FieldValues>({
  control,
  name,
  label,
  max,
  testId,
  rows = 4,
}: {
  control: Control<V, C, T>;
  name: FieldPathByValue<V, string>;
  label: string;
  max: number;
  testId: string;
  rows?: number;
}) {
  const {
    field: { value, onChange, onBlur, ref },
    fieldState: { error },
  } = useController({ control, name });
  const text = typeof value === 'string' ? value : '';
  return (
    <Field label={label} name={name} error={error} hint={`${text.length} / ${max}`}>
      {(aria) => (
        <textarea
          className="input support-textarea"
          name={name}
          rows={rows}
          maxLength={max}
          value={text}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
          ref={ref}
          data-testid={testId}
          {...aria}
        />
      )}
    </Field>
  );
}
