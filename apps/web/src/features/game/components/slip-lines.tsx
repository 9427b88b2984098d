import { useTranslation } from 'react-i18next';
import type { PlayItem } from '@fairdraw/contract';

type Props = { items: PlayItem[]; numbers: Record<number, number[]>; onRemove: (id: number) => void };

/** The selected plays: name (with the chosen all-in numbers), odds, and a button to take each off the slip. */
export function SlipLines({ items, numbers, onRemove }: Props) {
  const { t } = useTranslation();
  return (
    <ul className="slip-lines">
      {items.map((i) => (
        <li key={i.id} className="slip-line">
          <span className="slip-line__name">
            {i.name}
            {numbers[i.id] && (
              <span className="slip-line__numbers num" data-testid="slip-numbers">
                {' '}
                ({numbers[i.id]?.join(', ')})
              </span>
            )}
          </span>
          <span className="slip-line__odds num">@{i.odds}</span>
          <button
            type="button"
            className="slip-line__remove"
            aria-label={t('bet.remove', { name: i.name })}
            onClick={() => onRemove(i.id)}
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}
