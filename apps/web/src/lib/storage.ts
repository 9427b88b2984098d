import { resolveLang, STORAGE_KEYS, type Lang, type UserInfo } from '@fairdraw/contract';

// Spec §3: userInfo (token, avatar, nickname, …) and lang live in local storage under these exact keys.
// Storage may be unavailable (private mode, tests): every access is guarded.

function store(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

const listeners = new Set<() => void>();
function emit() {
  for (const l of listeners) l();
}

/** Subscribe to login-state changes (this tab and, through the storage event, other tabs). */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === STORAGE_KEYS.userInfo) listener();
  };
  if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
  };
}

let cachedRaw: string | null = null;
let cachedInfo: UserInfo | null = null;

/** The stored user, or null. Returns the same object while the stored text is unchanged (for useSyncExternalStore). */
export function getUserInfo(): UserInfo | null {
  const raw = store()?.getItem(STORAGE_KEYS.userInfo) ?? null;
  if (raw === cachedRaw) return cachedInfo;
  cachedRaw = raw;
  cachedInfo = null;
  if (raw) {
    try {
      const parsed = JSON.parse(raw) as Partial<UserInfo> | null;
      if (parsed && typeof parsed.token === 'string' && parsed.token) cachedInfo = parsed as UserInfo;
    } catch {
      // A corrupt entry means "not logged in".
    }
  }
  return cachedInfo;
}

export function getToken(): string | null {
  return getUserInfo()?.token ?? null;
}

export function setUserInfo(info: UserInfo): void {
  store()?.setItem(STORAGE_KEYS.userInfo, JSON.stringify(info));
  emit();
}

/** Log out locally: clear local and session storage but keep the language choice. */
export function clearSession(): void {
  const s = store();
  const lang = s?.getItem(STORAGE_KEYS.lang) ?? null;
  s?.clear();
  try {
    if (typeof sessionStorage !== 'undefined') sessionStorage.clear();
  } catch {
    // ignore
  }
  if (lang !== null) s?.setItem(STORAGE_KEYS.lang, lang);
  emit();
}

export function getStoredLang(): Lang {
  return resolveLang(store()?.getItem(STORAGE_KEYS.lang));
}

export function setStoredLang(lang: Lang): void {
  store()?.setItem(STORAGE_KEYS.lang, lang);
}
