import type { LoginInput, LoginResponse, RegisterInput } from '@formsmith/core/auth/api';
import { AUTH_MESSAGES } from '@formsmith/core/auth/messages';
import type { FastifyInstance } from 'fastify';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError, conflict } from '../../lib/app-error.ts';
import { magicLinkMail, resetLoginLinkMail, verifyEmailMail } from '../../mail/templates.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import {
  consumeAuthToken,
  createAuthToken,
  createUser,
  findUserByEmail,
  findUserById,
  retireAuthTokens,
  type UserRow,
  updateUser,
} from './repository.ts';
import { createSession, revokeSession, type SessionUser } from './sessions.ts';
import { toLoginResponse } from './view.ts';

export const VERIFY_TTL_SECONDS = 24 * 60 * 60;
export const MAGIC_LINK_TTL_SECONDS = 15 * 60;

export type ClientMeta = { ip?: string; userAgent?: string };

const emailTaken = () => conflict(AUTH_MESSAGES.emailTaken, { email: AUTH_MESSAGES.emailTaken });
const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** Creates an unverified account and mails the verification link in the same transaction. */
export async function registerUser(app: FastifyInstance, input: RegisterInput): Promise<UserRow> {
  const email = normalizeEmail(input.email);
  if (await findUserByEmail(app.db, email)) throw emailTaken();
  const passwordHash = await hashPassword(input.password);
  try {
    return await app.db.transaction(async (tx) => {
      const user = await createUser(tx, { email, name: input.name, passwordHash });
      await queueVerificationMail(app, tx, user);
      return user;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
}

async function queueVerificationMail(
  app: FastifyInstance,
  tx: Parameters<typeof createAuthToken>[0],
  user: UserRow,
): Promise<void> {
  const token = await createAuthToken(tx, {
    userId: user.id,
    kind: 'verify',
    ttlSeconds: VERIFY_TTL_SECONDS,
  });
  const link = `${app.config.publicUrl}/verify-email?token=${token}`;
  await app.mailer.queue(tx, verifyEmailMail({ to: user.email, name: user.name, link }));
}

/** Mails a fresh verification link (older links stop working). */
export async function resendVerification(app: FastifyInstance, userId: string): Promise<boolean> {
  const user = await findUserById(app.db, userId);
  if (!user || user.emailVerifiedAt) return false;
  await app.db.transaction(async (tx) => {
    await retireAuthTokens(tx, user.id, 'verify');
    await queueVerificationMail(app, tx, user);
  });
  return true;
}

/** Password sign-in; unverified accounts may sign in (the answer says is_verified: false). */
export async function loginWithPassword(
  app: FastifyInstance,
  input: LoginInput,
  meta: ClientMeta,
): Promise<LoginResponse> {
  const user = await findUserByEmail(app.db, normalizeEmail(input.email));
  const ok = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !ok) throw new AppError('UNAUTHORIZED', 401, AUTH_MESSAGES.invalidCredentials);
  const session = await createSession(app.db, {
    userId: user.id,
    ttlSeconds: app.config.sessionTtlSeconds,
    authMethod: 'password',
    ...meta,
  });
  return toLoginResponse(user, session);
}

/** Confirms a mailed verification or email-change link. */
export async function verifyEmailToken(app: FastifyInstance, token: string): Promise<UserRow> {
  const failed = () => new AppError('BAD_REQUEST', 400, AUTH_MESSAGES.verifyFailed);
  try {
    return await app.db.transaction(async (tx) => {
      const used = await consumeAuthToken(tx, token, ['verify', 'email_change']);
      if (!used) throw failed();
      const user = await findUserById(tx, used.userId);
      if (!user) throw failed();
      if (used.kind === 'verify') {
        if (user.emailVerifiedAt) return user;
        return (await updateUser(tx, user.id, { emailVerifiedAt: new Date() })) ?? user;
      }
      const newEmail = typeof used.data?.email === 'string' ? used.data.email : null;
      if (!newEmail) throw failed();
      const other = await findUserByEmail(tx, newEmail);
      if (other && other.id !== user.id) throw emailTaken();
      return (await updateUser(tx, user.id, { email: newEmail, emailVerifiedAt: new Date() })) ?? user;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
}

/**
 * Mails a single-use 15-minute login link when the account exists; does nothing otherwise, so the
 * caller answers the same either way. purpose 'reset' sends the user on to /password-reset.
 */
export async function sendLoginLink(
  app: FastifyInstance,
  input: { email: string; purpose: 'login' | 'reset' },
): Promise<void> {
  const user = await findUserByEmail(app.db, normalizeEmail(input.email));
  if (!user) return;
  await app.db.transaction(async (tx) => {
    const token = await createAuthToken(tx, {
      userId: user.id,
      kind: 'magic_link',
      ttlSeconds: MAGIC_LINK_TTL_SECONDS,
      data: { purpose: input.purpose },
    });
    const base = `${app.config.publicUrl}/magic-link/${token}`;
    const mail =
      input.purpose === 'reset'
        ? resetLoginLinkMail({
            to: user.email,
            name: user.name,
            link: `${base}?returnUrl=${encodeURIComponent('/password-reset')}`,
          })
        : magicLinkMail({ to: user.email, name: user.name, link: base });
    await app.mailer.queue(tx, mail);
  });
}

/** Signs in by a mailed link; the link also proves the address, so it marks the email verified. */
export async function loginWithMagicLink(
  app: FastifyInstance,
  token: string,
  meta: ClientMeta,
): Promise<LoginResponse> {
  const invalid = () => new AppError('BAD_REQUEST', 400, AUTH_MESSAGES.magicLinkInvalid);
  return app.db.transaction(async (tx) => {
    const used = await consumeAuthToken(tx, token, ['magic_link']);
    if (!used) throw invalid();
    let user = await findUserById(tx, used.userId);
    if (!user) throw invalid();
    if (!user.emailVerifiedAt)
      user = (await updateUser(tx, user.id, { emailVerifiedAt: new Date() })) ?? user;
    const session = await createSession(tx, {
      userId: user.id,
      ttlSeconds: app.config.sessionTtlSeconds,
      authMethod: 'magic_link',
      ...meta,
    });
    return toLoginResponse(user, session);
  });
}

/** Replaces the current session by a new one with a fresh expiry (same sign-in method and time). */
export async function refreshSession(
  app: FastifyInstance,
  current: SessionUser,
  meta: ClientMeta,
): Promise<{ token: string; expires_in: number }> {
  return app.db.transaction(async (tx) => {
    const session = await createSession(tx, {
      userId: current.id,
      ttlSeconds: app.config.sessionTtlSeconds,
      authMethod: current.authMethod === 'magic_link' ? 'magic_link' : 'password',
      createdAt: current.sessionCreatedAt,
      ...meta,
    });
    await revokeSession(tx, { sessionId: current.sessionId, userId: current.id });
    return { token: session.token, expires_in: session.expiresIn };
  });
}
