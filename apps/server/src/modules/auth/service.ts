import type { LoginInput, RegisterInput } from '@formsmith/core/auth/api';
import { AUTH_MESSAGES } from '@formsmith/core/auth/messages';
import type { SignInResult } from '@formsmith/core/auth/two-factor';
import type { FastifyInstance } from 'fastify';
import { isUniqueViolation } from '../../db/errors.ts';
import type { QueuedJob } from '../../jobs/definition.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { AppError, conflict } from '../../lib/app-error.ts';
import { magicLinkMail, resetLoginLinkMail, verifyEmailMail } from '../../mail/templates.ts';
import { sendSecurityAlert } from './alerts/security-alert.ts';
import { assertMayTryPassword, recordWrongPassword } from './login-guard.ts';
import { assertUncommonPassword } from './password-policy.ts';
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
import {
  createSession,
  revokeOtherSessions,
  revokeSession,
  type SessionUser,
  ssoMarkOf,
} from './sessions.ts';
import { assertSignInAllowed, sessionMaxAge } from './sign-in-guard.ts';
import { finishFirstFactor } from './two-factor/sign-in.ts';

export const VERIFY_TTL_SECONDS = 24 * 60 * 60;
export const MAGIC_LINK_TTL_SECONDS = 15 * 60;
/** How long a session opened by a mailed link may set a password or email without the current password. */
export const FRESH_LINK_SESSION_SECONDS = 10 * 60;
export const LOGIN_LINK_JOB = 'auth.login-link';
export const VERIFICATION_LINK_JOB = 'auth.verification-link';

export type ClientMeta = { ip?: string; userAgent?: string };

const emailTaken = () => conflict(AUTH_MESSAGES.emailTaken, { email: AUTH_MESSAGES.emailTaken });
const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** Creates an unverified account and mails the verification link in the same transaction. */
export async function registerUser(app: FastifyInstance, input: RegisterInput): Promise<UserRow> {
  const email = normalizeEmail(input.email);
  assertUncommonPassword(input.password, 'password');
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
  await app.mailer.queue(tx, verifyEmailMail({ to: user.email, link }), { userId: user.id });
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

/**
 * A new verification link for whoever gives an address (the check-your-email page, before any
 * sign-in). Queued as a job that finds the account, so the answer is the same, in the same
 * time, for any address; nothing is mailed unless the account exists and is unverified.
 */
export async function requestVerificationLink(app: FastifyInstance, email: string): Promise<void> {
  const user = await findUserByEmail(app.db, normalizeEmail(email));
  await enqueueJob(app.db, {
    kind: VERIFICATION_LINK_JOB,
    payload: { userId: user?.id ?? null },
    userId: user?.id,
  });
}

export const verificationLinkJob: QueuedJob = {
  kind: VERIFICATION_LINK_JOB,
  handler: (app) => async (payload) => {
    if (typeof payload.userId === 'string') await resendVerification(app, payload.userId);
  },
};

/**
 * Password sign-in; unverified accounts may sign in (the answer says is_verified: false). With a
 * second factor the answer is a challenge instead of a session.
 */
export async function loginWithPassword(
  app: FastifyInstance,
  input: LoginInput,
  meta: ClientMeta,
): Promise<SignInResult> {
  const email = normalizeEmail(input.email);
  await assertMayTryPassword(app, { email, ip: meta.ip });
  const user = await findUserByEmail(app.db, email);
  const ok = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !ok) {
    await recordWrongPassword(app, { email, ip: meta.ip });
    throw new AppError('UNAUTHORIZED', 401, AUTH_MESSAGES.invalidCredentials);
  }
  // Refused only after the password was right: the refusal names the provider to its holder alone.
  await assertSignInAllowed(app.db, { userId: user.id, method: 'password' });
  // The second factor comes after the failure counting: a right password alone is not a sign-in.
  return app.db.transaction((tx) => finishFirstFactor(app, tx, { user, authMethod: 'password', meta }));
}

/**
 * Confirms a mailed verification or email-change link. Proving the mailbox of an unverified
 * account ends every session opened before (someone may have signed up with another's address),
 * and using any link retires the login links still out. With `signIn`, the link that verifies a
 * new account also signs its owner in, as a login link would (it proved the same mailbox): the
 * sign-up goes on to the dashboard instead of asking for the password just chosen.
 */
