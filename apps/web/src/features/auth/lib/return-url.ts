import { readStorage, STORAGE_KEYS, writeStorage } from '../../../lib/storage.ts';

const DEFAULT_RETURN_URL = '/dashboard';

/**
 * The `?returnUrl=` to carry on to another sign-in page ('' without one), so that switching
 * between signing in and creating an account still comes back to the page that sent the person.
 */
export function returnUrlQuery(value: string | null): string {
  return value ? `?returnUrl=${encodeURIComponent(value)}` : '';
}

/**
 * A new account comes back from its mailed verification link (in any tab of this browser): the
 * page that sent it to sign up is kept until then.
 */
export function rememberReturnAfterSignUp(value: string | null): void {
  writeStorage(STORAGE_KEYS.returnAfterSignUp, value ? safeReturnUrl(value) : null);
}

/** Where a just-verified account goes: the remembered page (once), else the dashboard. */
export function takeReturnAfterSignUp(): string {
  const remembered = readStorage(STORAGE_KEYS.returnAfterSignUp);
  writeStorage(STORAGE_KEYS.returnAfterSignUp, null);
  return safeReturnUrl(remembered);
}

/**
 * The returnUrl query value when it is a path of this site, else /dashboard. The value is
 * normalised first (dot segments, percent-escapes) and the result checked: '/.//evil.com'
 * normalises to '//evil.com', a protocol-relative URL, and is refused like it. Absolute URLs,
 * '/\host' forms and control characters are refused too.
 */
export function safeReturnUrl(value: string | null | undefined): string {
  if (!value?.startsWith('/')) return DEFAULT_RETURN_URL;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return DEFAULT_RETURN_URL;
  let url: URL;
  try {
    url = new URL(value, window.location.origin);
  } catch {
    return DEFAULT_RETURN_URL;
  }
  if (url.origin !== window.location.origin) return DEFAULT_RETURN_URL;
  const path = url.pathname + url.search + url.hash;
  // Only a single leading slash is a path of this site; '%2e'/'%2f' tricks that still decode to
  // '//' or '/\' are refused as well.
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.pathname);
  } catch {
    return DEFAULT_RETURN_URL;
  }
  if (/^\/[/\\]/.test(path) || /^\/[/\\]/.test(decoded) || decoded.includes('\\')) return DEFAULT_RETURN_URL;
  return path;
}
