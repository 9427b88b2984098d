/**
 * The one rule for `code` 301 targets, used by the server before it sends one and by the client before it follows
 * one (docs/trust.md 22): https only, an exact origin from the allow-list, no credentials in the URL. Anything else —
 * `javascript:`, `data:`, protocol-relative `//evil`, `https://ok@evil`, other hosts or ports — is refused.
 */
export function parseAllowList(value: string | undefined): string[] {
  if (!value) return [];
  const origins: string[] = [];
  for (const part of value.split(',')) {
    const item = part.trim();
    if (!item) continue;
    try {
      const url = new URL(item);
      if (url.protocol === 'https:' && !url.username && !url.password) origins.push(url.origin);
    } catch {
      // An unparsable entry is ignored rather than allowing anything.
    }
  }
  return origins;
}

export function isAllowedRedirect(target: unknown, allowList: readonly string[]): target is string {
  if (typeof target !== 'string' || target.length > 2048) return false;
  // Only absolute https URLs: no relative, protocol-relative or scheme-less forms that a browser may reinterpret.
  if (!/^https:\/\/[^/\\]/i.test(target)) return false;
  if (/[\u0000-\u001f\u007f\\]/.test(target)) return false;
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  return allowList.includes(url.origin);
}
