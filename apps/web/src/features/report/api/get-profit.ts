import { useQuery } from '@tanstack/react-query';
import { API, type Lang, type ProfitReport, type RechargeRange } from '@fairdraw/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** The player's own profit report: a range of the records screens, or one business day. */
export const useProfitReport = (token: string | undefined, lang: Lang, range: RechargeRange, day: string | null) =>
  useQuery({
    queryKey: ['profit-report', token, lang, range, day],
    queryFn: () => apiRequest<ProfitReport>(API.reportProfit, { query: day ? { day } : { range } }),
    enabled: !!token,
  });