export async function verifyEmailToken(
  app: FastifyInstance,
  token: string,
  signIn?: ClientMeta,
): Promise<{ user: UserRow; signIn: SignInResult | null }> {
  const failed = () => new AppError('BAD_REQUEST', 400, AUTH_MESSAGES.verifyFailed);
  try {
    return await app.db.transaction(async (tx) => {
      const used = await consumeAuthToken(tx, token, ['verify', 'email_change']);
      if (!used) throw failed();
      const user = await findUserById(tx, used.userId);
      if (!user) throw failed();
      await retireAuthTokens(tx, user.id, 'magic_link');
      if (used.kind === 'verify') {
        if (user.emailVerifiedAt) return { user, signIn: null };
        await revokeOtherSessions(tx, { userId: user.id });
        const verified = (await updateUser(tx, user.id, { emailVerifiedAt: new Date() })) ?? user;
        const session = signIn
          ? await finishFirstFactor(app, tx, { user: verified, authMethod: 'magic_link', meta: signIn })
          : null;
        return { user: verified, signIn: session };
      }
      const newEmail = typeof used.data?.email === 'string' ? used.data.email : null;
      if (!newEmail) throw failed();
      const other = await findUserByEmail(tx, newEmail);
      if (other && other.id !== user.id) throw emailTaken();
      const changed = await updateUser(tx, user.id, { email: newEmail, emailVerifiedAt: new Date() });
      await sendSecurityAlert(
        app,
        user.id,
        { kind: 'email-changed', oldEmail: user.email, newEmail },
        { db: tx },
      );
      return { user: changed ?? user, signIn: null };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
}

/**
 * Queues a login link for an address. The request only adds a job, the same for a known and an
 * unknown address, so its answer and its timing say nothing about which addresses have accounts.
 */
export async function requestLoginLink(
  app: FastifyInstance,
  input: { email: string; purpose: 'login' | 'reset' },
): Promise<void> {
  const user = await findUserByEmail(app.db, normalizeEmail(input.email));
  // Owned by the account when there is one, so deleting it deletes the job; no address is kept.
  await enqueueJob(app.db, {
    kind: LOGIN_LINK_JOB,
    payload: { userId: user?.id ?? null, purpose: input.purpose },
    userId: user?.id,
  });
}

/**
 * The job of requestLoginLink: mails a single-use 15-minute login link when the account exists
 * (a newer link retires the older ones). purpose 'reset' sends the user on to /password-reset.
 */
async function sendLoginLink(app: FastifyInstance, payload: Record<string, unknown>): Promise<void> {
  const user = typeof payload.userId === 'string' ? await findUserById(app.db, payload.userId) : null;
  if (!user) return;
  const purpose = payload.purpose === 'reset' ? 'reset' : 'login';
  await app.db.transaction(async (tx) => {
    await retireAuthTokens(tx, user.id, 'magic_link');
    const token = await createAuthToken(tx, {
      userId: user.id,
      kind: 'magic_link',
      ttlSeconds: MAGIC_LINK_TTL_SECONDS,
      data: { purpose },
    });
    const base = `${app.config.publicUrl}/magic-link/${token}?email=${encodeURIComponent(user.email)}`;
    const mail =
      purpose === 'reset'
        ? resetLoginLinkMail({
            to: user.email,
            name: user.name,
            link: `${base}&returnUrl=${encodeURIComponent('/password-reset')}`,
          })
        : magicLinkMail({ to: user.email, name: user.name, link: base });
    await app.mailer.queue(tx, mail, { userId: user.id });
  });
}

export const loginLinkJob: QueuedJob = {
  kind: LOGIN_LINK_JOB,
  handler: (app) => (payload) => sendLoginLink(app, payload),
};

/**
 * Signs in by a mailed link; the link also proves the address, so it marks the email verified.
 * For an account not verified before, whoever set its password and opened its sessions never
 * proved the address: those sessions end and that password goes (the owner sets their own).
 * With a second factor the answer is a challenge instead of a session.
 */
export async function loginWithMagicLink(
  app: FastifyInstance,
  token: string,
  meta: ClientMeta,
): Promise<SignInResult> {
  const invalid = () => new AppError('BAD_REQUEST', 400, AUTH_MESSAGES.magicLinkInvalid);
  return app.db.transaction(async (tx) => {
    const used = await consumeAuthToken(tx, token, ['magic_link']);
    if (!used) throw invalid();
    let user = await findUserById(tx, used.userId);
    if (!user) throw invalid();
    await retireAuthTokens(tx, user.id, 'magic_link');
    await assertSignInAllowed(tx, { userId: user.id, method: 'magic_link' });
    if (!user.emailVerifiedAt) {
      await revokeOtherSessions(tx, { userId: user.id });
      user = (await updateUser(tx, user.id, { emailVerifiedAt: new Date(), passwordHash: null })) ?? user;
    }
    return finishFirstFactor(app, tx, { user, authMethod: 'magic_link', meta });
  });
}

/** Replaces the current session by a new one with a fresh expiry (same sign-in method and time). */
export async function refreshSession(
  app: FastifyInstance,
  current: SessionUser,
  meta: ClientMeta,
): Promise<{ token: string; expires_in: number }> {
  return app.db.transaction(async (tx) => {
    const maxAgeSeconds = await sessionMaxAge(tx, {
      userId: current.id,
      method: current.authMethod,
      instanceMaxAge: app.config.sessionMaxAgeSeconds,
    });
    const session = await createSession(tx, {
      userId: current.id,
      ttlSeconds: app.config.sessionTtlSeconds,
      authMethod:
        current.authMethod === 'magic_link' ||
        current.authMethod === 'passkey' ||
        current.authMethod === 'sso'
          ? current.authMethod
          : 'password',
      createdAt: current.sessionCreatedAt,
      provedAt: current.provedAt,
      maxAgeSeconds,
      // The provider's back-channel logout still finds the session after a refresh.
      sso: current.authMethod === 'sso' ? await ssoMarkOf(tx, current.sessionId) : null,
      ...meta,
    });
    await revokeSession(tx, { sessionId: current.sessionId, userId: current.id });
    return { token: session.token, expires_in: session.expiresIn };
  });
}
