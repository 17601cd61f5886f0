import { z } from 'zod';
import { loginResponseSchema, verifyResponseSchema } from './api.ts';

/** Messages of two-factor sign-in and its settings, shared by the web forms and the API. */
export const TWO_FACTOR_MESSAGES = {
  codeRequired: 'Enter the 6-digit code from your authenticator app',
  codeInvalid: 'That code is not valid. Check your authenticator app and try again.',
  recoveryCodeInvalid: 'That recovery code is not valid or has already been used.',
  challengeExpired: 'Your sign-in took too long. Please sign in again.',
  passkeyFailed: 'The passkey could not be verified. Please try again.',
  passkeyUnknown: 'This passkey is not registered with Formsmith.',
  reauthRequired: 'Enter your password or a current code to confirm',
  totpAlreadyEnabled: 'Two-factor authentication with an authenticator app is already on',
  totpNotStarted: 'Start the authenticator app set-up first',
  passkeyNameRequired: 'Name is required',
  passkeyNameTooLong: 'Name must be at most 60 characters',
} as const;

export const TWO_FACTOR_METHODS = ['totp', 'passkey', 'recovery_code'] as const;
export type TwoFactorMethod = (typeof TWO_FACTOR_METHODS)[number];

/** How many recovery codes a user gets at a time. */
export const RECOVERY_CODE_COUNT = 10;

/** A 6-digit authenticator code; spaces (as apps show them) are ignored. */
export const totpCodeSchema = z
  .string({ error: TWO_FACTOR_MESSAGES.codeRequired })
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, { error: TWO_FACTOR_MESSAGES.codeRequired }));

/** A recovery code as shown (xxxxx-xxxxx); case, spaces and the dash are forgiven. */
export const recoveryCodeSchema = z
  .string({ error: TWO_FACTOR_MESSAGES.recoveryCodeInvalid })
  .max(64, { error: TWO_FACTOR_MESSAGES.recoveryCodeInvalid })
  .transform((v) => v.replace(/[\s-]+/g, '').toLowerCase())
  .pipe(z.string().regex(/^[a-z0-9]{10}$/, { error: TWO_FACTOR_MESSAGES.recoveryCodeInvalid }));

/**
 * Sign-in answer for an account with a second factor: no session yet, a short-lived token that the
 * second call (POST /api/auth/two-factor/verify) exchanges for one.
 */
export const twoFactorChallengeSchema = z.object({
  two_factor_required: z.literal(true),
  challenge_token: z.string(),
  methods: z.array(z.enum(TWO_FACTOR_METHODS)),
  expires_in: z.number().int(),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;

/** POST /api/auth/login and GET /api/auth/magic-link/:token: a session, or a second step. */
export const signInResultSchema = z.union([loginResponseSchema, twoFactorChallengeSchema]);
export type SignInResult = z.infer<typeof signInResultSchema>;

/**
 * POST /api/auth/verify/:token answer: the address is verified and, when this link verified a new
 * account, its owner is signed in (or asked for their second factor); `sign_in` is null otherwise
 * (an email change, or an address verified before).
 */
export const verifySignInResponseSchema = verifyResponseSchema.extend({
  sign_in: signInResultSchema.nullable(),
});
export type VerifySignInResponse = z.infer<typeof verifySignInResponseSchema>;

/** True when a sign-in answer asks for the second factor instead of carrying a session. */
export function needsSecondFactor(result: SignInResult): result is TwoFactorChallenge {
  return 'two_factor_required' in result;
}

const challengeToken = z.string().min(1).max(200);

/** A WebAuthn response from the browser; @simplewebauthn/server checks its inner structure. */
const webauthnResponse = z.looseObject({
  id: z.string().min(1).max(1024),
  rawId: z.string().min(1).max(1024),
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: z.string().max(65536) }),
});

