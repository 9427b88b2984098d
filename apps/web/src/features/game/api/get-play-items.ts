import { useState } from 'react';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API, type Lang, type PlayGroup } from '@fairdraw/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * The plays of a game by group, names in the current language, with the odds and stakes of the period being bet on
 * (an operator's change applies from a later period): read again when the period changes (`issue`), the previous
 * list shown meanwhile.
 */
export const getPlayItems = (gameId: number) => apiRequest<PlayGroup[]>(API.playItems, { query: { group_id: gameId } });

export const playItemsQuery = (gameId: number, lang: Lang, issue: string | null = null) =>
  queryOptions({
    queryKey: ['play-items', gameId, lang, issue],
    queryFn: () => getPlayItems(gameId),
    staleTime: 60_000,
    enabled: gameId > 0,
    placeholderData: keepPreviousData,
  });

/** `undefined`: not known yet; `null`: the page opened with its period known. */
type FirstPeriod = { gameId: number; issue: string | null | undefined };

/**
 * The plays of the period on show. A page opened before its period is known reads them at once, alongside the
 * period (not after it): that answer is the open period's, so the period's arrival does not read them again; the
 * next period does.
 */
export function usePlayItems(gameId: number, lang: Lang, issue: string | null = null) {
  // The period the issue-less read stands for: the first one this page learns, when it opened without one.
  const [seen, setSeen] = useState<FirstPeriod>(() => ({ gameId, issue: issue === null ? undefined : null }));
  let first = seen.gameId === gameId ? seen : { gameId, issue: issue === null ? undefined : null };
  if (first.issue === undefined && issue !== null) first = { gameId, issue };
  if (first !== seen) setSeen(first);
  return useQuery(playItemsQuery(gameId, lang, issue === first.issue ? null : issue));
}
