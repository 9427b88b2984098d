import i18next from 'i18next';
import type { Envelope } from '@fairdraw/contract';
import { ApiError, handleEnvelope } from './api-client.ts';
import { getStoredLang, getToken } from './storage.ts';

// Multipart uploads and private images: the same headers and envelope rules as apiRequest. The browser sets the
// multipart content type (with its boundary) itself.

const BASE: string = (import.meta.env.VITE_API_BASE as string | undefined) ?? '';

function headers(): Record<string, string> {
  const h: Record<string, string> = { lang: getStoredLang() };
  const token = getToken();
  if (token) h.token = token;
  return h;
}

/** POSTs a multipart form (text fields and files) and applies the envelope's rules like apiRequest. */
export async function apiUpload<T>(path: string, form: FormData): Promise<T> {
  const res = await fetch(BASE + path, { method: 'POST', credentials: 'include', headers: headers(), body: form });
  let body: Envelope<unknown> | null = null;
  try {
    body = (await res.json()) as Envelope<unknown>;
  } catch {
    // not JSON: unavailable below
  }
  if (!body || typeof body.code !== 'number') {
    throw new ApiError(res.status || 503, 'UNAVAILABLE', i18next.t('errors:UNAVAILABLE'));
  }
  return handleEnvelope<T>(body);
}

/**
 * Reads an image only its owner or an operator may see (the session token goes in a header, which an <img> cannot
 * send) and returns an object URL for it; the caller revokes it.
 */
export async function privateImageUrl(path: string, query: Record<string, string | number>): Promise<string> {
  const q = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  const res = await fetch(`${BASE}${path}?${q}`, { credentials: 'include', headers: headers(), cache: 'no-store' });
  if (!res.ok) throw new ApiError(res.status, res.status === 404 ? 'NOT_FOUND' : 'UNAVAILABLE', res.statusText);
  return URL.createObjectURL(await res.blob());
}
