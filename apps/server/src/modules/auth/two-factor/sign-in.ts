import type { LoginResponse } from '@formsmith/core/auth/api';
import {
  type SignInResult,
  TWO_FACTOR_MESSAGES,
  type TwoFactorVerifyInput,
} from '@formsmith/core/auth/two-factor';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import { sendSecurityAlert } from '../alerts/security-alert.ts';
import { verifyPasskeySignIn } from '../passkeys/sign-in.ts';
import { findUserById, type UserRow } from '../repository.ts';
import type { ClientMeta } from '../service.ts';
import { CHALLENGE_TTL_SECONDS, consumeChallenge, createChallenge, findChallenge } from './challenges.ts';
import { challengeExpired, openSession } from './open-session.ts';
import { countRecoveryCodes, useRecoveryCode } from './recovery-codes.ts';
import { getTwoFactorStatus, secondFactorMethods } from './status.ts';
import { acceptTotpCode, findTotpSecret } from './totp-secrets.ts';

/**
 * After a password or a mailed link was accepted: the session, or, when the account has a second
 * factor, a short-lived challenge that POST /auth/two-factor/verify exchanges for the session.
 */
export async function finishFirstFactor(
  app: FastifyInstance,
  db: DbOrTx,
  input: { user: UserRow; authMethod: 'password' | 'magic_link'; meta: ClientMeta },
): Promise<SignInResult> {
  const methods = secondFactorMethods(await getTwoFactorStatus(db, input.user.id));
  if (methods.length === 0) return openSession(app, db, input);
  const token = await createChallenge(db, {
    kind: 'second_factor',
    userId: input.user.id,
    authMethod: input.authMethod,
  });
  return { two_factor_required: true, challenge_token: token, methods, expires_in: CHALLENGE_TTL_SECONDS };
}

/** Finishes a two-step sign-in with an authenticator code, a recovery code or a passkey. */
export async function verifySecondFactor(
  app: FastifyInstance,
  input: TwoFactorVerifyInput,
  meta: ClientMeta,
): Promise<LoginResponse> {
  const challenge = await findChallenge(app.db, input.challenge_token, 'second_factor');
  if (!challenge?.userId) throw challengeExpired();
  const userId = challenge.userId;
  await app.rateLimit('twoFactorCode', userId);
  return app.db.transaction(async (tx) => {
    switch (input.method) {
      case 'totp': {
        const row = await findTotpSecret(tx, userId);
        if (
          !row?.confirmedAt ||
          !(await acceptTotpCode(tx, app.keyring, { row, code: input.code, confirmed: true }))
        )
          throw new AppError('UNAUTHORIZED', 401, TWO_FACTOR_MESSAGES.codeInvalid, {
            code: TWO_FACTOR_MESSAGES.codeInvalid,
          });
        break;
      }
      case 'recovery_code':
        if (!(await useRecoveryCode(tx, userId, input.code)))
          throw new AppError('UNAUTHORIZED', 401, TWO_FACTOR_MESSAGES.recoveryCodeInvalid, {
            code: TWO_FACTOR_MESSAGES.recoveryCodeInvalid,
          });
        // A used recovery code means the second factor was not at hand: the owner should know.
        await sendSecurityAlert(
          app,
          userId,
          { kind: 'recovery-code-used', remaining: await countRecoveryCodes(tx, userId), ip: meta.ip },
          { db: tx },
        );
        break;
      case 'passkey':
        await verifyPasskeySignIn(app, tx, {
          response: input.response,
          expectedChallenge: challenge.webauthnChallenge,
          userId,
          requireUserVerification: false,
        });
        break;
    }
    if (!(await consumeChallenge(tx, challenge.id))) throw challengeExpired();
    const user = await findUserById(tx, userId);
    if (!user) throw challengeExpired();
    return openSession(app, tx, {
      user,
      authMethod: challenge.authMethod === 'magic_link' ? 'magic_link' : 'password',
      meta,
    });
  });
}
