import { AUTH_MESSAGES } from '@formsmith/core/auth/messages';
import {
  type ReauthInput,
  type RecoveryCodes,
  type TotpSetup,
  TWO_FACTOR_MESSAGES,
  type TwoFactorChange,
  type TwoFactorStatus,
} from '@formsmith/core/auth/two-factor';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../../db/client.ts';
import { badRequest, conflict, unauthorized } from '../../../lib/app-error.ts';
import type { TwoFactorChangeKind } from '../alerts/alert-mails.ts';
import { sendSecurityAlert } from '../alerts/security-alert.ts';
import { findUserById, type UserRow } from '../repository.ts';
import type { ClientMeta } from '../service.ts';
import { markSessionProved } from '../sessions.ts';
import { confirmIdentity } from './reauth.ts';
import { deleteRecoveryCodes, replaceRecoveryCodes } from './recovery-codes.ts';
import { getTwoFactorStatus } from './status.ts';
import {
  acceptTotpCode,
  confirmTotpSecret,
  deleteTotpSecret,
  findTotpSecret,
  newTotpSecret,
  savePendingTotpSecret,
  totpFor,
} from './totp-secrets.ts';

async function requireUser(db: DbOrTx, userId: string): Promise<UserRow> {
  const user = await findUserById(db, userId);
  if (!user) throw unauthorized(AUTH_MESSAGES.sessionExpired);
  return user;
}

/**
 * Records a change of the account's second factors: the first factor added brings the first
 * recovery codes (returned once), the last one removed takes the codes with it; either way an
 * alert is mailed.
 */
export async function recordFactorChange(
  app: FastifyInstance,
  db: DbOrTx,
  input: {
    userId: string;
    wasEnabled: boolean;
    change: TwoFactorChangeKind;
    passkeyName?: string;
    meta: ClientMeta;
  },
): Promise<TwoFactorChange> {
  let status = await getTwoFactorStatus(db, input.userId);
  let codes: string[] | null = null;
  if (!input.wasEnabled && status.enabled) codes = await replaceRecoveryCodes(db, input.userId);
  if (!status.enabled) await deleteRecoveryCodes(db, input.userId);
  if (codes || !status.enabled) status = await getTwoFactorStatus(db, input.userId);
  await sendSecurityAlert(
    app,
    input.userId,
    { kind: 'two-factor-changed', change: input.change, passkeyName: input.passkeyName, ip: input.meta.ip },
    { db },
  );
  return { status, recovery_codes: codes };
}

/** Starts authenticator-app set-up with a fresh secret; confirming a code from the app turns it on. */
export async function startTotpSetup(app: FastifyInstance, userId: string): Promise<TotpSetup> {
  const user = await requireUser(app.db, userId);
  if ((await findTotpSecret(app.db, userId))?.confirmedAt)
    throw conflict(TWO_FACTOR_MESSAGES.totpAlreadyEnabled);
  const secret = newTotpSecret();
  await savePendingTotpSecret(app.db, app.keyring, { userId, secret });
  return { secret, otpauth_uri: totpFor(secret, user.email).toString() };
}

/** Turns the authenticator app on once a code from it matches the pending secret. */
export async function confirmTotp(
  app: FastifyInstance,
  input: { userId: string; code: string; meta: ClientMeta },
): Promise<TwoFactorChange> {
  await app.rateLimit('twoFactorCode', input.userId);
  return app.db.transaction(async (tx) => {
    const row = await findTotpSecret(tx, input.userId);
    if (row?.confirmedAt) throw conflict(TWO_FACTOR_MESSAGES.totpAlreadyEnabled);
    if (!row) throw badRequest(TWO_FACTOR_MESSAGES.totpNotStarted);
    const wasEnabled = (await getTwoFactorStatus(tx, input.userId)).enabled;
    if (!(await acceptTotpCode(tx, app.keyring, { row, code: input.code, confirmed: false })))
      throw badRequest(TWO_FACTOR_MESSAGES.codeInvalid, { code: TWO_FACTOR_MESSAGES.codeInvalid });
    await confirmTotpSecret(tx, input.userId);
    return recordFactorChange(app, tx, {
      userId: input.userId,
      wasEnabled,
      change: 'totp-enabled',
      meta: input.meta,
    });
  });
}

/**
 * Turns the authenticator app off after the password or a current code (asked every time, however
 * recent the session's last proof); the proof also renews the session's window for other changes.
 */
export async function disableTotp(
  app: FastifyInstance,
  input: { userId: string; sessionId: string; proof: ReauthInput; meta: ClientMeta },
): Promise<TwoFactorStatus> {
  await app.rateLimit('twoFactorCode', input.userId);
  return app.db.transaction(async (tx) => {
    const user = await requireUser(tx, input.userId);
    const row = await findTotpSecret(tx, user.id);
    if (!row?.confirmedAt) {
      // Nothing to turn off; a half-done set-up is simply dropped.
      if (row) await deleteTotpSecret(tx, user.id);
      return getTwoFactorStatus(tx, user.id);
    }
    await confirmIdentity(tx, app.keyring, { user, proof: input.proof });
    await markSessionProved(tx, input.sessionId);
    await deleteTotpSecret(tx, user.id);
    const change = await recordFactorChange(app, tx, {
      userId: user.id,
      wasEnabled: true,
      change: 'totp-disabled',
      meta: input.meta,
    });
    return change.status;
  });
}

/**
 * Replaces the recovery codes (the old ones stop working) after the password or a current code,
 * asked every time like turning the app off.
 */
export async function regenerateRecoveryCodes(
  app: FastifyInstance,
  input: { userId: string; sessionId: string; proof: ReauthInput; meta: ClientMeta },
): Promise<RecoveryCodes> {
  await app.rateLimit('twoFactorCode', input.userId);
  return app.db.transaction(async (tx) => {
    const user = await requireUser(tx, input.userId);
    if (!(await getTwoFactorStatus(tx, user.id)).enabled)
      throw badRequest('Turn on two-factor authentication first');
    await confirmIdentity(tx, app.keyring, { user, proof: input.proof });
    await markSessionProved(tx, input.sessionId);
    const codes = await replaceRecoveryCodes(tx, user.id);
    await sendSecurityAlert(
      app,
      user.id,
      { kind: 'two-factor-changed', change: 'recovery-codes-regenerated', ip: input.meta.ip },
      { db: tx },
    );
    return { recovery_codes: codes };
  });
}
