import { type SSO_DEFAULT_ROLES, SSO_MESSAGES, type SsoSession } from '@formsmith/core/sso/api';
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
import { emitMemberEvent, personalWorkspaceId } from '../workspaces/index.ts';
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
  findConnectionById,
  findDomainWorkspace,
  findIdentityUser,
  isMember,
  joinWorkspace,
  linkIdentity,
  type SsoConnectionRow,
  shortestSsoSessionOf,
} from './repository.ts';
import { openClientSecret } from './secrets.ts';

type SsoDefaultRole = (typeof SSO_DEFAULT_ROLES)[number];

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

async function providerConfig(app: FastifyInstance, connection: SsoConnectionRow) {
  return discoverProvider({
    issuer: connection.issuer,
    clientId: connection.clientId,
    clientSecret: openClientSecret(app.keyring, connection.id, connection.clientSecret),
  });
}

async function startWith(app: FastifyInstance, connection: SsoConnectionRow) {
  const config = await providerConfig(app, connection);
  const { url, secrets } = await authorizationUrl(config, callbackUrl(app));
  const flow: Flow = {
    ...secrets,
    connectionId: connection.id,
    instance: connection.workspaceId === null,
    expiresAt: Date.now() + FLOW_TTL_SECONDS * 1000,
  };
  return { url, flow };
}

/**
 * The provider's sign-in page for an address: the provider of the workspace that holds its domain,
 * or else the instance's own provider (it serves every address), and the flow to keep.
 */
export async function startSso(app: FastifyInstance, email: string): Promise<{ url: string; flow: Flow }> {
  const domain = domainOf(email);
  const workspaceId = await findDomainWorkspace(app.db, domain);
  const connection =
    (workspaceId === null ? null : await findConnection(app.db, workspaceId)) ??
    (await findConnection(app.db, null));
  if (!connection) throw new AppError('NOT_FOUND', 404, SSO_MESSAGES.noWorkspace(domain));
  return startWith(app, connection);
}

/** The instance-wide provider's sign-in page ("Sign in with <provider>" on the login page). */
export async function startInstanceSso(app: FastifyInstance): Promise<{ url: string; flow: Flow }> {
  const connection = await findConnection(app.db, null);
  if (!connection) throw new AppError('NOT_FOUND', 404, SSO_MESSAGES.instanceNotConfigured);
  return startWith(app, connection);
}

/**
 * A provider's account waiting to be linked to the existing account of its address, and the
 * workspace it then joins (none: an instance sign-in of an address no workspace holds).
 */
export type PendingLink = {
  issuer: string;
  subject: string;
  userId: string;
  connectionId: string;
  workspaceId: number | null;
};

export type SsoOutcome = { kind: 'session'; session: SsoSession } | { kind: 'link'; link: PendingLink };

type Claims = Awaited<ReturnType<typeof finishAuthorization>>;
/** A workspace to join and the role to join it with. */
type Joining = { workspaceId: number; role: SsoDefaultRole };

const defaultRoleOf = (connection: SsoConnectionRow): SsoDefaultRole =>
  connection.defaultRole === 'owner' ? 'admin' : connection.defaultRole;

/**
 * Where a sign-in through this connection makes someone a member. A workspace's provider: that
 * workspace, and the address must be of one of its domains. The instance's provider: the
 * workspace holding the address's domain, if any, with that workspace's own provider's default
 * role, or the instance provider's when it has none (the administrator chose it for such
 * workspaces); an address no workspace holds joins none and keeps the personal workspace.
 */
async function joiningFor(tx: DbOrTx, connection: SsoConnectionRow, email: string): Promise<Joining | null> {
  const domain = domainOf(email);
  const holder = await findDomainWorkspace(tx, domain);
  if (connection.workspaceId !== null) {
    if (holder !== connection.workspaceId) throw ssoError(SSO_MESSAGES.otherDomain(domain), 403);
    return { workspaceId: holder, role: defaultRoleOf(connection) };
  }
  if (holder === null) return null;
  const own = await findConnection(tx, holder);
  return { workspaceId: holder, role: defaultRoleOf(own ?? connection) };
}

/** The workspace the web app opens: the one joined or signed in for, else the personal one. */
async function landingOf(tx: DbOrTx, connection: SsoConnectionRow, user: { id: string; email: string }) {
  if (connection.workspaceId !== null) return connection.workspaceId;
  const holder = await findDomainWorkspace(tx, domainOf(user.email));
  if (holder !== null && (await isMember(tx, { workspaceId: holder, userId: user.id }))) return holder;
  return personalWorkspaceId(tx, user.id);
}

/**
 * The provider's redirect back: checks the answer against the flow this browser started and signs
 * the account in. An identity (issuer and subject) already linked finds its account. Otherwise a
 * verified address makes a new account, a member where `joiningFor` says; an address that already
 * has an account is not linked by address: the answer is a link waiting for that account to
 * prove itself in this browser (`linkSso`).
 */
