import { z } from 'zod';
import { LIMITS } from '../limits.ts';

/** SPEC §5 and §8 texts of sign-up and sign-in, shared by the web forms and the API. */
export const AUTH_MESSAGES = {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Email is invalid',
  passwordRequired: 'Password is required',
  passwordTooShort: `Password must be at least ${LIMITS.passwordMinLength} characters`,
  passwordsMismatch: 'Passwords do not match',
  newPasswordsMismatch: 'New passwords do not match',
  currentPasswordRequired: 'Current password is required',
  currentPasswordIncorrect: 'Current password is incorrect',
  emailTaken: 'This email is already registered',
  invalidCredentials: 'Invalid email or password',
  loginFailed: 'Failed to login. Please check your credentials.',
  registerFailed: 'Failed to register. Please try again.',
  verifyFailed: 'Failed to verify email. The link may be invalid or expired.',
  verifyNoToken: 'No verification token provided.',
  verifySuccess: 'Your email has been successfully verified!',
  magicLinkSendFailed: 'Failed to send magic link. Please try again.',
  magicLinkInvalid: 'This login link is invalid or has expired.',
  resetFailed: 'An error occurred. Please try again.',
  resetSent: "We've sent you a secure login link. Check your email to reset your password.",
  sessionExpired: 'Authentication session has expired. Please log in again.',
  noToken: 'No authentication token found',
  termsRequired: 'You must accept the terms',
  nameTooLong: 'Name must be at most 200 characters',
  emailTooLong: 'Email must be at most 254 characters',
  passwordTooLong: 'Password must be at most 1024 characters',
  companyTooLong: 'Company must be at most 200 characters',
  passwordBlank: 'Password cannot be only spaces',
  passwordTooCommon: 'This password is too common. Choose one that is harder to guess.',
  publishNeedsVerifiedEmail: 'Verify your email address to publish forms.',
} as const;

// Loose on purpose: 'looks like an email' (SPEC §5), not RFC 5322.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Required, trimmed, looks like an address. The first failing message is the one shown. */
export const emailSchema = z
  .string({ error: AUTH_MESSAGES.emailRequired })
  .trim()
  .min(1, { error: AUTH_MESSAGES.emailRequired, abort: true })
  .max(254, { error: AUTH_MESSAGES.emailTooLong, abort: true })
  .regex(EMAIL_PATTERN, { error: AUTH_MESSAGES.emailInvalid });

const passwordRequired = z
  .string({ error: AUTH_MESSAGES.passwordRequired })
  .min(1, { error: AUTH_MESSAGES.passwordRequired, abort: true })
  .max(1024, { error: AUTH_MESSAGES.passwordTooLong, abort: true });

/**
 * A new password: required, at least LIMITS.passwordMinLength characters, not only spaces. The
 * server also refuses the most common passwords (a list too large for the web bundle).
 */
export const newPasswordSchema = passwordRequired
  .check(z.minLength(LIMITS.passwordMinLength, { error: AUTH_MESSAGES.passwordTooShort }))
  .refine((v) => v.trim() !== '', { error: AUTH_MESSAGES.passwordBlank });

const nameSchema = z
  .string({ error: AUTH_MESSAGES.nameRequired })
  .trim()
  .min(1, { error: AUTH_MESSAGES.nameRequired, abort: true })
  .max(200, { error: AUTH_MESSAGES.nameTooLong });

export const loginSchema = z.object({ email: emailSchema, password: passwordRequired });
export type LoginInput = z.infer<typeof loginSchema>;

export const registerSchema = z
  .object({
    name: nameSchema,
    email: emailSchema,
    password: newPasswordSchema,
    confirmPassword: z.string({ error: AUTH_MESSAGES.passwordsMismatch }),
    // SPEC §5: the client always sends true; an explicit false is refused.
    acceptTerms: z.boolean().optional(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    error: AUTH_MESSAGES.passwordsMismatch,
    path: ['confirmPassword'],
    when: (p) => typeof (p.value as { confirmPassword?: unknown }).confirmPassword === 'string',
  })
  .refine((v) => v.acceptTerms !== false, { error: AUTH_MESSAGES.termsRequired, path: ['acceptTerms'] });
export type RegisterInput = z.infer<typeof registerSchema>;

/** Magic-link, forgot-password and reset requests: one email field. */
export const emailRequestSchema = z.object({ email: emailSchema });
export type EmailRequestInput = z.infer<typeof emailRequestSchema>;

/**
 * A new email needs the current password (or a sign-in by mailed link minutes ago); name and
 * company alone do not.
 */
export const profileUpdateSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  current_password: z.string().max(1024, { error: AUTH_MESSAGES.passwordTooLong }).optional(),
  company: z
    .string()
    .trim()
    .max(200, { error: AUTH_MESSAGES.companyTooLong })
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;

export const changePasswordSchema = z
  .object({
    current_password: z.string().max(1024).optional(),
    new_password: newPasswordSchema,
    confirm_password: z.string({ error: AUTH_MESSAGES.newPasswordsMismatch }),
  })
  .refine((v) => v.new_password === v.confirm_password, {
    error: AUTH_MESSAGES.newPasswordsMismatch,
    path: ['confirm_password'],
    when: (p) => typeof (p.value as { confirm_password?: unknown }).confirm_password === 'string',
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** Login and magic-link login answer (SPEC §3). */
export const loginResponseSchema = z.object({
  pid: z.string(),
  name: z.string(),
  is_verified: z.boolean(),
  token: z.string(),
  expires_in: z.number().int(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** GET /api/auth/current and PUT /api/auth/profile. */
export const currentUserSchema = z.object({
  pid: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(['admin', 'user']),
  is_verified: z.boolean(),
  company: z.string().nullable(),
  created_at: z.string(),
  pending_email: z.string().nullable(),
});
export type CurrentUserResponse = z.infer<typeof currentUserSchema>;

/** The first message per field of a failed parse: what a form shows under each control. */
export function firstFieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || 'form';
    fields[key] ??= issue.message;
  }
  return fields;
}

/** Accepts snake_case and camelCase spellings of request keys (DESIGN §4). */
export function aliasKeys(aliases: Record<string, string>) {
  return (input: unknown): unknown => {
    if (!input || typeof input !== 'object' || Array.isArray(input)) return input;
    const out: Record<string, unknown> = { ...(input as Record<string, unknown>) };
    for (const [from, to] of Object.entries(aliases)) {
      if (out[to] === undefined && out[from] !== undefined) out[to] = out[from];
      delete out[from];
    }
    return out;
  };
}