/** POST /api/auth/two-factor/verify: one of the methods the challenge offered. */
export const twoFactorVerifySchema = z.discriminatedUnion('method', [
  z.object({ challenge_token: challengeToken, method: z.literal('totp'), code: totpCodeSchema }),
  z.object({
    challenge_token: challengeToken,
    method: z.literal('recovery_code'),
    code: recoveryCodeSchema,
  }),
  z.object({ challenge_token: challengeToken, method: z.literal('passkey'), response: webauthnResponse }),
]);
export type TwoFactorVerifyInput = z.infer<typeof twoFactorVerifySchema>;

/** POST /api/auth/two-factor/passkey-options: the challenge whose user's passkeys to offer. */
export const challengeTokenSchema = z.object({ challenge_token: challengeToken });

/**
 * WebAuthn options as @simplewebauthn/server builds them, passed to @simplewebauthn/browser
 * untouched (loose: the browser library knows their structure).
 */
export const webauthnOptionsSchema = z.looseObject({ challenge: z.string() });

/** Options for the browser plus the token to send back with its answer. */
export const passkeyCeremonySchema = z.object({
  challenge_token: z.string(),
  options: webauthnOptionsSchema,
});
export type PasskeyCeremony = z.infer<typeof passkeyCeremonySchema>;

/** POST /api/auth/passkey/verify: passwordless sign-in with a discoverable passkey. */
export const passkeySignInSchema = z.object({ challenge_token: challengeToken, response: webauthnResponse });

const passkeyName = z
  .string({ error: TWO_FACTOR_MESSAGES.passkeyNameRequired })
  .trim()
  .min(1, { error: TWO_FACTOR_MESSAGES.passkeyNameRequired, abort: true })
  .max(60, { error: TWO_FACTOR_MESSAGES.passkeyNameTooLong });

/** POST /api/auth/passkeys: finish registering a passkey under a name. */
export const passkeyRegisterSchema = z.object({
  challenge_token: challengeToken,
  name: passkeyName,
  response: webauthnResponse,
});

/** PATCH /api/auth/passkeys/:id. */
export const passkeyRenameSchema = z.object({ name: passkeyName });

export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  /** Synced by the platform (iCloud Keychain, Google Password Manager) rather than bound to one device. */
  backed_up: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;

/** GET /api/auth/two-factor: what protects the account. */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  totp_enabled: z.boolean(),
  recovery_codes_remaining: z.number().int(),
  passkeys: z.array(passkeySchema),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** POST /api/auth/two-factor/totp/setup: the secret to put in an authenticator app. */
export const totpSetupSchema = z.object({ secret: z.string(), otpauth_uri: z.string() });
export type TotpSetup = z.infer<typeof totpSetupSchema>;

/** POST /api/auth/two-factor/totp/confirm. */
export const totpConfirmSchema = z.object({ code: totpCodeSchema });

/** Recovery codes, shown once: only the answer that creates them carries them. */
export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** Answers that may turn two-factor on, and then carry the first recovery codes. */
export const twoFactorChangeSchema = z.object({
  status: twoFactorStatusSchema,
  recovery_codes: z.array(z.string()).nullable(),
});
export type TwoFactorChange = z.infer<typeof twoFactorChangeSchema>;

/**
 * Confirms a sensitive change (turning TOTP off, new recovery codes): the account password, or a
 * current authenticator code for accounts that sign in without one.
 */
export const reauthSchema = z
  .object({
    password: z.string().max(1024).optional(),
    code: z
      .string()
      .optional()
      .transform((v) => (v ? v.replace(/\s+/g, '') : undefined)),
  })
  .refine((v) => Boolean(v.password) || Boolean(v.code), {
    error: TWO_FACTOR_MESSAGES.reauthRequired,
    path: ['password'],
  });
export type ReauthInput = z.infer<typeof reauthSchema>;
/** What a client sends to reauthSchema. */
export type ReauthRequest = z.input<typeof reauthSchema>;
