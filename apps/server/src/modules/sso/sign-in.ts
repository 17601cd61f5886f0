import { SSO_MESSAGES, type SsoSession } from '@formsmith/core/sso/api';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError } from '../../lib/app-error.ts';
import { setRequestActor } from '../../lib/request-actor.ts';
import { recordAudit } from '../audit/index.ts';
import {
  type ClientMeta,
  createSsoUser,
  findUserByEmail,
  findUserById,
  openSsoSession,
  type SessionCap,
  type SignInGuard,
} from '../auth/index.ts';
import { emitMemberEvent } from '../workspaces/index.ts';
import { callbackUrl } from './connection-service.ts';
import { FLOW_TTL_SECONDS, type Flow } from './flow-cookie.ts';
import {
  authorizationUrl,
  discoverProvider,
  explainOidcFailure,
  finishAuthorization,
  ssoError,
} from './oidc.ts';
import {
  enforcedWorkspaceOf,
  findConnection,
  findDomainWorkspace,
  findIdentityUser,
  joinWorkspace,
  linkIdentity,
  type SsoConnectionRow,
  shortestSsoSessionOf,
} from './repository.ts';
import { openClientSecret } from './secrets.ts';

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

async function providerConfig(app: FastifyInstance, connection: SsoConnectionRow) {
  return discoverProvider({
    issuer: connection.issuer,
    clientId: connection.clientId,
    clientSecret: openClientSecret(app.keyring, connection.id, connection.clientSecret),
  });
}

/** The provider's sign-in page for the workspace that holds the address's domain, and the flow to keep. */
export async function startSso(app: FastifyInstance, email: string): Promise<{ url: string; flow: Flow }> {
  const domain = domainOf(email);
  const workspaceId = await findDomainWorkspace(app.db, domain);
  const connection = workspaceId === null ? null : await findConnection(app.db, workspaceId);
  if (workspaceId === null || !connection)
    throw new AppError('NOT_FOUND', 404, SSO_MESSAGES.noWorkspace(domain));
  const config = await providerConfig(app, connection);
  const { url, secrets } = await authorizationUrl(config, callbackUrl(app));
  return { url, flow: { ...secrets, workspaceId, expiresAt: Date.now() + FLOW_TTL_SECONDS * 1000 } };
}

/** A provider's account waiting to be linked to the existing account of its address. */
export type PendingLink = { issuer: string; subject: string; userId: string; workspaceId: number };

export type SsoOutcome = { kind: 'session'; session: SsoSession } | { kind: 'link'; link: PendingLink };

/**
 * The provider's redirect back: checks the answer against the flow this browser started and signs
 * the account in. An identity (issuer and subject) already linked finds its account. Otherwise a
 * verified address of one of the workspace's domains makes a new account and member (with the
 * workspace's default role); an address that already has an account is not linked by address:
 * the answer is a link waiting for that account to prove itself in this browser (`linkSso`).
 */
export async function finishSso(
  app: FastifyInstance,
  input: { flow: Flow | null; query: string; meta: ClientMeta },
): Promise<SsoOutcome> {
  const { flow } = input;
  if (!flow) throw ssoError(SSO_MESSAGES.stateMismatch);
  const connection = await findConnection(app.db, flow.workspaceId);
  if (!connection) throw ssoError(SSO_MESSAGES.notConfigured);
  const config = await providerConfig(app, connection);
  const claims = await finishAuthorization(config, {
    callbackUrl: new URL(`${callbackUrl(app)}?${input.query}`),
    secrets: flow,
  }).catch((err: unknown) => {
    throw explainOidcFailure(err, connection.issuer);
  });
  try {
    return await app.db.transaction(async (tx): Promise<SsoOutcome> => {
      const known = await findIdentityUser(tx, claims.issuer, claims.subject);
      const found = known
        ? await findUserById(tx, known)
        : await provisionUser(app, tx, input.meta, connection, claims);
      if (!found) throw ssoError(SSO_MESSAGES.failed);
      if ('link' in found) return { kind: 'link', link: found.link };
      const session = await openSsoSession(app, tx, {
        user: found,
        meta: input.meta,
        maxAgeSeconds: connection.sessionMaxAgeSeconds,
        sso: { issuer: claims.issuer, sid: claims.sid },
      });
      return { kind: 'session', session: { ...session, workspace_id: connection.workspaceId } };
    });
  } catch (err) {
    // Two first sign-ins of one person at once: the second finds the first's account next time.
    if (isUniqueViolation(err)) throw ssoError(SSO_MESSAGES.failed);
    throw err;
  }
}

const defaultRoleOf = (connection: SsoConnectionRow) =>
  connection.defaultRole === 'owner' ? 'admin' : connection.defaultRole;

