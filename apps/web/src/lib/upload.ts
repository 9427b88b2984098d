import { useEffect, useState } from 'react';
import { ApiError, apiFetch, apiRequest } from './api-client.ts';

// Multipart uploads and private images, on the API client's own request (headers, envelope rules). The session token
// travels in a header, which an <img src> cannot send: a private image is fetched with it and shown from an object
// URL (nothing is kept by a cache: the API answers `Cache-Control: private, no-store`).

/** POSTs a multipart form (text fields and files); the answer is the usual envelope. */
export const apiUpload = <T>(path: string, form: FormData): Promise<T> =>
  apiRequest<T>(path, { method: 'POST', body: form });

/** An object URL for an image only its owner or an operator may see; the caller revokes it. */
export async function privateImageUrl(path: string, query: Record<string, string | number>): Promise<string> {
  const res = await apiFetch(path, { query });
  if (!res.ok) throw new ApiError(res.status, res.status === 404 ? 'NOT_FOUND' : 'UNAVAILABLE', res.statusText);
  return URL.createObjectURL(await res.blob());
}

/** The object URL of a private image at `path?query`, or null while loading or when it cannot be read. */
export function usePrivateImage(path: string, query: Record<string, string>): string | null {
  const [url, setUrl] = useState<string | null>(null);
  const search = new URLSearchParams(query).toString();
  useEffect(() => {
    let made: string | null = null;
    let live = true;
    privateImageUrl(path, Object.fromEntries(new URLSearchParams(search)))
      .then((u) => {
        if (live) setUrl((made = u));
        else URL.revokeObjectURL(u);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [path, search]);
  return url;
}
