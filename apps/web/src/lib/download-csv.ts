import { apiFetch, readEnvelope } from './api-client.ts';

type FetchOptions = Parameters<typeof apiFetch>[1];

/**
 * Fetches a CSV (a file, not an envelope) with the session's headers and hands it to the browser as a download,
 * named as the server's content-disposition says (else `fallbackName`). A refusal is the usual envelope → ApiError.
 */
export async function downloadCsv(path: string, opts: FetchOptions, fallbackName: string): Promise<void> {
  const res = await apiFetch(path, opts);
  if (!res.ok || !(res.headers.get('content-type') ?? '').startsWith('text/csv')) {
    await readEnvelope(res);
    return;
  }
  const blob = await res.blob();
  const filename = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
