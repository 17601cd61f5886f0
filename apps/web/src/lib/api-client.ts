import type { ErrorBody } from '@formsmith/core/errors';
import { clearAuthToken, getAuthToken } from './auth-token.ts';
import { readStorage, STORAGE_KEYS } from './storage.ts';

/** An API failure: the HTTP status plus the server's error body when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

type RequestOptions = {
  method?: string;
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  headers?: Record<string, string>;
  /** Send no token and do not redirect on 401 (public form calls, login). */
  skipAuth?: boolean;
  signal?: AbortSignal;
};

const AUTH_PAGES = ['/login', '/register'];

/** Called on a 401 of an authenticated call: forget the token and go to login with returnUrl. */
function handleUnauthorized(): void {
  clearAuthToken();
  const { pathname, search } = window.location;
  if (AUTH_PAGES.includes(pathname)) return;
  window.location.assign(`/login?returnUrl=${encodeURIComponent(pathname + search)}`);
}

export function buildUrl(path: string, query?: RequestOptions['query']): string {
  const url = new URL(`/api${path}`, window.location.origin);
  for (const [k, v] of Object.entries(query ?? {}))
    if (v !== undefined && v !== '') url.searchParams.set(k, String(v));
  return url.pathname + url.search;
}

/** Calls the API under /api; resolves to the parsed JSON body, throws ApiError otherwise. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  const token = options.skipAuth ? null : getAuthToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await fetch(buildUrl(path, options.query), {
    method: options.method ?? (body ? 'POST' : 'GET'),
    headers,
    body,
    signal: options.signal,
  });
  const text = await response.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!response.ok) {
    // A 401 for a token that a refresh has meanwhile replaced is no reason to sign out.
    if (response.status === 401 && token && !options.skipAuth && readStorage(STORAGE_KEYS.token) === token)
      handleUnauthorized();
    const err = (data ?? {}) as Partial<ErrorBody>;
    throw new ApiError(response.status, err.error ?? response.statusText, err.code, err.fields);
  }
  return data as T;
}
