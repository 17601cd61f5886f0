import type { ChangePasswordInput, CurrentUserResponse, ProfileUpdateInput } from '@formsmith/core/auth/api';
import { AUTH_MESSAGES } from '@formsmith/core/auth/messages';
import type { FastifyInstance } from 'fastify';
import { badRequest, conflict, unauthorized } from '../../lib/app-error.ts';
import { emailChangeMail, emailChangeRequestedMail } from '../../mail/templates.ts';
import { sendSecurityAlert } from './alerts/security-alert.ts';
import { assertUncommonPassword } from './password-policy.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import {
  createAuthToken,
  findPendingEmail,
  findUserByEmail,
  findUserById,
  retireAuthTokens,
  type UserRow,
  updateUser,
} from './repository.ts';
import { type ClientMeta, FRESH_LINK_SESSION_SECONDS, VERIFY_TTL_SECONDS } from './service.ts';
import { markSessionProved, revokeOtherSessions, type SessionUser } from './sessions.ts';
import { toCurrentUser } from './view.ts';

export async function getCurrentUser(app: FastifyInstance, userId: string): Promise<CurrentUserResponse> {
  const user = await findUserById(app.db, userId);
  if (!user) throw unauthorized(AUTH_MESSAGES.sessionExpired);
  return toCurrentUser(user, await findPendingEmail(app.db, userId));
}

/**
 * Saves name and company at once. A new email needs the current password (or a fresh sign-in by
 * mailed link) and is only stored as pending: a link goes to the new address, the old address is
 * told, and the account's email changes when that link is opened (GET /auth/verify/:token).
 */
export async function updateProfile(
  app: FastifyInstance,
  session: SessionUser & { ip: string },
  input: ProfileUpdateInput,
): Promise<CurrentUserResponse> {
  const userId = session.id;
  const user = await findUserById(app.db, userId);
  if (!user) throw unauthorized(AUTH_MESSAGES.sessionExpired);
  const newEmail = input.email.trim().toLowerCase();
  const emailChanged = newEmail !== user.email.toLowerCase();
  if (emailChanged) {
    await app.rateLimit('emailChangePerUser', userId);
    await app.rateLimit('emailChangePerIp', session.ip);
    // Before the address is looked up: without the password, a taken address answers like any.
    await assertCurrentPassword(app, { session, user, current: input.current_password });
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
    await app.mailer.queue(tx, emailChangeMail({ to: newEmail, link }), { userId });
    await app.mailer.queue(tx, emailChangeRequestedMail({ to: user.email, name: user.name }), { userId });
  });
  return getCurrentUser(app, userId);
}

/** True for a session opened by a mailed login link less than 10 minutes ago (password reset). */
function isFreshMagicLinkSession(session: SessionUser): boolean {
  return (
    session.authMethod === 'magic_link' &&
    Date.now() - session.sessionCreatedAt.getTime() < FRESH_LINK_SESSION_SECONDS * 1000
  );
}

/**
 * The current password must be given and right, except in a fresh magic-link session where it
 * may be left out. Wrong guesses are limited per user; a right one renews the session's window
 * for other sensitive changes.
 */
async function assertCurrentPassword(
  app: FastifyInstance,
  input: { session: SessionUser; user: UserRow; current: string | undefined },
): Promise<void> {
  const current = input.current ?? '';
  if (current === '') {
    if (isFreshMagicLinkSession(input.session)) return;
    throw badRequest(AUTH_MESSAGES.currentPasswordRequired, {
      current_password: AUTH_MESSAGES.currentPasswordRequired,
    });
  }
  await app.failures.assertAllowed('passwordCheckPerUser', input.user.id);
  if (!(await verifyPassword(input.user.passwordHash, current))) {
    await app.failures.record('passwordCheckPerUser', input.user.id);
    throw badRequest(AUTH_MESSAGES.currentPasswordIncorrect, {
      current_password: AUTH_MESSAGES.currentPasswordIncorrect,
    });
  }
  await markSessionProved(app.db, input.session.sessionId);
}

/**
 * Sets a new password, signs out every other session of the user and retires the login and
 * reset links still out.
 */
export async function changePassword(
  app: FastifyInstance,
  session: SessionUser,
  input: ChangePasswordInput,
  meta: ClientMeta = {},
): Promise<void> {
  const user = await findUserById(app.db, session.id);
  if (!user) throw unauthorized(AUTH_MESSAGES.sessionExpired);
  await assertCurrentPassword(app, { session, user, current: input.current_password });
  assertUncommonPassword(input.new_password, 'new_password');
  const passwordHash = await hashPassword(input.new_password);
  await app.db.transaction(async (tx) => {
    await updateUser(tx, user.id, { passwordHash });
    await revokeOtherSessions(tx, { userId: user.id, keepSessionId: session.sessionId });
    await retireAuthTokens(tx, user.id, 'magic_link');
    await sendSecurityAlert(app, user.id, { kind: 'password-changed', ip: meta.ip }, { db: tx });
  });
}
