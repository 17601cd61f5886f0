import { z } from 'zod';

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
  'SENT_TOO_SOON',
  'INSUFFICIENT_SCOPE',
  'API_KEY_NOT_ALLOWED',
  'REAUTH_REQUIRED',
  'FORBIDDEN_ROLE',
  'ANSWERS_HIDDEN',
  'LAST_OWNER',
  'PERSONAL_WORKSPACE',
  'WORKSPACE_NOT_EMPTY',
  'INVITATION_INVALID',
  'INVITATION_OTHER_EMAIL',
  'ACCESS_CODE_REQUIRED',
  'ACCESS_CODE_INVALID',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'SUBMISSION_INVALID',
  'RATE_LIMITED',
  'IDEMPOTENCY_KEY_REUSED',
  'PARTIALS_OFF',
  'ENCRYPTION_REQUIRED',
  'KEY_FIXED',
  'ATTACH_PDF_ON',
  'ALREADY_COMPLETED',
  'RESUME_LINK_GONE',
  'LIMIT_REACHED',
  'EMAIL_NOT_VERIFIED',
  'UNAVAILABLE',
  'ENCRYPTION_KEY_MISSING',
  'FILE_UNREADABLE',
  'INTERNAL',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** The body of every error response. */
export const errorBodySchema = z.object({
  error: z.string().describe('A message that can be shown to people'),
  code: z.enum(ERROR_CODES).describe('A stable code a client can act on'),
  fields: z
    .record(z.string(), z.string())
    .optional()
    .describe('Per-field messages when the input was refused'),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** The first message per field of a failed parse: what a form shows under each control. */
export function firstFieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || 'form';
    fields[key] ??= issue.message;
  }
  return fields;
}
