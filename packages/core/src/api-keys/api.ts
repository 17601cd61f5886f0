import { z } from 'zod';

/**
 * What an API key may do; each owner endpoint names the one it needs. Deleting has scopes of its
 * own: a key made before they existed keeps what it had and cannot delete.
 */
export const API_KEY_SCOPES = [
  'forms:read',
  'forms:write',
  'forms:delete',
  'submissions:read',
  'submissions:write',
  'submissions:delete',
  'webhooks:write',
  'audit:read',
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** What each scope allows, in full: the key form shows these beside the scopes. */
export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  'forms:read': 'Read forms, their settings and published versions',
  'forms:write':
    'Create, change, publish, copy and restore forms and their settings; not delete them, and not send answers out (that needs submissions:read too)',
  'forms:delete': 'Delete forms: to the Trash, or for good with all their submissions',
  'submissions:read':
    'Read and export submissions, uploaded files and analytics; with a write scope, also set up what sends answers out (confirmation copies, redirects with answers, webhooks of submissions)',
  'submissions:write':
    'Change notification and retention settings (keeping submissions for less time also needs submissions:delete)',
  'submissions:delete':
    'Delete submissions, and shorten how long submissions and unfinished answers are kept',
  'webhooks:write':
    'Add, change, test, resend and delete webhooks (a webhook of submissions also needs submissions:read)',
  'audit:read': "Read and export the workspace's audit log (a key of an owner or admin)",
};

export const API_KEY_MESSAGES = {
  nameRequired: 'Give the key a name',
  nameTooLong: 'The name must be at most 100 characters',
  scopesRequired: 'Choose at least one scope',
  expiryInPast: 'The expiry date must be in the future',
} as const;

/** POST /api/account/api-keys. */
export const createApiKeyBodySchema = z.object({
  name: z
    .string({ error: API_KEY_MESSAGES.nameRequired })
    .trim()
    .min(1, { error: API_KEY_MESSAGES.nameRequired })
    .max(100, { error: API_KEY_MESSAGES.nameTooLong }),
  scopes: z
    .array(z.enum(API_KEY_SCOPES), { error: API_KEY_MESSAGES.scopesRequired })
    .min(1, { error: API_KEY_MESSAGES.scopesRequired })
    .transform((scopes) => [...new Set(scopes)]),
  expires_at: z.iso
    .datetime({ offset: true })
    .nullable()
    .optional()
    .refine((v) => !v || Date.parse(v) > Date.now(), { error: API_KEY_MESSAGES.expiryInPast }),
});
export type CreateApiKeyBody = z.input<typeof createApiKeyBodySchema>;

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  /** The workspace the key acts in (with its creator's role there, at most). */
  workspace_id: z.number(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The create answer: the only time the key itself is shown. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeyListSchema = z.object({ items: z.array(apiKeySchema) });
