import { useTranslation } from 'react-i18next';

/** The status filter of an operator's list: one chip per status, the chosen one pressed. */
export function StatusChips<S extends string>(props: {
  statuses: readonly S[];
  value: S;
  onChange: (status: S) => void;
  label: (status: S) => string;
  testId: (status: S) => string;
}) {
  const { t } = useTranslation();
  return (
    <div className="chips" role="group" aria-label={t('records.status')}>
      {props.statuses.map((s) => (
        <button
          key={s}
          type="button"
          className="chip"
          aria-pressed={s === props.value}
          onClick={() => props.onChange(s)}
          data-testid={props.testId(s)}
        >
          {props.label(s)}
        </button>
      ))}
    </div>
  );
}