/**
 * Adds the account to the connection's workspace with its default role, unless already a member,
 * and says so as an accepted invitation does: the audit entry and the member.joined event (the
 * workspace's webhooks), both in the transaction of the sign-in.
 */
async function joinByProvider(
  app: FastifyInstance,
  tx: DbOrTx,
  connection: SsoConnectionRow,
  user: { id: string; email: string },
) {
  const role = defaultRoleOf(connection);
  if (!(await joinWorkspace(tx, { workspaceId: connection.workspaceId, userId: user.id, role }))) return;
  await recordAudit(tx, {
    action: 'member.joined',
    where: { workspaceId: connection.workspaceId },
    target: { type: 'member', id: user.id, label: user.email },
    details: { role, via: 'sso' },
  });
  await emitMemberEvent(app, tx, {
    type: 'member.joined',
    workspaceId: connection.workspaceId,
    userId: user.id,
    email: user.email,
    role,
  });
}

async function provisionUser(
  app: FastifyInstance,
  tx: DbOrTx,
  meta: ClientMeta,
  connection: SsoConnectionRow,
  claims: {
    issuer: string;
    subject: string;
    email: string | null;
    emailVerified: boolean;
    name: string | null;
  },
) {
  if (!claims.email) throw ssoError(SSO_MESSAGES.noEmail);
  if (!claims.emailVerified) throw ssoError(SSO_MESSAGES.emailUnverified, 403);
  const domain = domainOf(claims.email);
  if ((await findDomainWorkspace(tx, domain)) !== connection.workspaceId) {
    throw ssoError(SSO_MESSAGES.otherDomain(domain), 403);
  }
  const existing = await findUserByEmail(tx, claims.email);
  if (existing) {
    const link = {
      issuer: claims.issuer,
      subject: claims.subject,
      userId: existing.id,
      workspaceId: connection.workspaceId,
    };
    return { link };
  }
  const name = claims.name?.trim().slice(0, 100) || claims.email.slice(0, claims.email.indexOf('@'));
  const user = await createSsoUser(tx, { email: claims.email, name });
  await linkIdentity(tx, { issuer: claims.issuer, subject: claims.subject, userId: user.id });
  // The callback has no signed-in actor: the person joining is the one acting, as when they accept an invitation.
  setRequestActor({
    userId: user.id,
    name: user.name,
    email: user.email,
    via: 'session',
    apiKeyId: null,
    ip: meta.ip ?? null,
  });
  await joinByProvider(app, tx, connection, user);
  return user;
}

/**
 * Links the provider's account waiting in this browser to the signed-in account, which has just
 * proven itself (a password, a login link, a second factor: the route needs a recent proof) and
 * must be the account of the address the provider vouched for. It then joins the workspace like
 * a new account would.
 */
export async function linkSso(
  app: FastifyInstance,
  input: { user: { id: string; email: string }; link: PendingLink | null },
): Promise<{ linked: true; issuer: string }> {
  const { link, user } = input;
  if (!link) throw ssoError(SSO_MESSAGES.noPendingLink);
  if (link.userId !== user.id) throw ssoError(SSO_MESSAGES.linkOtherAccount, 403);
  try {
    return await app.db.transaction(async (tx) => {
      const connection = await findConnection(tx, link.workspaceId);
      if (!connection || connection.issuer !== link.issuer) throw ssoError(SSO_MESSAGES.notConfigured);
      const holder = await findIdentityUser(tx, link.issuer, link.subject);
      if (holder && holder !== user.id) throw ssoError(SSO_MESSAGES.identityTaken, 409);
      if (!holder) {
        await linkIdentity(tx, { issuer: link.issuer, subject: link.subject, userId: user.id });
        await recordAudit(tx, {
          action: 'sso.linked',
          where: { workspaceId: link.workspaceId },
          target: { type: 'member', id: user.id, label: user.email },
          details: { issuer: link.issuer },
        });
      }
      await joinByProvider(app, tx, connection, user);
      return { linked: true as const, issuer: link.issuer };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw ssoError(SSO_MESSAGES.identityTaken, 409);
    throw err;
  }
}

/** Refuses a password, login-link or passkey sign-in of a member (not an owner) of a workspace requiring SSO. */
export const ssoSignInGuard: SignInGuard = async (db, attempt) => {
  const enforced = await enforcedWorkspaceOf(db, attempt.userId);
  if (enforced) throw new AppError('FORBIDDEN', 403, SSO_MESSAGES.enforced(enforced.name, enforced.issuer));
};

/** A session opened through a provider lasts no longer than its workspace chose, refreshes included. */
export const ssoSessionCap: SessionCap = async (db, input) =>
  input.method === 'sso' ? shortestSsoSessionOf(db, input.userId) : null;
