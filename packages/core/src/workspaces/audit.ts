// The audit log of a workspace (/api/workspaces/:id/audit): what it records and how it is read.
import { z } from 'zod';

/** Every action the audit log records, with how the log names it. */
export const AUDIT_ACTIONS = {
  'workspace.created': 'Workspace created',
  'workspace.renamed': 'Workspace renamed',
  'form.created': 'Form created',
  'form.edited': 'Form edited',
  'form.published': 'Form published',
  'form.unpublished': 'Form unpublished',
  'form.deleted': 'Form moved to the trash',
  'form.purged': 'Form deleted for good',
  'form.restored': 'Form restored',
  'form.settings_changed': 'Form settings changed',
  'form.encryption_changed': 'Encryption changed',
  'form.moved': 'Form moved to another workspace',
  'template.created': 'Form saved as a template',
  'template.changed': 'Template changed',
  'template.deleted': 'Template deleted',
  'submissions.exported': 'Responses exported',
  'submissions.deleted': 'Responses deleted',
  'member.invited': 'Member invited',
  'member.invitation_revoked': 'Invitation revoked',
  'member.joined': 'Member joined',
  'member.role_changed': 'Member role changed',
  'member.removed': 'Member removed',
  'member.left': 'Member left',
  'api_key.created': 'API key created',
  'api_key.revoked': 'API key revoked',
  'webhook.created': 'Webhook created',
  'webhook.deleted': 'Webhook deleted',
  'sso.connected': 'Single sign-on connected',
  'sso.changed': 'Single sign-on changed',
  'sso.disconnected': 'Single sign-on disconnected',
  'sso.linked': 'Account linked to single sign-on',
  'sso.domain_assigned': 'Email domain assigned',
  'sso.domain_removed': 'Email domain removed',
  'domain.added': 'Custom domain added',
  'domain.changed': 'Custom domain pointed at another form',
  'domain.removed': 'Custom domain removed',
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as AuditAction[];

/** How long entries are kept unless AUDIT_RETENTION_DAYS says otherwise. */
export const AUDIT_RETENTION_DEFAULT_DAYS = 365;

export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  actor: z.object({ id: z.string().nullable(), name: z.string().nullable(), email: z.string().nullable() }),
  /** session, api_key or system (the server on its own, e.g. a retention purge). */
  via: z.enum(['session', 'api_key', 'system']),
  api_key_id: z.string().nullable(),
  ip: z.string().nullable(),
  action: z.string(),
  target: z.object({ type: z.string().nullable(), id: z.string().nullable(), label: z.string().nullable() }),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** Pass as `before` for the next (older) page; null on the last one. */
  next_before: z.number().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

const day = z.iso.date({ error: 'Dates are written YYYY-MM-DD' });

/** GET …/audit and …/audit/export: filters (all optional, combined); paging for the first. */
export const auditQuerySchema = z.object({
  action: z
    .enum(AUDIT_ACTION_NAMES as [AuditAction, ...AuditAction[]], {
      error: 'Unknown action: see the list in the API documentation',
    })
    .optional(),
  actor: z.uuid({ error: 'actor is the id of a member' }).optional(),
  from: day.optional(),
  to: day.optional(),
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;
