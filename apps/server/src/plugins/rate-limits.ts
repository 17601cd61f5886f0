/** Every rate limit of the server, in one place; RATE_LIMIT_FACTOR multiplies them all. */
export const RATE_LIMITS = {
  login: { max: 10, windowMs: 60_000 },
  loginPerEmail: { max: 5, windowMs: 60_000 },
  register: { max: 10, windowMs: 60_000 },
  registerPerEmail: { max: 3, windowMs: 60_000 },
  magicLink: { max: 5, windowMs: 60_000 },
  magicLinkPerEmail: { max: 3, windowMs: 60_000 },
  forgotPassword: { max: 5, windowMs: 60_000 },
  forgotPasswordPerEmail: { max: 3, windowMs: 60_000 },
  resendVerification: { max: 3, windowMs: 60_000 },
  accessCode: { max: 20, windowMs: 60_000 },
  submitPerIp: { max: 60, windowMs: 60_000 },
  submitPerForm: { max: 600, windowMs: 60_000 },
  generate: { max: 20, windowMs: 60_000 },
  upload: { max: 30, windowMs: 60_000 },
  view: { max: 120, windowMs: 60_000 },
} as const;

export type RateLimitName = keyof typeof RATE_LIMITS;
