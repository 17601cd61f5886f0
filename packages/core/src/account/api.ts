import { z } from 'zod';
import { apiKeySchema } from '../api-keys/api.ts';
import { passkeySchema } from '../auth/two-factor.ts';
import { aliasKeys } from '../http.ts';
import { workspaceQuerySchema } from '../workspaces/api.ts';

// Request and response shapes of the signed-in user's account routes: settings, privacy requests,
// sessions, search and the notifications feed (/api/account/…, /api/security/…).

export const RETENTION_MIN_DAYS = 30;
export const RETENTION_MAX_DAYS = 365;
const RETENTION_MESSAGE = `Data retention period must be between ${RETENTION_MIN_DAYS} and ${RETENTION_MAX_DAYS} days`;

/** Security settings as the server stores and sends them. */
export const securitySettingsSchema = z.object({
  security_notifications: z.boolean(),
  data_retention_period: z.number().int(),
  gdpr_enabled: z.boolean(),
  encryption_level: z.enum(['standard', 'enhanced']),
});
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;

/** PUT /security/settings: any subset; what is left out keeps its stored value. */
export const securitySettingsBody = z.preprocess(
  aliasKeys({
    securityNotifications: 'security_notifications',
    dataRetentionPeriod: 'data_retention_period',
    gdprEnabled: 'gdpr_enabled',
    encryptionLevel: 'encryption_level',
  }),
  z.object({
    security_notifications: z.boolean().optional(),
    data_retention_period: z
      .number({ error: RETENTION_MESSAGE })
      .int({ error: RETENTION_MESSAGE })
      .min(RETENTION_MIN_DAYS, { error: RETENTION_MESSAGE })
      .max(RETENTION_MAX_DAYS, { error: RETENTION_MESSAGE })
      .optional(),
    gdpr_enabled: z.boolean().optional(),
    encryption_level: z
      .enum(['standard', 'enhanced'], { error: 'Encryption level must be standard or enhanced' })
      .optional(),
  }),
);
export type SecuritySettingsInput = z.infer<typeof securitySettingsBody>;

/** Which mails the user receives. */
export const notificationSettingsSchema = z.object({
  form_submissions: z.boolean(),
  security_alerts: z.boolean(),
  marketing_emails: z.boolean(),
  weekly_digest: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** PUT /account/notifications: any subset; what is left out keeps its stored value. */
export const notificationSettingsBody = z.preprocess(
  aliasKeys({
    formSubmissions: 'form_submissions',
    securityAlerts: 'security_alerts',
    marketingEmails: 'marketing_emails',
    weeklyDigest: 'weekly_digest',
  }),
  notificationSettingsSchema.partial(),
);
export type NotificationSettingsInput = z.infer<typeof notificationSettingsBody>;

export const REQUEST_TYPES = ['access', 'delete', 'portability'] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];

/** A privacy request (access, deletion, portability) and where it stands. */
export const dataRequestSchema = z.object({
  id: z.string(),
  request_type: z.enum(REQUEST_TYPES),
  details: z.string(),
  status: z.enum(['pending', 'processing', 'completed', 'rejected']),
  created_at: z.string(),
  completion_date: z.string().nullable(),
});
export type DataRequestView = z.infer<typeof dataRequestSchema>;
export const dataRequestListSchema = z.array(dataRequestSchema);

const dataRequestFields = z.object({
  request_type: z.enum(REQUEST_TYPES, { error: 'Request type must be access, delete or portability' }),
  details: z.string().trim().max(2000, { error: 'Details must be at most 2000 characters' }).optional(),
  confirm_email: z.string().max(254).optional(),
});
/** What the web sends to file a privacy request. */
export type DataRequestBody = z.input<typeof dataRequestFields>;

/** POST /security/data-protection/requests: a deletion needs the account's email typed again. */
export const dataRequestBody = z.preprocess(
  aliasKeys({ requestType: 'request_type', confirmEmail: 'confirm_email' }),
  dataRequestFields,
);
export type DataRequestInput = z.infer<typeof dataRequestBody>;

/** A session or privacy request named in the path; checked in the handler so a bad one is a 404. */
export const accountIdParamsSchema = z.object({ id: z.string().max(100) });

/** One signed-in device of the user; `current` marks the caller's own session. */
export const sessionViewSchema = z.object({
  id: z.string(),
  device: z.string(),
  ip: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string(),
  current: z.boolean(),
});
export type SessionView = z.infer<typeof sessionViewSchema>;
export const sessionListSchema = z.array(sessionViewSchema);

/**
 * GET /account/search?q=: the text to look for in the user's forms and answers, in every
 * workspace of theirs or the one `workspace_id` names.
 */
export const searchQuery = z.object({
  ...workspaceQuerySchema.shape,
  q: z
    .string({ error: 'Search query is required' })
    .trim()
    .min(1, { error: 'Search query is required' })
    .max(200, { error: 'Search query must be at most 200 characters' }),
});

/** The forms and submissions that match, with the answer that matched cut around the text. */
export const searchResultSchema = z.object({
  forms: z.array(z.object({ id: z.number().int(), title: z.string(), description: z.string() })),
  submissions: z.array(
    z.object({
      id: z.string(),
      form_id: z.number().int(),
      form_title: z.string(),
      created_at: z.string(),
      snippet: z.string(),
    }),
  ),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/** One entry of the notifications feed: a recent submission to one of the user's forms. */
export const recentSubmissionSchema = z.object({
  id: z.string(),
  form_id: z.number().int(),
  form_title: z.string(),
  created_at: z.string(),
});
export type RecentSubmission = z.infer<typeof recentSubmissionSchema>;
export const recentSubmissionListSchema = z.array(recentSubmissionSchema);

/**
 * GET /account/access: what besides the password can get into the account, offered for review
 * (and revocation) after a password reset.
 */
export const accountAccessSchema = z.object({
  passkeys: z.array(passkeySchema),
  api_keys: z.array(apiKeySchema),
});
export type AccountAccess = z.infer<typeof accountAccessSchema>;

export const REVOKE_ACCESS_MESSAGES = {
  nothingChosen: 'Choose at least one passkey or API key to revoke',
} as const;

const accessIds = z.array(z.string().max(100)).max(100).default([]);

/** POST /account/access/revoke: the passkeys and API keys to take away, all of them or none. */
export const revokeAccessBody = z
  .object({ passkey_ids: accessIds, api_key_ids: accessIds })
  .refine((v) => v.passkey_ids.length + v.api_key_ids.length > 0, {
    error: REVOKE_ACCESS_MESSAGES.nothingChosen,
    path: ['passkey_ids'],
  });
export type RevokeAccessBody = z.input<typeof revokeAccessBody>;
