import { randomUUID } from 'node:crypto';
import {
  SSO_MESSAGES,
  type SsoConnection,
  type SsoConnectionAnswer,
  type SsoConnectionInput,
} from '@formsmith/core/sso/api';
import type { FastifyInstance } from 'fastify';
import { AppError, notFound } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/index.ts';
import { discoverProvider, ssoError } from './oidc.ts';
import {
  assignDomain,
  deleteConnection,
  findConnection,
  findDomainWorkspace,
  listAllDomains,
  listDomains,
  removeDomain,
  type SsoConnectionRow,
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

export async function getConnection(app: FastifyInstance, workspaceId: number): Promise<SsoConnectionAnswer> {
  const row = await findConnection(app.db, workspaceId);
  const domains = await listDomains(app.db, workspaceId);
  return {
    connection: row ? toConnection(app, row, domains) : null,
    redirect_uri: callbackUrl(app),
    backchannel_logout_uri: backchannelLogoutUrl(app),
    domains,
  };
}

/**
 * Connects (or changes) the workspace's provider. Discovery runs first, so a provider that is
 * down or an address that is no OpenID Connect issuer is refused with the reason; the issuer
 * stored is the one the provider names itself, which its ID tokens carry.
 */
export async function putConnection(
  app: FastifyInstance,
  workspaceId: number,
  input: SsoConnectionInput,
): Promise<SsoConnection> {
  const existing = await findConnection(app.db, workspaceId);
  const id = existing?.id ?? randomUUID();
  const secret =
    input.client_secret ??
    (existing ? openClientSecret(app.keyring, existing.id, existing.clientSecret) : null);
  if (!secret) {
    throw new AppError('VALIDATION_FAILED', 400, SSO_MESSAGES.secretRequired, {
      client_secret: SSO_MESSAGES.secretRequired,
    });
  }
  const config = await discoverProvider({
    issuer: input.issuer,
    clientId: input.client_id,
    clientSecret: secret,
  });
  const issuer = config.serverMetadata().issuer;
  const row = await app.db.transaction(async (tx) => {
    const saved = await saveConnection(tx, {
      id,
      workspaceId,
      issuer,
      clientId: input.client_id,
      clientSecret: sealClientSecret(app.keyring, id, secret),
      defaultRole: input.default_role,
      enforced: input.enforced,
      sessionMaxAgeSeconds: input.session_max_age_seconds,
    });
    await recordAudit(tx, {
      action: existing ? 'sso.changed' : 'sso.connected',
      where: { workspaceId },
      target: { type: 'sso', id: saved.id, label: issuer },
      details: {
        issuer,
        client_id: input.client_id,
        client_secret_changed: input.client_secret !== undefined,
        default_role: input.default_role,
        enforced: input.enforced,
        session_max_age_seconds: input.session_max_age_seconds,
      },
    });
    return saved;
  });
  return toConnection(app, row, await listDomains(app.db, workspaceId));
}

export async function removeConnection(app: FastifyInstance, workspaceId: number): Promise<void> {
  await app.db.transaction(async (tx) => {
    const existing = await findConnection(tx, workspaceId);
    if (!existing || !(await deleteConnection(tx, workspaceId))) throw notFound(SSO_MESSAGES.notConfigured);
    await recordAudit(tx, {
      action: 'sso.disconnected',
      where: { workspaceId },
      target: { type: 'sso', id: existing.id, label: existing.issuer },
    });
  });
}

/** 403 unless the caller is the instance administrator (the account with role admin). */
export function assertInstanceAdmin(user: { role: string }): void {
  if (user.role !== 'admin') throw ssoError(SSO_MESSAGES.adminOnly, 403);
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
