import { tooManyAttemptsMessage } from '@formsmith/core/auth/messages';
import type { ErrorCode } from '@formsmith/core/errors';

/** The one error type of the server: a status, a code the web reads, and a message users can see. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly statusCode: number,
    message: string,
    readonly fields?: Record<string, string>,
    /** More keys for the error body, beside error, code and fields (e.g. a conflict's current state). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }

  /** A 429's wait in seconds: sent as `Retry-After` (the message says the same figure). */
  retryAfterSeconds?: number;
}

/** A 429 that says how long to wait, in its message and its `Retry-After` header alike. */
export function tooManyAttempts(retryAfterMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  const error = new AppError('RATE_LIMITED', 429, tooManyAttemptsMessage(seconds));
  error.retryAfterSeconds = seconds;
  return error;
}

export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', 404, message);
export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(fields ? 'VALIDATION_FAILED' : 'BAD_REQUEST', 400, message, fields);
export const unauthorized = (message = 'Authentication required') =>
  new AppError('UNAUTHORIZED', 401, message);
export const conflict = (message: string, fields?: Record<string, string>) =>
  new AppError('CONFLICT', 409, message, fields);
