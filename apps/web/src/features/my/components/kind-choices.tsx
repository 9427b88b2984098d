import { useTranslation } from 'react-i18next';
import type { ExclusionChoice, ExclusionKind } from '@fairdraw/contract';

/** The lengths of a break as pressable cards, time-outs then self-exclusions; one that may not be chosen is off. */
export function KindChoices({
  choices,
  kind,
  invalid,
  onChoose,
}: {
  choices: readonly ExclusionChoice[];
  kind: ExclusionKind | null;
  invalid: boolean;
  onChoose: (kind: ExclusionKind) => void;
}) {
  const { t } = useTranslation();
  return [false, true].map((selfExclusion) => (
    <fieldset key={String(selfExclusion)} className="protection-group" aria-invalid={invalid || undefined}>
      <legend className="field__label">{selfExclusion ? t('protection.exclusions') : t('protection.timeouts')}</legend>
      <div className="protection-group__choices">
        {choices
          .filter((c) => c.self_exclusion === selfExclusion)
          .map((c) => (
            <button
              key={c.kind}
              type="button"
              className="protection-choice"
              aria-pressed={c.kind === kind}
              disabled={!c.allowed}
              data-testid={`protection-kind-${c.kind}`}
              onClick={() => onChoose(c.kind)}
            >
              {t(`protection.kind.${c.kind}`)}
            </button>
          ))}
      </div>
    </fieldset>
  ));
}
