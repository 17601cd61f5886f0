import type { ChangePasswordInput, CurrentUserResponse, ProfileUpdateInput } from '@formsmith/core/auth/api';
import { AUTH_MESSAGES } from '@formsmith/core/auth/messages';
import type { FastifyInstance } from 'fastify';
import { badRequest, conflict, unauthorized } from '../../lib/app-error.ts';
import { emailChangeMail } from '../../mail/templates.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import {
  createAuthToken,
  findPendingEmail,
  findUserByEmail,
  findUserById,
  retireAuthTokens,
  updateUser,
} from './repository.ts';
import { MAGIC_LINK_TTL_SECONDS, VERIFY_TTL_SECONDS } from './service.ts';
import { revokeOtherSessions, type SessionUser } from './sessions.ts';
import { toCurrentUser } from './view.ts';

export async function getCurrentUser(app: FastifyInstance, userId: string): Promise<CurrentUserResponse> {
  const user = await findUserById(app.db, userId);
  if (!user) throw unauthorized(AUTH_MESSAGES.sessionExpired);
  return toCurrentUser(user, await findPendingEmail(app.db, userId));
}

/**
 * Saves name and company at once. A new email is only stored as pending: a link goes to the new
 * address, and the account's email changes when that link is opened (GET /auth/verify/:token).
 */
export async function updateProfile(
  app: FastifyInstance,
  userId: string,
  input: ProfileUpdateInput,
): Promise<CurrentUserResponse> {
  const user = await findUserById(app.db, userId);
  if (!user) throw unauthorized(AUTH_MESSAGES.sessionExpired);
  const newEmail = input.email.trim().toLowerCase();
  const emailChanged = newEmail !== user.email.toLowerCase();
  if (emailChanged) {
    const other = await findUserByEmail(app.db, newEmail);
    if (other && other.id !== userId) {
      throw conflict(AUTH_MESSAGES.emailTaken, { email: AUTH_MESSAGES.emailTaken });
    }
  }
  await app.db.transaction(async (tx) => {
    await updateUser(tx, userId, { name: input.name, company: input.company });
    // Asking again (or going back to the current address) cancels an earlier pending change.
    await retireAuthTokens(tx, userId, 'email_change');
    if (!emailChanged) return;
    const token = await createAuthToken(tx, {
      userId,
      kind: 'email_change',
      ttlSeconds: VERIFY_TTL_SECONDS,
      data: { email: newEmail },
    });
    const link = `${app.config.publicUrl}/verify-email?token=${token}`;
    await app.mailer.queue(tx, emailChangeMail({ to: newEmail, name: input.name, link }));
  });
  return getCurrentUser(app, userId);
}

/** True for a session opened by a mailed login link less than 15 minutes ago (password reset). */
function isFreshMagicLinkSession(session: SessionUser): boolean {
  return (
    session.authMethod === 'magic_link' &&
    Date.now() - session.sessionCreatedAt.getTime() < MAGIC_LINK_TTL_SECONDS * 1000
  );
}

/** Sets a new password and signs out every other session of the user. */
export async function changePassword(
  app: FastifyInstance,
  session: SessionUser,
  input: ChangePasswordInput,
): Promise<void> {
  const user = await findUserById(app.db, session.id);
  if (!user) throw unauthorized(AUTH_MESSAGES.sessionExpired);
  const current = input.current_password ?? '';
  if (current === '') {
    if (!isFreshMagicLinkSession(session)) {
      throw badRequest(AUTH_MESSAGES.currentPasswordRequired, {
        current_password: AUTH_MESSAGES.currentPasswordRequired,
      });
    }
  } else if (!(await verifyPassword(user.passwordHash, current))) {
    throw badRequest(AUTH_MESSAGES.currentPasswordIncorrect, {
      current_password: AUTH_MESSAGES.currentPasswordIncorrect,
    });
  }
  const passwordHash = await hashPassword(input.new_password);
  await app.db.transaction(async (tx) => {
    await updateUser(tx, user.id, { passwordHash });
    await revokeOtherSessions(tx, { userId: user.id, keepSessionId: session.sessionId });
  });
}
