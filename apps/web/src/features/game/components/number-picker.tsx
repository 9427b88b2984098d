import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/dialog.tsx';
import { waveOf } from '../lib/derive.ts';

const NUMBERS = Array.from({ length: 49 }, (_, i) => i + 1);

/** The code of a Mark Six all-in play item and how many numbers it takes ('ms.all2' → 2), else null. */
export function allInCount(code: string): 2 | 3 | null {
  return code === 'ms.all2' ? 2 : code === 'ms.all3' ? 3 : null;
}

/** Mark Six all-in: pick exactly `count` distinct numbers 1..49 (balls in their wave colour, ascending result). */
export function NumberPicker({
  open,
  title,
  count,
  onDone,
  onCancel,
}: {
  open: boolean;
  title: string;
  count: number;
  onDone: (numbers: number[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<number[]>([]);
  const toggle = (n: number) =>
    setChosen((c) => (c.includes(n) ? c.filter((x) => x !== n) : c.length < count ? [...c, n] : c));
  const finish = (numbers: number[] | null) => {
    setChosen([]);
    if (numbers) onDone([...numbers].sort((a, b) => a - b));
    else onCancel();
  };
  return (
    <ConfirmDialog
      open={open}
      title={title}
      confirmText={t('bet.pickDone')}
      confirmDisabled={chosen.length !== count}
      confirmTestId="pick-confirm"
      onCancel={() => finish(null)}
      onConfirm={() => finish(chosen)}
    >
      <p className="muted" aria-live="polite" data-testid="pick-count">
        {t('bet.pickHint', { count, chosen: chosen.length })}
      </p>
      <div className="pick-grid" role="group" aria-label={title} data-testid="number-picker">
        {NUMBERS.map((n) => {
          const on = chosen.includes(n);
          const wave = waveOf(n);
          return (
            <button
              key={n}
              type="button"
              className={`ball ball--${wave} pick-ball pick-ball--${wave}`}
              aria-pressed={on}
              aria-label={`${n} ${t(`draw.${wave}`)}`}
              disabled={!on && chosen.length >= count}
              data-testid={`pick-${n}`}
              onClick={() => toggle(n)}
            >
              {String(n).padStart(2, '0')}
            </button>
          );
        })}
      </div>
    </ConfirmDialog>
  );
}
