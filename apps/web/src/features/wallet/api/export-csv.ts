import i18next from 'i18next';
import { API, type Envelope } from '@fairdraw/contract';
import { ApiError, handleEnvelope } from '../../../lib/api-client.ts';
import { getStoredLang, getToken } from '../../../lib/storage.ts';

const BASE: string = (import.meta.env.VITE_API_BASE as string | undefined) ?? '';

/**
 * Downloads the CSV export of [from, to] (business days): the answer is a file, not an envelope, so it is fetched
 * with the session's headers and handed to the browser as a download. A refusal is the usual envelope → ApiError.
 */
export async function downloadExport(from: string, to: string): Promise<void> {
  const headers: Record<string, string> = { lang: getStoredLang() };
  const token = getToken();
  if (token) headers.token = token;
  const query = new URLSearchParams({ from, to }).toString();
  const res = await fetch(`${BASE}${API.accountExport}?${query}`, { credentials: 'include', headers });
  if (!res.ok || !(res.headers.get('content-type') ?? '').startsWith('text/csv')) {
    let body: Envelope<unknown> | null = null;
    try {
      body = (await res.json()) as Envelope<unknown>;
    } catch {
      // not an envelope
    }
    if (!body || typeof body.code !== 'number') {
      throw new ApiError(res.status || 503, 'UNAVAILABLE', i18next.t('errors:UNAVAILABLE'));
    }
    handleEnvelope(body);
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
