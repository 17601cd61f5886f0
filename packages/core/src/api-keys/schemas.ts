import { z } from 'zod';

/** What an API key may do; each owner endpoint names the one it needs. */
export const API_KEY_SCOPES = [
  'forms:read',
  'forms:write',
  'submissions:read',
  'submissions:write',
  'webhooks:write',
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  'forms:read': 'Read forms',
  'forms:write': 'Create, change and publish forms',
  'submissions:read': 'Read and export submissions',
  'submissions:write': 'Change submission settings',
  'webhooks:write': 'Manage webhooks',
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
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The create answer: the only time the key itself is shown. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeyListSchema = z.object({ items: z.array(apiKeySchema) });
