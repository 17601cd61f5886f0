import { z } from 'zod';

/**
 * How long a sign-in, or a password, code or passkey confirmed since, lets a session change how
 * the account is signed in to or who may act for it. The server's REAUTH_WINDOW_SECONDS may set
 * another length; the server's answers always say which one applies.
 */
export const REAUTH_WINDOW_SECONDS = 10 * 60;

export const REAUTH_MESSAGES = {
  required: 'Confirm it is you: enter your password or a current code to continue.',
  apiKeyRefused: 'API keys cannot turn end-to-end encryption off or change its key; sign in to do it.',
} as const;

/**
 * How the owner can confirm: the password, a code (authenticator app or recovery code) or a
 * passkey. An account with none of them (signed in by mailed links only) signs in again.
 */
export const REAUTH_METHODS = ['password', 'code', 'passkey'] as const;
export type ReauthMethod = (typeof REAUTH_METHODS)[number];

/** GET and POST /api/auth/reauth: when this session last proved who is at the keyboard. */
export const reauthStatusSchema = z.object({
  /** The sign-in, or the last password, code or passkey confirmed in this session. */
  confirmed_at: z.string(),
  age_seconds: z.number().int().min(0),
  /** Seconds in which sensitive changes need no further proof; 0 once they have run out. */
  seconds_left: z.number().int().min(0),
  window_seconds: z.number().int().positive(),
  methods: z.array(z.enum(REAUTH_METHODS)),
});
export type ReauthStatus = z.infer<typeof reauthStatusSchema>;
