import type { TwoFactorMethod, TwoFactorStatus } from '@formsmith/core/auth/two-factor';
import type { DbOrTx } from '../../../db/client.ts';
import { listPasskeys, toPasskey } from '../passkeys/repository.ts';
import { countRecoveryCodes } from './recovery-codes.ts';
import { findTotpSecret } from './totp-secrets.ts';

/** What protects the account: an enabled authenticator app, passkeys, recovery codes left. */
export async function getTwoFactorStatus(db: DbOrTx, userId: string): Promise<TwoFactorStatus> {
  const totp = await findTotpSecret(db, userId);
  const keys = await listPasskeys(db, userId);
  const remaining = await countRecoveryCodes(db, userId);
  const totpEnabled = Boolean(totp?.confirmedAt);
  return {
    enabled: totpEnabled || keys.length > 0,
    totp_enabled: totpEnabled,
    recovery_codes_remaining: remaining,
    passkeys: keys.map(toPasskey),
  };
}

/** The second factors a sign-in may finish with; empty when the account has none. */
export function secondFactorMethods(status: TwoFactorStatus): TwoFactorMethod[] {
  if (!status.enabled) return [];
  const methods: TwoFactorMethod[] = [];
  if (status.totp_enabled) methods.push('totp');
  if (status.passkeys.length > 0) methods.push('passkey');
  if (status.recovery_codes_remaining > 0) methods.push('recovery_code');
  return methods;
}
