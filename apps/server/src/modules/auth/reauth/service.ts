import { AUTH_MESSAGES } from '@formsmith/core/auth/messages';
import type { ReauthStatus } from '@formsmith/core/auth/reauth';
import { type PasskeyCeremony, type ReauthInput, TWO_FACTOR_MESSAGES } from '@formsmith/core/auth/two-factor';
import type { FastifyInstance } from 'fastify';
import { AppError, badRequest, unauthorized } from '../../../lib/app-error.ts';
import { listPasskeys } from '../passkeys/repository.ts';
import { verifyPasskeySignIn } from '../passkeys/sign-in.ts';
import { authenticationOptions } from '../passkeys/webauthn.ts';
import { findUserById } from '../repository.ts';
import { markSessionProved, type SessionUser } from '../sessions.ts';
import { consumeChallenge, createChallenge, findChallenge } from '../two-factor/challenges.ts';
import { confirmIdentity } from '../two-factor/reauth.ts';
import { reauthStatus } from './recent-proof.ts';

/**
 * Confirms the owner with the password, a current authenticator code or an unused recovery code,
 * and starts the session's window for sensitive changes. Wrong passwords count against the same
 * per-user limit as the password and email forms, codes against the second-factor limit.
 */
export async function reauthWithSecret(
  app: FastifyInstance,
  session: SessionUser,
  proof: ReauthInput,
): Promise<ReauthStatus> {
  const user = await findUserById(app.db, session.id);
  if (!user) throw unauthorized(AUTH_MESSAGES.sessionExpired);
  if (proof.password) await app.failures.assertAllowed('passwordCheckPerUser', user.id);
  else await app.rateLimit('twoFactorCode', user.id);
  try {
    await confirmIdentity(app.db, app.keyring, { user, proof });
  } catch (err) {
    if (proof.password) await app.failures.record('passwordCheckPerUser', user.id);
    throw err;
  }
  const provedAt = await markSessionProved(app.db, session.sessionId);
  return reauthStatus(app, { ...session, provedAt });
}

/** WebAuthn options to confirm the owner with one of their passkeys. */
export async function reauthPasskeyOptions(
  app: FastifyInstance,
  session: SessionUser,
): Promise<PasskeyCeremony> {
  const keys = await listPasskeys(app.db, session.id);
  if (keys.length === 0) throw badRequest(TWO_FACTOR_MESSAGES.passkeyUnknown);
  const options = await authenticationOptions(app, keys);
  const token = await createChallenge(app.db, {
    kind: 'passkey_reauth',
    userId: session.id,
    webauthnChallenge: options.challenge,
  });
  return { challenge_token: token, options: { ...options } };
}

/**
 * Confirms the owner with a passkey of theirs. A refusal answers 400, not the 401 of a sign-in:
 * the session itself stays good, and clients sign out on a 401.
 */
export async function reauthWithPasskey(
  app: FastifyInstance,
  session: SessionUser,
  input: { challenge_token: string; response: { id: string } },
): Promise<ReauthStatus> {
  await app.rateLimit('twoFactorCode', session.id);
  const refused = () => badRequest(TWO_FACTOR_MESSAGES.passkeyFailed);
  const challenge = await findChallenge(app.db, input.challenge_token, 'passkey_reauth');
  if (!challenge || challenge.userId !== session.id) throw refused();
  try {
    const provedAt = await app.db.transaction(async (tx) => {
      await verifyPasskeySignIn(app, tx, {
        response: input.response,
        expectedChallenge: challenge.webauthnChallenge,
        userId: session.id,
        requireUserVerification: false,
      });
      if (!(await consumeChallenge(tx, challenge.id))) throw refused();
      return markSessionProved(tx, session.sessionId);
    });
    return reauthStatus(app, { ...session, provedAt });
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 401) throw badRequest(err.message);
    throw err;
  }
}
