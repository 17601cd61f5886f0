import { z } from 'zod';
import { aliasKeys, messageSchema } from '../http.ts';
import { LIMITS } from '../limits.ts';
import { AUTH_MESSAGES } from './messages.ts';

// Request and response shapes of every /api/auth route, read by the server's route schemas and by
// the web's forms (as resolvers) and API calls (to parse what comes back).

// Loose on purpose: it 'looks like an email', not RFC 5322.
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
    // The web client always sends true; an explicit false is refused.
    acceptTerms: z.boolean().optional(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    error: AUTH_MESSAGES.passwordsMismatch,
    path: ['confirmPassword'],
    when: (p) => typeof (p.value as { confirmPassword?: unknown }).confirmPassword === 'string',
  })
  .refine((v) => v.acceptTerms !== false, { error: AUTH_MESSAGES.termsRequired, path: ['acceptTerms'] });
export type RegisterInput = z.infer<typeof registerSchema>;

/** POST /api/auth/register body: also accepts confirm_password and accept_terms. */
export const registerBodySchema = z.preprocess(
  aliasKeys({ confirm_password: 'confirmPassword', accept_terms: 'acceptTerms' }),
  registerSchema,
);

/** POST /api/auth/register answer (201): the account, not yet verified. */
export const registerResponseSchema = z.object({
  pid: z.string(),
  email: z.string(),
  name: z.string(),
  is_verified: z.boolean(),
});
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

/** The token of a mailed link (verification, magic link) as a path parameter. */
export const tokenParamsSchema = z.object({ token: z.string().min(1).max(200) });

/** GET /api/auth/verify/:token answer. */
export const verifyResponseSchema = messageSchema.extend({ email: z.string(), is_verified: z.boolean() });
export type VerifyResponse = z.infer<typeof verifyResponseSchema>;

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
/** What the web sends to update the profile (company may be blank). */
export type ProfileUpdateBody = z.input<typeof profileUpdateSchema>;

/** PUT /api/auth/profile body: also accepts currentPassword. */
export const profileUpdateBodySchema = z.preprocess(
  aliasKeys({ currentPassword: 'current_password' }),
  profileUpdateSchema,
);

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
/** What the web sends to change a password. */
export type ChangePasswordBody = z.input<typeof changePasswordSchema>;

/** POST /api/auth/change-password body: also accepts the camelCase keys. */
export const changePasswordBodySchema = z.preprocess(
  aliasKeys({
    currentPassword: 'current_password',
    newPassword: 'new_password',
    confirmPassword: 'confirm_password',
  }),
  changePasswordSchema,
);

/** Login and magic-link login answer. */
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

/** POST /api/auth/refresh answer: a new token that replaces the caller's. */
export const refreshResponseSchema = z.object({ token: z.string(), expires_in: z.number().int() });
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;

/** POST /api/auth/resend-verification answer: whether the address was verified already. */
export const resendVerificationResponseSchema = messageSchema.extend({ is_verified: z.boolean() });
