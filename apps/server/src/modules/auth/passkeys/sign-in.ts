import type { LoginResponse } from '@formsmith/core/auth/api';
import { type PasskeyCeremony, TWO_FACTOR_MESSAGES } from '@formsmith/core/auth/two-factor';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import { findUserById } from '../repository.ts';
import type { ClientMeta } from '../service.ts';
import { assertSignInAllowed } from '../sign-in-guard.ts';
import {
  consumeChallenge,
  createChallenge,
  findChallenge,
  setWebauthnChallenge,
} from '../two-factor/challenges.ts';
import { challengeExpired, openSession } from '../two-factor/open-session.ts';
import { findPasskeyByCredentialId, listPasskeys, type PasskeyRow, updatePasskey } from './repository.ts';
import { authenticationOptions, verifyAuthentication } from './webauthn.ts';

const passkeyRefused = (message: string = TWO_FACTOR_MESSAGES.passkeyFailed) =>
  new AppError('UNAUTHORIZED', 401, message);

/**
 * Checks a passkey assertion for a challenge and moves the passkey's signature counter on. With
 * `userId` the passkey must be that user's (second factor); without, any registered one
 * (passwordless). Returns the passkey; throws 401 when it does not verify.
 */
export async function verifyPasskeySignIn(
  app: FastifyInstance,
  db: DbOrTx,
  input: {
    response: { id: string };
    expectedChallenge: string | null;
    userId?: string;
    requireUserVerification: boolean;
  },
): Promise<PasskeyRow> {
  if (!input.expectedChallenge) throw passkeyRefused();
  const passkey = await findPasskeyByCredentialId(db, input.response.id);
  if (!passkey || (input.userId && passkey.userId !== input.userId))
    throw passkeyRefused(TWO_FACTOR_MESSAGES.passkeyUnknown);
  const verified = await verifyAuthentication(app, {
    response: input.response,
    expectedChallenge: input.expectedChallenge,
    passkey,
    requireUserVerification: input.requireUserVerification,
  });
  if (!verified) throw passkeyRefused();
  await updatePasskey(db, {
    userId: passkey.userId,
    id: passkey.id,
    patch: { counter: verified.newCounter, lastUsedAt: new Date() },
  });
  return passkey;
}

/** WebAuthn options for the second step of a sign-in: the user's own passkeys. */
export async function secondFactorPasskeyOptions(
  app: FastifyInstance,
  token: string,
): Promise<PasskeyCeremony> {
  const challenge = await findChallenge(app.db, token, 'second_factor');
  if (!challenge?.userId) throw challengeExpired();
  const keys = await listPasskeys(app.db, challenge.userId);
  if (keys.length === 0) throw passkeyRefused(TWO_FACTOR_MESSAGES.passkeyUnknown);
  const options = await authenticationOptions(app, keys);
  await setWebauthnChallenge(app.db, challenge.id, options.challenge);
  return { challenge_token: token, options: { ...options } };
}

/** WebAuthn options for a passwordless sign-in with any discoverable passkey. */
export async function passwordlessOptions(app: FastifyInstance): Promise<PasskeyCeremony> {
  const options = await authenticationOptions(app, null);
  const token = await createChallenge(app.db, {
    kind: 'passkey_sign_in',
    webauthnChallenge: options.challenge,
  });
  return { challenge_token: token, options: { ...options } };
}

/** Passwordless sign-in: a verified passkey with user verification is both factors at once. */
export async function signInWithPasskey(
  app: FastifyInstance,
  input: { challenge_token: string; response: { id: string } },
  meta: ClientMeta,
): Promise<LoginResponse> {
  const challenge = await findChallenge(app.db, input.challenge_token, 'passkey_sign_in');
  if (!challenge) throw challengeExpired();
  return app.db.transaction(async (tx) => {
    const passkey = await verifyPasskeySignIn(app, tx, {
      response: input.response,
      expectedChallenge: challenge.webauthnChallenge,
      requireUserVerification: true,
    });
    if (!(await consumeChallenge(tx, challenge.id))) throw challengeExpired();
    const user = await findUserById(tx, passkey.userId);
    if (!user) throw passkeyRefused(TWO_FACTOR_MESSAGES.passkeyUnknown);
    await assertSignInAllowed(tx, { userId: user.id, method: 'passkey' });
    return openSession(app, tx, { user, authMethod: 'passkey', meta });
  });
}
