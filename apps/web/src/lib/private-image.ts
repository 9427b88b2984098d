import { useEffect, useState } from 'react';
import i18next from 'i18next';
import type { Envelope } from '@fairdraw/contract';
import { ApiError, handleEnvelope } from './api-client.ts';
import { getStoredLang, getToken } from './storage.ts';

// Multipart uploads and private images. The session token travels in a header, which an <img src> cannot send:
// a private image is fetched with it and shown from an object URL (nothing is kept by a cache: the API answers
// `Cache-Control: private, no-store`).

const BASE: string = (import.meta.env.VITE_API_BASE as string | undefined) ?? '';

function headers(): Record<string, string> {
  const h: Record<string, string> = { lang: getStoredLang() };
  const token = getToken();
  if (token) h.token = token;
  return h;
}

/** POSTs a multipart form (the browser sets its content type and boundary); the answer is the usual envelope. */
export async function apiUpload<T>(path: string, form: FormData): Promise<T> {
  const res = await fetch(BASE + path, { method: 'POST', credentials: 'include', headers: headers(), body: form });
  let body: Envelope<unknown> | null = null;
  try {
    body = (await res.json()) as Envelope<unknown>;
  } catch {
    // not JSON: reported as unavailable below
  }
  if (!body || typeof body.code !== 'number') {
    throw new ApiError(res.status || 503, 'UNAVAILABLE', i18next.t('errors:UNAVAILABLE'));
  }
  return handleEnvelope<T>(body);
}

/** An object URL for a private image at `path?query`, or null while loading or when it cannot be read. */
export function usePrivateImage(path: string, query: Record<string, string>): string | null {
  const [url, setUrl] = useState<string | null>(null);
  const search = new URLSearchParams(query).toString();
  useEffect(() => {
    let made: string | null = null;
    let live = true;
    void fetch(`${BASE}${path}?${search}`, { credentials: 'include', headers: headers() })
      .then((res) => (res.ok ? res.blob() : null))
      .then((blob) => {
        if (!blob || !live) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [path, search]);
  return url;
}
