/** Error codes the API answers with; the web app reads them to pick a message. */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'VERSION_CONFLICT',
  'FORM_EXPIRED',
  'FORM_CLOSED',
  'ALREADY_RESPONDED',
  'INSUFFICIENT_SCOPE',
  'API_KEY_NOT_ALLOWED',
  'ACCESS_CODE_REQUIRED',
  'ACCESS_CODE_INVALID',
  'PAYLOAD_TOO_LARGE',
  'SUBMISSION_INVALID',
  'RATE_LIMITED',
  'EMAIL_NOT_VERIFIED',
  'UNAVAILABLE',
  'INTERNAL',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** The body of every error response. */
export type ErrorBody = {
  error: string;
  code: ErrorCode;
  fields?: Record<string, string>;
};
