import { AUTH_MESSAGES } from '@formsmith/core/auth/messages';
import { dictionary } from '@zxcvbn-ts/language-common';
import { badRequest } from '../../lib/app-error.ts';

let common: Set<string> | undefined;

/**
 * True for a password on zxcvbn-ts's list of the most common (and most often breached) passwords,
 * about 50,000 of them, compared in lower case: bundled, so no lookup leaves the server.
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common']);
  return common.has(password.toLowerCase()) || common.has(password.trim().toLowerCase());
}

/** Refuses a common password with the message shown under the field `field`. */
export function assertUncommonPassword(password: string, field: string): void {
  if (isCommonPassword(password)) {
    throw badRequest(AUTH_MESSAGES.passwordTooCommon, { [field]: AUTH_MESSAGES.passwordTooCommon });
  }
}
