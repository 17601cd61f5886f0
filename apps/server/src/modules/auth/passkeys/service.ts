import { AUTH_MESSAGES } from '@formsmith/core/auth/messages';
import {
  type Passkey,
  type PasskeyCeremony,
  TWO_FACTOR_MESSAGES,
  type TwoFactorChange,
  type TwoFactorStatus,
} from '@formsmith/core/auth/two-factor';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../../db/client.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import { badRequest, conflict, notFound, unauthorized } from '../../../lib/app-error.ts';
import { findUserById } from '../repository.ts';
import type { ClientMeta } from '../service.ts';
import { consumeChallenge, createChallenge, findChallenge } from '../two-factor/challenges.ts';
import { recordFactorChange } from '../two-factor/service.ts';
import { getTwoFactorStatus } from '../two-factor/status.ts';
import { createPasskey, deletePasskey, listPasskeys, toPasskey, updatePasskey } from './repository.ts';
import { registrationOptions, verifyRegistration } from './webauthn.ts';

const passkeyNotFound = () => notFound('Passkey not found');

/** WebAuthn options to create a passkey for the signed-in user, and the token to finish with. */
export async function startPasskeyRegistration(
  app: FastifyInstance,
  userId: string,
): Promise<PasskeyCeremony> {
  const user = await findUserById(app.db, userId);
  if (!user) throw unauthorized(AUTH_MESSAGES.sessionExpired);
  const options = await registrationOptions(app, {
    userId: user.id,
    email: user.email,
    name: user.name,
    existing: await listPasskeys(app.db, user.id),
  });
  const token = await createChallenge(app.db, {
    kind: 'passkey_register',
    userId: user.id,
    webauthnChallenge: options.challenge,
  });
  return { challenge_token: token, options: { ...options } };
}

/** Stores a passkey whose creation verifies against the user's registration challenge. */
export async function finishPasskeyRegistration(
  app: FastifyInstance,
  input: { userId: string; challengeToken: string; name: string; response: unknown; meta: ClientMeta },
): Promise<TwoFactorChange> {
  const challenge = await findChallenge(app.db, input.challengeToken, 'passkey_register');
  if (!challenge || challenge.userId !== input.userId || !challenge.webauthnChallenge)
    throw badRequest(TWO_FACTOR_MESSAGES.challengeExpired);
  const info = await verifyRegistration(app, {
    response: input.response,
    expectedChallenge: challenge.webauthnChallenge,
  });
  if (!info) throw badRequest(TWO_FACTOR_MESSAGES.passkeyFailed);
  try {
    return await app.db.transaction(async (tx) => {
      if (!(await consumeChallenge(tx, challenge.id))) throw badRequest(TWO_FACTOR_MESSAGES.challengeExpired);
      const wasEnabled = (await getTwoFactorStatus(tx, input.userId)).enabled;
      await createPasskey(tx, {
        userId: input.userId,
        name: input.name,
        credentialId: info.credential.id,
        publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
        counter: info.credential.counter,
        transports: info.credential.transports ?? [],
        deviceType: info.credentialDeviceType,
        backedUp: info.credentialBackedUp,
      });
      return recordFactorChange(app, tx, {
        userId: input.userId,
        wasEnabled,
        change: 'passkey-added',
        passkeyName: input.name,
        meta: input.meta,
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('This passkey is already registered');
    throw err;
  }
}

export async function renamePasskey(
  app: FastifyInstance,
  input: { userId: string; id: string; name: string },
): Promise<Passkey> {
  const row = await updatePasskey(app.db, {
    userId: input.userId,
    id: input.id,
    patch: { name: input.name },
  });
  if (!row) throw passkeyNotFound();
  return toPasskey(row);
}

/**
 * Removes one of the user's passkeys in the caller's transaction (404 for another's); removing the
 * last second factor turns two-factor sign-in off.
 */
export async function removeUserPasskey(
  app: FastifyInstance,
  db: DbOrTx,
  input: { userId: string; id: string; meta: ClientMeta },
): Promise<TwoFactorStatus> {
  const row = await deletePasskey(db, { userId: input.userId, id: input.id });
  if (!row) throw passkeyNotFound();
  const change = await recordFactorChange(app, db, {
    userId: input.userId,
    wasEnabled: true,
    change: 'passkey-removed',
    passkeyName: row.name,
    meta: input.meta,
  });
  return change.status;
}

export async function removePasskey(
  app: FastifyInstance,
  input: { userId: string; id: string; meta: ClientMeta },
): Promise<TwoFactorStatus> {
  return app.db.transaction((tx) => removeUserPasskey(app, tx, input));
}

/** The user's passkeys as the API shows them, oldest first. */
export async function listUserPasskeys(db: DbOrTx, userId: string): Promise<Passkey[]> {
  return (await listPasskeys(db, userId)).map(toPasskey);
}
