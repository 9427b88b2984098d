import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API, type Dashboard, type Lang } from '@fairdraw/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { downloadCsv } from '../../../lib/download-csv.ts';

export type DashboardRange = { from?: string; to?: string };

const query = (r: DashboardRange): Record<string, string> => ({
  ...(r.from ? { from: r.from } : {}),
  ...(r.to ? { to: r.to } : {}),
});

export const dashboardQueryOptions = (range: DashboardRange, lang: Lang) =>
  queryOptions({
    queryKey: ['admin', 'dashboard', range.from ?? '', range.to ?? '', lang],
    queryFn: () => apiRequest<Dashboard>(API.adminDashboard, { query: query(range) }),
    // A refused range keeps the last answer on screen (with the error) rather than emptying the dashboard.
    placeholderData: keepPreviousData,
  });

export const useDashboard = (range: DashboardRange, lang: Lang) => useQuery(dashboardQueryOptions(range, lang));

/** The dashboard's CSV (a file, not an envelope): fetched with the session's headers and handed over as a download. */
export function downloadDashboard(range: DashboardRange): Promise<void> {
  return downloadCsv(API.adminDashboardExport, { query: query(range) }, 'dashboard.csv');
}
