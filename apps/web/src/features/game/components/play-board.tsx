import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import type { PlayGroup, PlayItem } from '@fairdraw/contract';
import { ErrorState } from '../../../components/states.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { Tabs } from '../../../components/tabs.tsx';
import { useLang } from '../../../lib/use-lang.ts';
import { capitalise } from '../lib/capitalise.ts';
import { MiniBall, markSixNumberOf } from './mark-six-ball.tsx';

/** The plays of a game: a tab per group and a grid of the open group's items (odds on each), or its loading state. */
export function PlayBoard({
  plays,
  group,
  onGroup,
  selected,
  numbers,
  bettable,
  onTap,
}: {
  plays: UseQueryResult<PlayGroup[]>;
  group: PlayGroup | undefined;
  onGroup: (code: string) => void;
  selected: readonly number[];
  numbers: Readonly<Record<number, number[]>>;
  bettable: boolean;
  onTap: (item: PlayItem) => void;
}) {
  const { t } = useTranslation();
  if (plays.isPending) {
    return (
      <>
        <Skeleton className="tabs tabs--skeleton" />
        <div className="play-grid" aria-busy="true">
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} className="play-cell play-cell--skeleton" />
          ))}
        </div>
      </>
    );
  }
  if (plays.isError) return <ErrorState error={plays.error} onRetry={() => void plays.refetch()} />;
  if (!group) return <p className="empty">{t('draw.noPlays')}</p>;
  return (
    <>
      <Tabs
        label={t('draw.groups')}
        items={(plays.data ?? []).map((g) => ({
          key: g.group.code,
          label: g.group.name,
          testId: `group-${g.group.code}`,
        }))}
        value={group.group.code}
        onChange={onGroup}
      />
      <div className="play-grid" role="group" aria-label={group.group.name}>
        {group.items.map((item) => (
          <PlayCell
            key={item.id}
            item={item}
            groupName={group.group.name}
            on={selected.includes(item.id)}
            numbers={numbers[item.id]}
            disabled={!bettable}
            onTap={onTap}
          />
        ))}
      </div>
    </>
  );
}

/**
 * One play: its short name (capitalised; a Mark Six number as its coloured ball), its odds, a check on the corner when
 * selected and, for all-in items, the numbers picked as balls.
 */
function PlayCell({
  item,
  groupName,
  on,
  numbers,
  disabled,
  onTap,
}: {
  item: PlayItem;
  groupName: string;
  on: boolean;
  numbers: number[] | undefined;
  disabled: boolean;
  onTap: (item: PlayItem) => void;
}) {
  const lang = useLang();
  // A Mark Six number play is its number, in its ball's colour.
  const ball = markSixNumberOf(item.code);
  return (
    <button
      type="button"
      className="play-cell"
      aria-pressed={on}
      disabled={disabled}
      data-testid={`play-${item.code}`}
      onClick={() => onTap(item)}
    >
      {on && (
        <span className="play-cell__check" aria-hidden="true">
          ✓
        </span>
      )}
      {ball !== null ? (
        <span className="play-cell__name" aria-label={item.name}>
          <MiniBall n={ball} />
        </span>
      ) : (
        <span className="play-cell__name">{capitalise(shortName(item.name, groupName), lang)}</span>
      )}
      {on && numbers && (
        <span className="play-cell__numbers mini-balls" data-testid="play-numbers">
          {numbers.map((n) => (
            <MiniBall key={n} n={n} />
          ))}
        </span>
      )}
      <span className="play-cell__odds num">{item.odds}</span>
    </button>
  );
}

/** A cell inside its group's tab needs no repeat of the group's name ("Position 1: car 3" → "car 3"). */
function shortName(name: string, group: string): string {
  for (const sep of [': ', ':', ' - ', ' ']) {
    if (name.startsWith(group + sep) && name.length > group.length + sep.length)
      return name.slice(group.length + sep.length);
  }
  return name;
}
