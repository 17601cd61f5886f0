import { LIMITS } from '../limits.ts';

/** The texts of sign-up, sign-in and their mails' pages, shared by the web forms and the API. */
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

/**
 * The message of a 429, saying how long to wait: the same figure as its `Retry-After` header
 * (seconds), in whole minutes past a minute so it never promises less than the header.
 */
export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  if (seconds < 60) {
    return `Too many attempts. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`;
  }
  const minutes = Math.ceil(seconds / 60);
  return `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`;
}
