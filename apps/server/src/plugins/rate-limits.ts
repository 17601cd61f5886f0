/**
 * Every rate limit of the server, in one place; RATE_LIMIT_FACTOR multiplies them all.
 * `shared` limits guard accounts and secrets (guessing passwords or access codes, flooding
 * someone's inbox): their counters live in the database, so instances behind a load balancer
 * enforce one limit together. The others protect each instance from floods of public traffic
 * and stay in its memory, off the submit path's database work.
 *
 * Two kinds:
 * - windows (`max` per `windowMs`): `app.rateLimit` counts every request; `app.failures` counts
 *   only failed attempts (wrong password, wrong access code), so right answers never use them up.
 * - backoffs (`free` failures, then a delay that doubles from `baseDelayMs` to `maxDelayMs`
 *   between attempts; forgotten after `windowMs` without a failure), through `app.failures`.
 */
export const RATE_LIMITS = {
  login: { max: 10, windowMs: 60_000, shared: true },
  /** Wrong passwords for one account from one address. */
  loginFailuresPerAccountIp: { max: 5, windowMs: 15 * 60_000, shared: true },
  /** Wrong passwords for one account from anywhere: addresses that failed then wait. */
  loginFailuresPerAccount: {
    free: 10,
    baseDelayMs: 30_000,
    maxDelayMs: 15 * 60_000,
    windowMs: 24 * 3600_000,
  },
  register: { max: 10, windowMs: 60_000, shared: true },
  registerPerEmail: { max: 3, windowMs: 60_000, shared: true },
  magicLink: { max: 5, windowMs: 60_000, shared: true },
  magicLinkPerEmailIp: { max: 3, windowMs: 60_000, shared: true },
  /** Caps the mail one inbox gets, whoever asks. */
  magicLinkPerEmail: { max: 10, windowMs: 3600_000, shared: true },
  forgotPassword: { max: 5, windowMs: 60_000, shared: true },
  forgotPasswordPerEmailIp: { max: 3, windowMs: 60_000, shared: true },
  forgotPasswordPerEmail: { max: 10, windowMs: 3600_000, shared: true },
  resendVerification: { max: 3, windowMs: 60_000, shared: true },
  verificationLink: { max: 5, windowMs: 60_000, shared: true },
  verificationLinkPerEmailIp: { max: 3, windowMs: 60_000, shared: true },
  verificationLinkPerEmail: { max: 10, windowMs: 3600_000, shared: true },
  emailChangePerUser: { max: 5, windowMs: 3600_000, shared: true },
  emailChangePerIp: { max: 20, windowMs: 3600_000, shared: true },
  /** Wrong current passwords (password change, email change) of one signed-in user. */
  passwordCheckPerUser: { max: 5, windowMs: 15 * 60_000, shared: true },
  /** Wrong access codes from one address, any form. */
  accessCode: { max: 20, windowMs: 60_000, shared: true },
  /** Wrong access codes for one form from anywhere. */
  accessCodeFailuresPerForm: { free: 50, baseDelayMs: 1_000, maxDelayMs: 5 * 60_000, windowMs: 3600_000 },
  /** Workspace invitations one account sends, and one address receives. */
  invitationsPerUser: { max: 30, windowMs: 3600_000, shared: true },
  invitationsPerAddress: { max: 5, windowMs: 3600_000, shared: true },
  createForm: { max: 30, windowMs: 60_000, shared: true },
  // Second-factor codes per account (a 6-digit code has a million values: ten tries per 5 minutes
  // leave an attacker with a password about 1 in 100,000 per window), and sign-in steps per IP.
  twoFactorCode: { max: 10, windowMs: 5 * 60_000, shared: true },
  twoFactorPerIp: { max: 30, windowMs: 60_000, shared: true },
  submitPerIp: { max: 60, windowMs: 60_000, shared: false },
  /** Proof-of-work challenges a page asks for: one per page opened. */
  challengePerIp: { max: 60, windowMs: 60_000, shared: false },
  submitPerForm: { max: 600, windowMs: 60_000, shared: false },
  // Saves as respondents go come once per page or question: more of them than submits.
  progressPerIp: { max: 240, windowMs: 60_000, shared: false },
  progressPerForm: { max: 2400, windowMs: 60_000, shared: false },
  // Resume links mailed to a respondent: per sender and per recipient, so nobody's inbox is flooded.
  resumeMailPerIp: { max: 20, windowMs: 3_600_000, shared: true },
  resumeMailPerAddress: { max: 5, windowMs: 3_600_000, shared: true },
  generate: { max: 20, windowMs: 60_000, shared: false },
  upload: { max: 30, windowMs: 60_000, shared: false },
  view: { max: 120, windowMs: 60_000, shared: false },
  // The reverse proxy asks once per new host name it sees (Caddy's on-demand TLS).
  tlsAsk: { max: 120, windowMs: 60_000, shared: false },
  apiKey: { max: 300, windowMs: 60_000, shared: false },
  // Respondent confirmation mails: over these the submission is stored and the mail skipped.
  confirmationPerForm: { max: 200, windowMs: 3_600_000, shared: false },
  confirmationPerRecipient: { max: 5, windowMs: 3_600_000, shared: false },
} as const;

type Limits = typeof RATE_LIMITS;
/** Limits counted in fixed windows. */
export type RateLimitName = {
  [K in keyof Limits]: Limits[K] extends { max: number } ? K : never;
}[keyof Limits];
/** Limits that let a few failures through, then make each further attempt wait longer. */
export type BackoffName = Exclude<keyof Limits, RateLimitName>;
/** Any limit `app.failures` can count. */
export type FailureLimitName = RateLimitName | BackoffName;
