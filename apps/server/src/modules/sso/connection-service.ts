import { randomUUID } from 'node:crypto';
import {
  type InstanceSsoConnectionInput,
  SSO_MESSAGES,
  type SsoConnection,
  type SsoConnectionAnswer,
  type SsoProvider,
  ssoProviderName,
} from '@formsmith/core/sso/api';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/index.ts';
import { personalWorkspaceId } from '../workspaces/index.ts';
import { discoverProvider } from './oidc.ts';
import {
  assignDomain,
  deleteConnection,
  findConnection,
  findDomainWorkspace,
  listAllDomains,
  listDomains,
  listTeamWorkspaces,
  removeDomain,
  type SsoConnectionRow,
  type SsoOwner,
  saveConnection,
  workspaceExists,
} from './repository.ts';
import { openClientSecret, sealClientSecret } from './secrets.ts';

export const callbackUrl = (app: FastifyInstance) => `${app.config.publicUrl}/api/auth/sso/callback`;
export const backchannelLogoutUrl = (app: FastifyInstance) =>
  `${app.config.publicUrl}/api/auth/sso/backchannel-logout`;

function toConnection(app: FastifyInstance, row: SsoConnectionRow, domains: string[]): SsoConnection {
  return {
    issuer: row.issuer,
    display_name: row.displayName,
    client_id: row.clientId,
    has_client_secret: true,
    default_role: row.defaultRole === 'owner' ? 'admin' : row.defaultRole,
    enforced: row.enforced,
    session_max_age_seconds: row.sessionMaxAgeSeconds,
    redirect_uri: callbackUrl(app),
    domains,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A workspace's own domains; for the instance's provider every assigned domain (it serves them all). */
async function domainsOf(app: FastifyInstance, owner: SsoOwner): Promise<string[]> {
  if (owner !== null) return listDomains(app.db, owner);
  return (await listAllDomains(app.db)).map((d) => d.domain);
}

/**
 * Where an SSO change is written in the audit log. A workspace's goes to its log. The instance's
 * provider belongs to no workspace, and every entry needs one (audit_events.workspace_id is not
 * null): it goes to the personal workspace of the administrator who made it, the one log that
 * person is sure to read, so the change is never unrecorded.
 */
async function auditWhere(tx: DbOrTx, owner: SsoOwner, actorId: string) {
  return { workspaceId: owner ?? (await personalWorkspaceId(tx, actorId)) };
}

export async function getConnection(app: FastifyInstance, owner: SsoOwner): Promise<SsoConnectionAnswer> {
  const row = await findConnection(app.db, owner);
  const domains = await domainsOf(app, owner);
  return {
    connection: row ? toConnection(app, row, domains) : null,
    redirect_uri: callbackUrl(app),
    backchannel_logout_uri: backchannelLogoutUrl(app),
    domains,
  };
}

/**
 * Connects (or changes) a workspace's provider or the instance's own. Discovery runs first, so a
 * provider that is down or an address that is no OpenID Connect issuer is refused with the
 * reason; the issuer stored is the one the provider names itself, which its ID tokens carry.
 */
export async function putConnection(
  app: FastifyInstance,
  input: { owner: SsoOwner; actorId: string; body: InstanceSsoConnectionInput & { enforced?: boolean } },
): Promise<SsoConnection> {
  const { owner, body } = input;
  const existing = await findConnection(app.db, owner);
  const id = existing?.id ?? randomUUID();
  const secret =
    body.client_secret ??
    (existing ? openClientSecret(app.keyring, existing.id, existing.clientSecret) : null);
  if (!secret) {
    throw new AppError('VALIDATION_FAILED', 400, SSO_MESSAGES.secretRequired, {
      client_secret: SSO_MESSAGES.secretRequired,
    });
  }
  const config = await discoverProvider({
    issuer: body.issuer,
    clientId: body.client_id,
    clientSecret: secret,
  });
  const issuer = config.serverMetadata().issuer;
  // The instance's provider has nothing to enforce: a workspace requires its own.
  const enforced = owner === null ? false : (body.enforced ?? false);
  const row = await app.db.transaction(async (tx) => {
    const saved = await saveConnection(tx, {
      id,
      workspaceId: owner,
      issuer,
      displayName: body.display_name || null,
      clientId: body.client_id,
      clientSecret: sealClientSecret(app.keyring, id, secret),
      defaultRole: body.default_role,
      enforced,
      sessionMaxAgeSeconds: body.session_max_age_seconds,
    });
    await recordAudit(tx, {
      action: existing ? 'sso.changed' : 'sso.connected',
      where: await auditWhere(tx, owner, input.actorId),
      target: { type: 'sso', id: saved.id, label: issuer },
      details: {
        ...(owner === null ? { instance: true } : { enforced }),
        issuer,
        display_name: body.display_name || null,
        client_id: body.client_id,
        client_secret_changed: body.client_secret !== undefined,
        default_role: body.default_role,
        session_max_age_seconds: body.session_max_age_seconds,
      },
    });
    return saved;
  });
  return toConnection(app, row, await domainsOf(app, owner));
}

export async function removeConnection(
  app: FastifyInstance,
  input: { owner: SsoOwner; actorId: string },
): Promise<void> {
  const { owner } = input;
  await app.db.transaction(async (tx) => {
    const existing = await findConnection(tx, owner);
    if (!existing || !(await deleteConnection(tx, owner)))
      throw notFound(owner === null ? SSO_MESSAGES.instanceNotConfigured : SSO_MESSAGES.notConfigured);
    await recordAudit(tx, {
      action: 'sso.disconnected',
      where: await auditWhere(tx, owner, input.actorId),
      target: { type: 'sso', id: existing.id, label: existing.issuer },
      ...(owner === null ? { details: { instance: true } } : {}),
    });
  });
}

export async function readTeamWorkspaces(app: FastifyInstance) {
  return { workspaces: await listTeamWorkspaces(app.db) };
}

/** The providers the login page names: the instance's own, when connected, by its issuer's host. */
export async function readProviders(app: FastifyInstance): Promise<{ providers: SsoProvider[] }> {
  const row = await findConnection(app.db, null);
  return { providers: row ? [{ id: 'instance', name: ssoProviderName(row) }] : [] };
}

async function teamWorkspace(app: FastifyInstance, workspaceId: number) {
  const workspace = await workspaceExists(app.db, workspaceId);
  if (!workspace) throw notFound('No team workspace with this id');
  return workspace;
}

export async function readDomains(app: FastifyInstance) {
  return { domains: await listAllDomains(app.db) };
}

/** Gives an email domain to a team workspace; a domain belongs to one workspace at most (409). */
export async function putDomain(app: FastifyInstance, domain: string, workspaceId: number) {
  const workspace = await teamWorkspace(app, workspaceId);
  await app.db.transaction(async (tx) => {
    const already = (await findDomainWorkspace(tx, domain)) === workspaceId;
    if (!(await assignDomain(tx, workspaceId, domain))) {
      throw new AppError('CONFLICT', 409, SSO_MESSAGES.domainTaken(domain));
    }
    if (already) return;
    await recordAudit(tx, {
      action: 'sso.domain_assigned',
      where: { workspaceId },
      target: { type: 'domain', id: domain, label: domain },
    });
  });
  return { domain, workspace_id: workspaceId, workspace_name: workspace.name };
}

export async function deleteDomain(app: FastifyInstance, domain: string) {
  await app.db.transaction(async (tx) => {
    const workspaceId = await removeDomain(tx, domain);
    if (workspaceId === null) throw notFound(`${domain} is not assigned to a workspace`);
    await recordAudit(tx, {
      action: 'sso.domain_removed',
      where: { workspaceId },
      target: { type: 'domain', id: domain, label: domain },
    });
  });
}
