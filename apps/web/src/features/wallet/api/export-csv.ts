import { API } from '@fairdraw/contract';
import { downloadCsv } from '../../../lib/download-csv.ts';

/**
 * Downloads the CSV export of [from, to] (business days): the answer is a file, not an envelope, so it is fetched
 * with the session's headers and handed to the browser as a download. A refusal is the usual envelope → ApiError.
 */
export function downloadExport(from: string, to: string): Promise<void> {
  return downloadCsv(API.accountExport, { query: { from, to } }, `account-history-${from}-to-${to}.csv`);
}
