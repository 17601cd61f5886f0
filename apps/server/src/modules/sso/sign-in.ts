import type { LoginResponse } from '@formsmith/core/auth/api';
import { SSO_MESSAGES } from '@formsmith/core/sso/api';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/index.ts';
import {
  type ClientMeta,
  createSsoUser,
  findUserByEmail,
  findUserById,
  openSsoSession,
  type SignInGuard,
} from '../auth/index.ts';
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

/**
 * The provider's redirect back: checks the answer against the flow this browser started and signs
 * the account in. An identity (issuer and subject) already linked finds its account. Otherwise a
 * verified address of one of the workspace's domains makes a new account and member (with the
 * workspace's default role); an address that already has an account is not linked by address:
 * its owner signs in the usual way first.
 */
export async function finishSso(
  app: FastifyInstance,
  input: { flow: Flow | null; query: string; meta: ClientMeta },
): Promise<LoginResponse> {
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
    return await app.db.transaction(async (tx) => {
      const known = await findIdentityUser(tx, claims.issuer, claims.subject);
      const user = known ? await findUserById(tx, known) : await provisionUser(tx, connection, claims);
      if (!user) throw ssoError(SSO_MESSAGES.failed);
      return openSsoSession(app, tx, {
        user,
        meta: input.meta,
        maxAgeSeconds: connection.sessionMaxAgeSeconds,
      });
    });
  } catch (err) {
    // Two first sign-ins of one person at once: the second finds the first's account next time.
    if (isUniqueViolation(err)) throw ssoError(SSO_MESSAGES.failed);
    throw err;
  }
}

async function provisionUser(
  tx: DbOrTx,
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
  if (await findUserByEmail(tx, claims.email)) throw ssoError(SSO_MESSAGES.linkFirst, 409);
  const name = claims.name?.trim().slice(0, 100) || claims.email.slice(0, claims.email.indexOf('@'));
  const user = await createSsoUser(tx, { email: claims.email, name });
  await linkIdentity(tx, { issuer: claims.issuer, subject: claims.subject, userId: user.id });
  const role = connection.defaultRole === 'owner' ? 'admin' : connection.defaultRole;
  if (await joinWorkspace(tx, { workspaceId: connection.workspaceId, userId: user.id, role })) {
    await recordAudit(tx, {
      action: 'member.joined',
      where: { workspaceId: connection.workspaceId },
      target: { type: 'member', id: user.id, label: claims.email },
      details: { role, via: 'sso' },
    });
  }
  return user;
}

/** Refuses a password or login-link sign-in of a member (not an owner) of a workspace requiring SSO. */
export const ssoSignInGuard: SignInGuard = async (db, attempt) => {
  const enforced = await enforcedWorkspaceOf(db, attempt.userId);
  if (enforced) throw new AppError('FORBIDDEN', 403, SSO_MESSAGES.enforced(enforced.name, enforced.issuer));
};
