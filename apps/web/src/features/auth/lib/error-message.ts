import { ApiError } from '../../../lib/api-client.ts';

/** The text for a failed auth call: the server's own words when it rate-limits, else a fixed fallback. */
export function authErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status === 429 && error.message) return error.message;
  return fallback;
}

/** The server's per-field messages of a 400, when it sent some. */
export function serverFieldErrors(error: unknown): Record<string, string> | null {
  if (error instanceof ApiError && error.status === 400 && error.fields) return error.fields;
  return null;
}
