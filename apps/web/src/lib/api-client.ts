import type { ErrorBody } from '@formsmith/core/errors';
import { clearAuthToken, getAuthToken, setAuthToken } from './auth-token.ts';
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
  /** Set on the refresh call itself, which must not wait for its own outcome. */
  isRefresh?: boolean;
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

let refreshing: Promise<boolean> | null = null;

/**
 * Swaps the stored token for a fresh one (POST /api/auth/refresh); resolves to whether it worked.
 * Concurrent calls share one request, and a call that meets a 401 meanwhile waits for it.
 */
export function refreshToken(): Promise<boolean> {
  refreshing ??= apiRequest<{ token: string; expires_in: number }>('/auth/refresh', {
    method: 'POST',
    isRefresh: true,
  })
    .then((res) => {
      setAuthToken(res.token, res.expires_in);
      return true;
    })
    .catch(() => false)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/** Calls the API under /api; resolves to the parsed JSON body, throws ApiError otherwise. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}, retried = false): Promise<T> {
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
    if (response.status === 401 && token && !options.skipAuth) {
      // The server refuses a token as soon as a refresh has replaced it; a call that was under way
      // meanwhile (this tab or another) is sent again with the new token instead of signing out.
      if (refreshing && !options.isRefresh) await refreshing;
      const current = readStorage(STORAGE_KEYS.token);
      if (current === token) handleUnauthorized();
      else if (current && !retried) return apiRequest<T>(path, options, true);
    }
    const err = (data ?? {}) as Partial<ErrorBody>;
    throw new ApiError(response.status, err.error ?? response.statusText, err.code, err.fields);
  }
  return data as T;
}
