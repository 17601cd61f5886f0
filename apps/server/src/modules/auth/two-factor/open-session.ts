import type { LoginResponse } from '@formsmith/core/auth/api';
import { TWO_FACTOR_MESSAGES } from '@formsmith/core/auth/two-factor';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import { noteSignInDevice } from '../alerts/known-devices.ts';
import type { UserRow } from '../repository.ts';
import type { ClientMeta } from '../service.ts';
import { createSession, type SessionMethod } from '../sessions.ts';
import { toLoginResponse } from '../view.ts';

export const challengeExpired = () => new AppError('UNAUTHORIZED', 401, TWO_FACTOR_MESSAGES.challengeExpired);

/** Opens a session for a user who has passed every factor, noting the device (new ones are mailed). */
export async function openSession(
  app: FastifyInstance,
  db: DbOrTx,
  input: { user: UserRow; authMethod: SessionMethod; meta: ClientMeta },
): Promise<LoginResponse> {
  const session = await createSession(db, {
    userId: input.user.id,
    ttlSeconds: app.config.sessionTtlSeconds,
    authMethod: input.authMethod,
    ...input.meta,
  });
  await noteSignInDevice(app, db, { userId: input.user.id, ...input.meta });
  return toLoginResponse(input.user, session);
}