export async function finishSso(
  app: FastifyInstance,
  input: { flow: Flow | null; query: string; meta: ClientMeta },
): Promise<SsoOutcome> {
  const { flow } = input;
  if (!flow) throw ssoError(SSO_MESSAGES.stateMismatch);
  const connection = await findConnectionById(app.db, flow.connectionId);
  if (!connection)
    throw ssoError(flow.instance ? SSO_MESSAGES.instanceNotConfigured : SSO_MESSAGES.notConfigured);
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
        : await provisionUser(app, tx, { meta: input.meta, connection, claims });
      if (!found) throw ssoError(SSO_MESSAGES.failed);
      if ('link' in found) return { kind: 'link', link: found.link };
      if (connection.workspaceId === null) await refuseWhereOwnProviderRequired(tx, found.id);
      const session = await openSsoSession(app, tx, {
        user: found,
        meta: input.meta,
        maxAgeSeconds: connection.sessionMaxAgeSeconds,
        sso: { issuer: claims.issuer, sid: claims.sid },
      });
      return {
        kind: 'session',
        session: { ...session, workspace_id: await landingOf(tx, connection, found) },
      };
    });
  } catch (err) {
    // Two first sign-ins of one person at once: the second finds the first's account next time.
    if (isUniqueViolation(err)) throw ssoError(SSO_MESSAGES.failed);
    throw err;
  }
}

/**
 * A workspace that requires SSO requires its own provider: the instance's would let a member in
 * past the workspace's provider (where the organisation ends their access). A workspace with no
 * provider of its own cannot require SSO, so the instance's provider is all it knows.
 */
async function refuseWhereOwnProviderRequired(tx: DbOrTx, userId: string) {
  const enforced = await enforcedWorkspaceOf(tx, userId);
  if (enforced) throw ssoError(SSO_MESSAGES.instanceEnforced(enforced.name, enforced.provider), 403);
}

/**
 * Adds the account to the workspace with the role, unless already a member, and says so as an
 * accepted invitation does: the audit entry and the member.joined event (the workspace's
 * webhooks), both in the transaction of the sign-in.
 */
async function joinByProvider(
  app: FastifyInstance,
  tx: DbOrTx,
  joining: Joining,
  user: { id: string; email: string },
) {
  const { workspaceId, role } = joining;
  if (!(await joinWorkspace(tx, { workspaceId, userId: user.id, role }))) return;
  await recordAudit(tx, {
    action: 'member.joined',
    where: { workspaceId },
    target: { type: 'member', id: user.id, label: user.email },
    details: { role, via: 'sso' },
  });
  await emitMemberEvent(app, tx, {
    type: 'member.joined',
    workspaceId,
    userId: user.id,
    email: user.email,
    role,
  });
}

async function provisionUser(
  app: FastifyInstance,
  tx: DbOrTx,
  input: { meta: ClientMeta; connection: SsoConnectionRow; claims: Claims },
) {
  const { claims, connection } = input;
  if (!claims.email) throw ssoError(SSO_MESSAGES.noEmail);
  if (!claims.emailVerified) throw ssoError(SSO_MESSAGES.emailUnverified, 403);
  const joining = await joiningFor(tx, connection, claims.email);
  const existing = await findUserByEmail(tx, claims.email);
  if (existing) {
    const link = {
      issuer: claims.issuer,
      subject: claims.subject,
      userId: existing.id,
      connectionId: connection.id,
      workspaceId: joining?.workspaceId ?? null,
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
    ip: input.meta.ip ?? null,
  });
  if (joining) await joinByProvider(app, tx, joining, user);
  return user;
}

/**
 * Links the provider's account waiting in this browser to the signed-in account, which has just
 * proven itself (a password, a login link, a second factor: the route needs a recent proof) and
 * must be the account of the address the provider vouched for. It then joins the workspace like
 * a new account would. The link's entry goes to that workspace's log, or (an instance sign-in
 * joining none) to the account's personal workspace's.
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
      const connection = await findConnectionById(tx, link.connectionId);
      if (!connection || connection.issuer !== link.issuer) throw ssoError(SSO_MESSAGES.notConfigured);
      const holder = await findIdentityUser(tx, link.issuer, link.subject);
      if (holder && holder !== user.id) throw ssoError(SSO_MESSAGES.identityTaken, 409);
      const joining = await joiningFor(tx, connection, user.email);
      if (!holder) {
        await linkIdentity(tx, { issuer: link.issuer, subject: link.subject, userId: user.id });
        await recordAudit(tx, {
          action: 'sso.linked',
          where: { workspaceId: joining?.workspaceId ?? (await personalWorkspaceId(tx, user.id)) },
          target: { type: 'member', id: user.id, label: user.email },
          details: { issuer: link.issuer, ...(connection.workspaceId === null ? { instance: true } : {}) },
        });
      }
      if (joining) await joinByProvider(app, tx, joining, user);
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
  if (enforced) throw new AppError('FORBIDDEN', 403, SSO_MESSAGES.enforced(enforced.name, enforced.provider));
};

/** A session opened through a provider lasts no longer than its workspace chose, refreshes included. */
export const ssoSessionCap: SessionCap = async (db, input) =>
  input.method === 'sso' ? shortestSsoSessionOf(db, input.userId) : null;
