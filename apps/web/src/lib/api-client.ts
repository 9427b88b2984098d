import i18next from 'i18next';
import { isAllowedRedirect, parseAllowList, type CODE as ContractCode, type Envelope } from '@fairdraw/contract';
import { clearSession, getStoredLang, getToken } from './storage.ts';
import { navigateTo } from './navigation.ts';
import { showToast } from './toast.ts';
import { PATHS } from './paths.ts';

// The envelope's codes (contract CODE). Spelled out here rather than imported as a value: the module that defines
// CODE also builds zod schemas at load time, which would pull all of zod into the first-load bundle.
const CODE = { ok: 200, redirect: 301, unauthorized: 401 } as const satisfies typeof ContractCode;

/** An API answer other than success. `key` is the contract's stable error key; `msg` is already translated. */
export class ApiError extends Error {
  readonly code: number;
  readonly key: string;
  readonly field: string | undefined;
  constructor(code: number, key: string, msg: string, field?: string) {
    super(msg);
    this.name = 'ApiError';
    this.code = code;
    this.key = key;
    this.field = field;
  }
}

const BASE: string = (import.meta.env.VITE_API_BASE as string | undefined) ?? '';

type Options = {
  method?: 'GET' | 'POST';
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  /** Extra request headers (e.g. the idempotency key of a money-moving POST). */
  headers?: Record<string, string>;
  /** Aborts the request (a stream being closed). */
  signal?: AbortSignal;
};

/**
 * The one way the web talks to the API: credentials included, headers `token` (when stored) and
 * `lang` (stored, default th), no timeout, the body used directly.
 */
export async function apiRequest<T>(path: string, opts: Options = {}): Promise<T> {
  return readEnvelope<T>(await apiFetch(path, opts));
}

/** The request itself, for an answer that is not an envelope (a file): `readEnvelope` reads a refusal. */
export function apiFetch(path: string, opts: Options = {}): Promise<Response> {
  const headers: Record<string, string> = { ...opts.headers, lang: getStoredLang() };
  const token = getToken();
  if (token) headers.token = token;
  // A multipart form (an upload) goes as it is: the browser writes its content type with the boundary.
  const form = opts.body instanceof FormData ? opts.body : null;
  if (opts.body !== undefined && !form) headers['content-type'] = 'application/json';
  let url = BASE + path;
  if (opts.query)
    url += `?${new URLSearchParams(
      Object.entries(opts.query).flatMap(([k, v]) => (v === undefined || v === '' ? [] : [[k, String(v)]])),
    ).toString()}`;
  return fetch(url, {
    method: opts.method ?? 'GET',
    credentials: 'include',
    headers,
    body: form ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
    ...(opts.signal ? { signal: opts.signal } : {}),
  });
}

/** An answer's envelope: its data, or the ApiError it stands for. */
export async function readEnvelope<T>(res: Response): Promise<T> {
  let body: Envelope<unknown> | null = null;
  try {
    body = (await res.json()) as Envelope<unknown>;
  } catch {
    // A body that is not JSON (proxy error page, empty 502): reported as unavailable below.
  }
  if (!body || typeof body.code !== 'number') {
    throw new ApiError(res.status || 503, 'UNAVAILABLE', i18next.t('errors:UNAVAILABLE'));
  }
  return handleEnvelope<T>(body);
}

/**
 * The origins a code 301 may go to: those the server wrote into the page (from its REDIRECT_ALLOWLIST) and any
 * fixed at build time. The client checks on its own even though the server only sends allow-listed addresses.
 */
export function redirectAllowList(): string[] {
  const fromPage =
    typeof document === 'undefined'
      ? undefined
      : document.querySelector<HTMLMetaElement>('meta[name="redirect-allowlist"]')?.content;
  const fromBuild = import.meta.env.VITE_REDIRECT_ALLOWLIST as string | undefined;
  return parseAllowList([fromPage, fromBuild].filter(Boolean).join(','));
}

/** Applies the envelope's rules: 200 → data; 401 → log out and go to /login; 301 → allow-listed navigation. */
export function handleEnvelope<T>(body: Envelope<unknown>): T {
  if (body.code === CODE.ok) return body.data as T;

  if (body.code === CODE.unauthorized) {
    clearSession();
    navigateTo(PATHS.login);
    throw new ApiError(401, body.error ?? 'LOGIN_REQUIRED', body.msg);
  }

  if (body.code === CODE.redirect) {
    if (isAllowedRedirect(body.data, redirectAllowList())) {
      window.location.assign(body.data);
    } else {
      showToast(i18next.t('errors:REDIRECT_NOT_ALLOWED'), 'error');
    }
    throw new ApiError(301, 'REDIRECT', body.msg);
  }

  // An operator reset the password: nothing else answers until the player has chosen his own.
  if (body.error === 'PASSWORD_CHANGE_REQUIRED') navigateTo(PATHS.loginPassword);
  throw new ApiError(body.code, body.error ?? 'INTERNAL', body.msg, body.field);
}
