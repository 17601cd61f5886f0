import { AUTH_MESSAGES } from '@formsmith/core/auth/messages';
import { type ReauthInput, TWO_FACTOR_MESSAGES } from '@formsmith/core/auth/two-factor';
import type { DbOrTx } from '../../../db/client.ts';
import { badRequest } from '../../../lib/app-error.ts';
import type { Keyring } from '../../../lib/encryption/index.ts';
import { verifyPassword } from '../passwords.ts';
import type { UserRow } from '../repository.ts';
import { useRecoveryCode } from './recovery-codes.ts';
import { acceptTotpCode, findTotpSecret } from './totp-secrets.ts';

/**
 * Confirms that the person at the keyboard owns the account before a sensitive change: the
 * password, or a current authenticator code (or an unused recovery code). Callers count the
 * attempt against the per-user code limit first (outside their transaction), so a stolen session
 * cannot guess its way through.
 */
export async function confirmIdentity(
  db: DbOrTx,
  keyring: Keyring,
  input: { user: UserRow; proof: ReauthInput },
): Promise<void> {
  const { password, code } = input.proof;
  if (password) {
    if (await verifyPassword(input.user.passwordHash, password)) return;
    throw badRequest(AUTH_MESSAGES.currentPasswordIncorrect, {
      password: AUTH_MESSAGES.currentPasswordIncorrect,
    });
  }
  const normalized = (code ?? '').replace(/-/g, '').toLowerCase();
  if (/^\d{6}$/.test(normalized)) {
    const row = await findTotpSecret(db, input.user.id);
    if (row?.confirmedAt && (await acceptTotpCode(db, keyring, { row, code: normalized, confirmed: true })))
      return;
  } else if (/^[a-z0-9]{10}$/.test(normalized) && (await useRecoveryCode(db, input.user.id, normalized))) {
    return;
  }
  throw badRequest(TWO_FACTOR_MESSAGES.codeInvalid, { code: TWO_FACTOR_MESSAGES.codeInvalid });
}
