import { useTranslation } from 'react-i18next';
import type { PlayItem } from '@fairdraw/contract';
import { useLang } from '../../../lib/use-lang.ts';
import { capitalise } from '../lib/capitalise.ts';
import { MiniBall, markSixNumberOf } from './mark-six-ball.tsx';

type Props = {
  items: PlayItem[];
  numbers: Record<number, number[]>;
  /** Each line's stake as typed, and its message (already translated) when it is not a stake. */
  stakes: Record<number, string>;
  errors: Record<number, string>;
  onStake: (id: number, text: string) => void;
  onRemove: (id: number) => void;
};

/** The play's name on the slip; a Mark Six number play or all-in shows its numbers as balls in their colours. */
export function PlayLabel({ item, numbers }: { item: Pick<PlayItem, 'code' | 'name'>; numbers?: number[] | null }) {
  const lang = useLang();
  const n = markSixNumberOf(item.code);
  const balls = n !== null || (numbers && numbers.length > 0);
  // With its numbers shown as balls, the name does not repeat them ("Special 9" → "Special" ⑨).
  const name = balls ? item.name.replace(/\s*\d+(?:\s*,\s*\d+)*$/, '') : item.name;
  return (
    <>
      {capitalise(name, lang)}
      {n !== null && <MiniBall n={n} />}
      {numbers && numbers.length > 0 && (
        <span className="mini-balls" data-testid="slip-numbers">
          {numbers.map((x) => (
            <MiniBall key={x} n={x} />
          ))}
        </span>
      )}
    </>
  );
}

/** The selected plays: name (with the chosen all-in numbers), odds, the line's own stake, and a button to take it off. */
export function SlipLines({ items, numbers, stakes, errors, onStake, onRemove }: Props) {
  const { t } = useTranslation();
  return (
    <ul className="slip-lines">
      {items.map((i) => (
        <li key={i.id} className="slip-line" data-testid="slip-line" data-code={i.code}>
          <span className="slip-line__name">
            <PlayLabel item={i} numbers={numbers[i.id]} />
          </span>
          <span className="slip-line__odds num">@{i.odds}</span>
          <input
            className={errors[i.id] ? 'input slip-line__stake num is-invalid' : 'input slip-line__stake num'}
            inputMode="decimal"
            autoComplete="off"
            enterKeyHint="done"
            aria-label={t('bet.lineStake', { name: i.name })}
            aria-invalid={!!errors[i.id]}
            value={stakes[i.id] ?? ''}
            onChange={(e) => onStake(i.id, e.target.value)}
            data-testid="slip-line-stake"
          />
          <button
            type="button"
            className="slip-line__remove"
            aria-label={t('bet.remove', { name: i.name })}
            onClick={() => onRemove(i.id)}
          >
            ×
          </button>
          {errors[i.id] && (
            <span className="slip-line__error form-error" role="alert" data-testid="slip-line-error">
              {errors[i.id]}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
