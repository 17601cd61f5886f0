import type { LoginResponse } from '@formsmith/core/auth/api';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { noteSignInDevice } from './alerts/known-devices.ts';
import type { UserRow } from './repository.ts';
import type { ClientMeta } from './service.ts';
import { createSession, type SsoSessionMark } from './sessions.ts';
import { toLoginResponse } from './view.ts';

// What the sso module needs of accounts and sessions: the provider has proven who signs in, so
// the session opens at once (the provider's own second factor stands for ours).

/** An account the provider vouched for: its address verified, no password (a login link sets one). */
export async function createSsoUser(db: DbOrTx, input: { email: string; name: string }): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ email: input.email, name: input.name, passwordHash: null, emailVerifiedAt: new Date() })
    .returning();
  return row!;
}

/**
 * Opens a session signed in through the provider (marked with its issuer and session id, for its
 * back-channel logout), no longer than the workspace allows when it chose.
 */
export async function openSsoSession(
  app: FastifyInstance,
  db: DbOrTx,
  input: { user: UserRow; meta: ClientMeta; maxAgeSeconds: number | null; sso: SsoSessionMark },
): Promise<LoginResponse> {
  const session = await createSession(db, {
    userId: input.user.id,
    ttlSeconds: app.config.sessionTtlSeconds,
    authMethod: 'sso',
    maxAgeSeconds: input.maxAgeSeconds ?? undefined,
    sso: input.sso,
    ...input.meta,
  });
  await noteSignInDevice(app, db, { userId: input.user.id, ...input.meta });
  return toLoginResponse(input.user, session);
}
