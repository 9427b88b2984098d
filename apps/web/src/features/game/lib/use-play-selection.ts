import { useCallback, useMemo, useState } from 'react';
import type { PlayGroup, PlayItem } from '@fairdraw/contract';
import { allInCount } from '../components/number-picker.tsx';
import { randomIndex, randomNumbers } from './machine-pick.ts';

/**
 * What the player has picked on a game screen: the open play group, the selected items and, for Mark Six all-in
 * items, their numbers. A new period starts with an empty selection only after a bet; a selection made late
 * carries over.
 */
export function usePlaySelection(groups: readonly PlayGroup[]) {
  const [groupCode, setGroupCode] = useState<string | null>(null);
  const group = groups.find((g) => g.group.code === groupCode) ?? groups[0];
  const [selected, setSelected] = useState<number[]>([]);
  const byId = useMemo(() => new Map(groups.flatMap((g) => g.items.map((i) => [i.id, i] as const))), [groups]);
  const selectedItems = selected.map((id) => byId.get(id)).filter((i): i is PlayItem => !!i);

  const toggle = useCallback(
    (id: number) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id])),
    [],
  );
  const clear = useCallback(() => setSelected([]), []);

  // Mark Six all-in: tapping the play first asks for its 2 or 3 numbers; they travel with the item.
  const [numbers, setNumbers] = useState<Record<number, number[]>>({});
  const [picking, setPicking] = useState<PlayItem | null>(null);
  const tap = (item: PlayItem) => {
    if (allInCount(item.code) && !selected.includes(item.id)) setPicking(item);
    else toggle(item.id);
  };
  const cancelPick = () => setPicking(null);
  const finishPick = (n: number[]) => {
    if (!picking) return;
    setNumbers((m) => ({ ...m, [picking.id]: n }));
    setSelected((s) => (s.includes(picking.id) ? s : [...s, picking.id]));
    setPicking(null);
  };

  // Machine pick: one play of the open group not yet on the slip (an all-in with its numbers), chosen at random.
  const machinePick = (): PlayItem | null => {
    const pool = (group?.items ?? []).filter((i) => !selected.includes(i.id));
    if (pool.length === 0) return null;
    const item = pool[randomIndex(pool.length)]!;
    const count = allInCount(item.code);
    if (count) setNumbers((m) => ({ ...m, [item.id]: randomNumbers(count, 49) }));
    setSelected((s) => (s.includes(item.id) ? s : [...s, item.id]));
    return item;
  };
  // Repeat last slip: exactly these plays (and all-in numbers) on the slip.
  const choose = useCallback((ids: number[], chosen: Record<number, number[]>) => {
    setSelected(ids);
    setNumbers(chosen);
  }, []);

  return {
    group,
    machinePick,
    choose,
    byId,
    setGroupCode,
    selected,
    selectedItems,
    numbers,
    picking,
    tap,
    toggle,
    clear,
    cancelPick,
    finishPick,
  };
}
