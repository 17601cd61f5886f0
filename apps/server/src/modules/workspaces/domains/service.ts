import {
  CUSTOM_DOMAIN_LIMIT,
  type CustomDomain,
  type CustomDomainInput,
  DOMAIN_MESSAGES,
  hostWithoutPort,
  normalizeHost,
} from '@formsmith/core/workspaces/domains';
import type { FastifyInstance } from 'fastify';
import { AppError, badRequest, conflict, notFound } from '../../../lib/app-error.ts';
import { recordAudit } from '../../audit/index.ts';
import {
  countWorkspaceDomains,
  createDomain,
  deleteDomain,
  findWorkspaceForm,
  listWorkspaceDomains,
  updateDomainForm,
} from './repository.ts';

const invalidHost = (message: string) => badRequest(message, { host: message });

/** A host name someone typed, as stored; 400 naming what is wrong with it. */
function hostOf(app: FastifyInstance, typed: string): string {
  const normal = normalizeHost(typed);
  if ('error' in normal) throw invalidHost(normal.error);
  if (normal.host === hostWithoutPort(new URL(app.config.publicUrl).host)) {
    throw invalidHost(DOMAIN_MESSAGES.instanceHost);
  }
  return normal.host;
}

/** The form a host's `/` opens: one of the workspace's forms (400 naming the field otherwise). */
async function pointedForm(app: FastifyInstance, workspaceId: number, formId: number | null | undefined) {
  if (formId === null || formId === undefined) return null;
  const form = await findWorkspaceForm(app.db, { workspaceId, formId });
  if (!form) {
    throw badRequest(DOMAIN_MESSAGES.formNotInWorkspace, { form_id: DOMAIN_MESSAGES.formNotInWorkspace });
  }
  return { id: formId, title: form.title };
}

export async function listCustomDomains(app: FastifyInstance, workspaceId: number) {
  const rows = await listWorkspaceDomains(app.db, workspaceId);
  return {
    domains: rows.map(
      (r): CustomDomain => ({
        host: r.host,
        form_id: r.formId,
        form_title: r.formTitle,
        created_at: r.createdAt.toISOString(),
      }),
    ),
    limit: CUSTOM_DOMAIN_LIMIT,
  };
}

/**
 * Adds a host name to the workspace (400 for a malformed one or this instance's own, 409 when the
 * workspace is at its limit or another workspace has it), and reloads the host table.
 */
export async function addCustomDomain(
  app: FastifyInstance,
  input: { workspaceId: number; userId: string; body: CustomDomainInput },
): Promise<CustomDomain> {
  const host = hostOf(app, input.body.host);
  const form = await pointedForm(app, input.workspaceId, input.body.form_id);
  const createdAt = await app.db.transaction(async (tx) => {
    if ((await countWorkspaceDomains(tx, input.workspaceId)) >= CUSTOM_DOMAIN_LIMIT) {
      throw new AppError('LIMIT_REACHED', 409, DOMAIN_MESSAGES.limit);
    }
    const made = await createDomain(tx, {
      host,
      workspaceId: input.workspaceId,
      formId: form?.id ?? null,
      createdBy: input.userId,
    });
    if (!made) throw conflict(DOMAIN_MESSAGES.taken, { host: DOMAIN_MESSAGES.taken });
    await recordAudit(tx, {
      action: 'domain.added',
      where: { workspaceId: input.workspaceId },
      target: { type: 'domain', id: host, label: host },
      details: { form_id: form?.id ?? null },
    });
    return new Date();
  });
  await app.customDomains.reload(app.db);
  return {
    host,
    form_id: form?.id ?? null,
    form_title: form?.title ?? null,
    created_at: createdAt.toISOString(),
  };
}

/** Points a host's `/` at another form of the workspace, or at none. */
export async function pointCustomDomain(
  app: FastifyInstance,
  input: { workspaceId: number; host: string; formId: number | null },
): Promise<void> {
  const host = hostWithoutPort(input.host);
  const form = await pointedForm(app, input.workspaceId, input.formId);
  await app.db.transaction(async (tx) => {
    const row = await updateDomainForm(tx, {
      workspaceId: input.workspaceId,
      host,
      formId: form?.id ?? null,
    });
    if (!row) throw notFound(DOMAIN_MESSAGES.notFound);
    await recordAudit(tx, {
      action: 'domain.changed',
      where: { workspaceId: input.workspaceId },
      target: { type: 'domain', id: host, label: host },
      details: { form_id: form?.id ?? null },
    });
  });
  await app.customDomains.reload(app.db);
}

export async function removeCustomDomain(
  app: FastifyInstance,
  input: { workspaceId: number; host: string },
): Promise<void> {
  const host = hostWithoutPort(input.host);
  await app.db.transaction(async (tx) => {
    const row = await deleteDomain(tx, { workspaceId: input.workspaceId, host });
    if (!row) throw notFound(DOMAIN_MESSAGES.notFound);
    await recordAudit(tx, {
      action: 'domain.removed',
      where: { workspaceId: input.workspaceId },
      target: { type: 'domain', id: host, label: host },
    });
  });
  await app.customDomains.reload(app.db);
}

/** Caddy's on-demand TLS question: is this a host the instance serves (its own or a custom domain)? */
export function servesHost(app: FastifyInstance, domain: string): boolean {
  const host = hostWithoutPort(domain);
  if (host === hostWithoutPort(new URL(app.config.publicUrl).host)) return true;
  return app.customDomains.find(host) !== undefined;
}
