import { useInfiniteQuery } from '@tanstack/react-query';
import { API, type StatementMovement, type Lang } from '@fairdraw/contract';
import { pagedQuery } from '../../../lib/paged.ts';

/** The player's ledger movements of the last three months, newest first (pages of StatementHistory). */
export const accountHistoryQuery = (token: string, lang: Lang) =>
  pagedQuery<StatementMovement>(['account-history', token, lang], API.accountHistory, {});

export const useAccountHistory = (token: string, lang: Lang) =>
  useInfiniteQuery({ ...accountHistoryQuery(token, lang), enabled: !!token });
