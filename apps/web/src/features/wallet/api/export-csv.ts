import { API } from '@fairdraw/contract';
import { apiFetch, readEnvelope } from '../../../lib/api-client.ts';

/**
 * Downloads the CSV export of [from, to] (business days): the answer is a file, not an envelope, so it is fetched
 * with the session's headers and handed to the browser as a download. A refusal is the usual envelope → ApiError.
 */
export async function downloadExport(from: string, to: string): Promise<void> {
  const res = await apiFetch(API.accountExport, { query: { from, to } });
  if (!res.ok || !(res.headers.get('content-type') ?? '').startsWith('text/csv')) {
    await readEnvelope(res);
    return;
  }
  const blob = await res.blob();
  const disposition = res.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `account-history-${from}-to-${to}.csv`;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
