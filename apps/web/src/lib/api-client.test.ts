import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest } from './api-client.ts';
import { setNavigator } from './navigation.ts';
import { getToast } from './toast.ts';

class MemoryStorage {
  private m = new Map<string, string>();
  getItem(k: string) {
    return this.m.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.m.set(k, String(v));
  }
  removeItem(k: string) {
    this.m.delete(k);
  }
  clear() {
    this.m.clear();
  }
}

let assign: ReturnType<typeof vi.fn<(url: string) => void>>;
let navigate: ReturnType<typeof vi.fn<(path: string) => void>>;
let local: MemoryStorage;
let session: MemoryStorage;

function answer(body: unknown, status = 200) {
  const fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status })));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => {
  assign = vi.fn<(url: string) => void>();
  navigate = vi.fn<(path: string) => void>();
  local = new MemoryStorage();
  session = new MemoryStorage();
  vi.stubGlobal('window', { location: { assign }, addEventListener: vi.fn(), removeEventListener: vi.fn() });
  vi.stubGlobal('localStorage', local);
  vi.stubGlobal('sessionStorage', session);
  vi.stubEnv('VITE_REDIRECT_ALLOWLIST', 'https://pay.example.com, https://cashier.example.org');
  setNavigator(navigate);
  local.setItem('userInfo', JSON.stringify({ token: 'tok-1', nickname: 'n', avatar: '' }));
  local.setItem('lang', 'en');
  session.setItem('draft', 'x');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

describe('api client', () => {
  it('sends token and lang headers with credentials and returns data on code 200', async () => {
    const fetchMock = answer({ code: 200, msg: 'ok', data: { a: 1 } });
    await expect(apiRequest('/api/index/index')).resolves.toEqual({ a: 1 });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/index/index');
    expect(init.credentials).toBe('include');
    expect(init.headers).toMatchObject({ token: 'tok-1', lang: 'en' });
  });

  it('defaults lang to th and omits token when logged out', async () => {
    local.clear();
    const fetchMock = answer({ code: 200, msg: 'ok', data: null });
    await apiRequest('/api/game/games');
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(init.headers).toEqual({ lang: 'th' });
  });

  it('code 401 clears the login state (keeping lang) and goes to /login', async () => {
    answer({ code: 401, msg: 'Please log in first', data: null, error: 'LOGIN_REQUIRED' }, 401);
    await expect(apiRequest('/api/user/index')).rejects.toMatchObject({ code: 401 });
    expect(local.getItem('userInfo')).toBeNull();
    expect(local.getItem('lang')).toBe('en');
    expect(session.getItem('draft')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('code 301 to an allow-listed https origin navigates the same window', async () => {
    answer({ code: 301, msg: '', data: 'https://pay.example.com/checkout?id=1' });
    await expect(apiRequest('/api/recharge/submit', { method: 'POST', body: {} })).rejects.toBeInstanceOf(ApiError);
    expect(assign).toHaveBeenCalledWith('https://pay.example.com/checkout?id=1');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('code 301 also follows the origins the server wrote into the page', async () => {
    vi.unstubAllEnvs();
    vi.stubGlobal('document', {
      querySelector: (sel: string) =>
        sel === 'meta[name="redirect-allowlist"]' ? { content: 'https://psp.example.net' } : null,
    });
    answer({ code: 301, msg: '', data: 'https://psp.example.net/pay' });
    await expect(apiRequest('/api/x')).rejects.toBeInstanceOf(ApiError);
    expect(assign).toHaveBeenCalledWith('https://psp.example.net/pay');
    answer({ code: 301, msg: '', data: 'https://pay.example.com/checkout' });
    await expect(apiRequest('/api/x')).rejects.toBeInstanceOf(ApiError);
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it.each([
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'http://pay.example.com/',
    'https://evil.example.com/',
    '//pay.example.com/',
    'https://pay.example.com@evil.example.com/',
    'https://user:pw@pay.example.com/',
    'https://pay.example.com:8443/',
  ])('code 301 to %s is refused with an error toast', async (target) => {
    answer({ code: 301, msg: '', data: target });
    await expect(apiRequest('/api/x')).rejects.toBeInstanceOf(ApiError);
    expect(assign).not.toHaveBeenCalled();
    expect(getToast()?.kind).toBe('error');
  });

  it('other codes throw an ApiError with key, field and the translated msg', async () => {
    answer(
      {
        code: 400,
        msg: 'Passwords do not match',
        data: null,
        error: 'PASSWORDS_DO_NOT_MATCH',
        field: 'confirm_password',
      },
      400,
    );
    const err = (await apiRequest('/api/user/register', { method: 'POST', body: {} }).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      code: 400,
      key: 'PASSWORDS_DO_NOT_MATCH',
      field: 'confirm_password',
      message: 'Passwords do not match',
    });
    expect(navigate).not.toHaveBeenCalled();
    expect(local.getItem('userInfo')).not.toBeNull();
  });

  it('a body that is not JSON becomes UNAVAILABLE instead of a crash', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('<html>bad gateway</html>', { status: 502 }))),
    );
    await expect(apiRequest('/api/x')).rejects.toMatchObject({ code: 502, key: 'UNAVAILABLE' });
  });
});
