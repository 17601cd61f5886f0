import { ApiError, buildUrl } from './api-client.ts';
import { getAuthToken } from './auth-token.ts';

/** Starts a browser download of `href` (a data: or blob: URL) under `filename`. */
export function saveUrl(href: string, filename: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}

/** Starts a browser download of a blob; its URL is freed once the browser has taken it. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  saveUrl(url, filename);
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Fetches an owner-only file with the bearer token (a plain link could not send it) and saves it
 * under `filename` as the server sent it: exports are files, not data this app reads.
 */
export async function downloadWithAuth(path: string, filename: string, query?: Record<string, string>) {
  saveBlob(await fetchBlobWithAuth(path, query), filename);
}

/** An owner-only file's bytes, fetched with the bearer token. */
export async function fetchBlobWithAuth(path: string, query?: Record<string, string>): Promise<Blob> {
  const token = getAuthToken();
  const response = await fetch(buildUrl(path, query), {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new ApiError(response.status, response.statusText);
  return response.blob();
}
