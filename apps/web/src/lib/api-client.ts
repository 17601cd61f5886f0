import { refreshResponseSchema } from '@formsmith/core/auth/api';
import { type ErrorCode, errorBodySchema } from '@formsmith/core/errors';
import { z } from 'zod';
import { clearAuthToken, getAuthToken, setAuthToken } from './auth-token.ts';
import { readStorage, STORAGE_KEYS } from './storage.ts';

/** An API failure: the HTTP status plus the server's error body when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: ErrorCode,
    readonly fields?: Record<string, string>,
    /** The whole error body, for the few answers that carry more (e.g. the question Ask AI asks). */
    readonly body?: unknown,
  ) {
    super(message);
  }
}

export const INVALID_RESPONSE_MESSAGE =
  'The server sent an answer this page cannot read. Please reload the page; if it happens again, the app and the server may be out of step.';

/**
 * A successful answer whose body does not have the shape core's schema promises (a server of
 * another version, a proxy's page): the call fails with a message a person can act on, instead
 * of the page breaking later on a missing field.
 */
export class InvalidResponseError extends Error {
  constructor(
    readonly path: string,
    readonly issues: z.core.$ZodIssue[],
  ) {
    super(INVALID_RESPONSE_MESSAGE);
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
  refreshing ??= apiRequest('/auth/refresh', refreshResponseSchema, { method: 'POST', isRefresh: true })
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

/**
 * Calls the API under /api and parses the JSON answer with `schema` (from core, the one the server
 * answers with). Throws ApiError for an error status and InvalidResponseError for a body of the
 * wrong shape; a 204 has the body null.
 */
export async function apiRequest<S extends z.core.$ZodType>(
  path: string,
  schema: S,
  options: RequestOptions = {},
): Promise<z.output<S>> {
  const data = await send(path, options);
  // Works for core's zod/mini schemas (forms) and full zod ones alike.
  const parsed = z.safeParse(schema, data);
  if (parsed.success) return parsed.data;
  console.error(`Unexpected response of ${path}`, parsed.error.issues);
  throw new InvalidResponseError(path, parsed.error.issues);
}

/**
 * Sends a request that must outlive the page (a tab closing, a full navigation): fetch's keepalive
 * lets it finish after the page is gone. Nothing waits for the answer.
 */
export function sendOnUnload(path: string, method: 'POST' | 'DELETE', body?: unknown): void {
  const token = getAuthToken();
  if (!token) return;
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  void fetch(buildUrl(path), {
    method,
    keepalive: true,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  }).catch(() => {});
}

/** Sends one request; resolves to the parsed JSON body (null when empty), throws ApiError otherwise. */
async function send(path: string, options: RequestOptions, retried = false): Promise<unknown> {
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
      else if (current && !retried) return send(path, options, true);
    }
    const err = errorBodySchema.safeParse(data);
    if (!err.success) throw new ApiError(response.status, response.statusText);
    throw new ApiError(response.status, err.data.error, err.data.code, err.data.fields, data);
  }
  return data;
}
