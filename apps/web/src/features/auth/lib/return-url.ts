const DEFAULT_RETURN_URL = '/dashboard';

/**
 * The returnUrl query value when it is a path of this site, else /dashboard. Refuses absolute URLs,
 * protocol-relative '//host' and '/\host' forms, and anything with control characters.
 */
export function safeReturnUrl(value: string | null | undefined): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return DEFAULT_RETURN_URL;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(value)) return DEFAULT_RETURN_URL;
  try {
    const url = new URL(value, window.location.origin);
    if (url.origin !== window.location.origin) return DEFAULT_RETURN_URL;
    return url.pathname + url.search + url.hash;
  } catch {
    return DEFAULT_RETURN_URL;
  }
}
