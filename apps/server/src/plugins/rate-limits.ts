/**
 * Every rate limit of the server, in one place; RATE_LIMIT_FACTOR multiplies them all.
 * `shared` limits guard accounts and secrets (guessing passwords or access codes, flooding
 * someone's inbox): their counters live in the database, so instances behind a load balancer
 * enforce one limit together. The others protect each instance from floods of public traffic
 * and stay in its memory, off the submit path's database work.
 */
export const RATE_LIMITS = {
  login: { max: 10, windowMs: 60_000, shared: true },
  loginPerEmail: { max: 5, windowMs: 60_000, shared: true },
  register: { max: 10, windowMs: 60_000, shared: true },
  registerPerEmail: { max: 3, windowMs: 60_000, shared: true },
  magicLink: { max: 5, windowMs: 60_000, shared: true },
  magicLinkPerEmail: { max: 3, windowMs: 60_000, shared: true },
  forgotPassword: { max: 5, windowMs: 60_000, shared: true },
  forgotPasswordPerEmail: { max: 3, windowMs: 60_000, shared: true },
  resendVerification: { max: 3, windowMs: 60_000, shared: true },
  accessCode: { max: 20, windowMs: 60_000, shared: true },
  submitPerIp: { max: 60, windowMs: 60_000, shared: false },
  submitPerForm: { max: 600, windowMs: 60_000, shared: false },
  generate: { max: 20, windowMs: 60_000, shared: false },
  upload: { max: 30, windowMs: 60_000, shared: false },
  view: { max: 120, windowMs: 60_000, shared: false },
  apiKey: { max: 300, windowMs: 60_000, shared: false },
  // Respondent confirmation mails: over these the submission is stored and the mail skipped.
  confirmationPerForm: { max: 200, windowMs: 3_600_000, shared: false },
  confirmationPerRecipient: { max: 5, windowMs: 3_600_000, shared: false },
} as const;

export type RateLimitName = keyof typeof RATE_LIMITS;
