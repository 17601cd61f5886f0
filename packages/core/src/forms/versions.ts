import { z } from 'zod';
import { wireFormSchema } from './form-wire.ts';

/** One published version of a form (GET /api/forms/:id/versions). */
export const formVersionSummarySchema = z.object({
  number: z.number().int().min(1),
  published_at: z.string(),
  title: z.string(),
  field_count: z.number().int().min(0),
  /** The version respondents get now (the form is published and this is its live version). */
  is_live: z.boolean(),
});
export type FormVersionSummary = z.infer<typeof formVersionSummarySchema>;

/** Changes to how a form protects its answers, kept in its history beside the published versions. */
export const FORM_HISTORY_KINDS = ['encryption_on', 'encryption_off', 'encryption_key_changed'] as const;
export type FormHistoryKind = (typeof FORM_HISTORY_KINDS)[number];
export const FORM_HISTORY_ACTORS = ['session', 'api_key'] as const;
export type FormHistoryActor = (typeof FORM_HISTORY_ACTORS)[number];

/** What each change says in the history and in the owner's alert mail. */
export const FORM_HISTORY_LABELS: Record<FormHistoryKind, string> = {
  encryption_on: 'End-to-end encryption turned on',
  encryption_off: 'End-to-end encryption turned off: new answers are sent as Standard',
  encryption_key_changed: 'End-to-end encryption key or passphrase changed',
};

export const formHistoryEntrySchema = z.object({
  kind: z.enum(FORM_HISTORY_KINDS),
  at: z.string(),
  /** A signed-in session or an API key. */
  by: z.enum(FORM_HISTORY_ACTORS),
  ip: z.string().nullable(),
});
export type FormHistoryEntry = z.infer<typeof formHistoryEntrySchema>;

/** Every published version of a form, newest first, and its protection changes, newest first. */
export const formVersionListSchema = z.object({
  versions: z.array(formVersionSummarySchema),
  history: z.array(formHistoryEntrySchema),
  /** The draft's revision (what `If-Match` names). */
  version: z.number().int().min(1),
  published_version: z.number().int().min(1).nullable(),
});
export type FormVersionList = z.infer<typeof formVersionListSchema>;

export const versionParamsSchema = z.object({ id: z.string(), n: z.string() });

/**
 * The 409 answer to a save made against an older revision: the error shape plus the current
 * revision and form, so the editor can offer to reload them or to keep its own copy (save again
 * with `current_version`).
 */
export const versionConflictSchema = z.object({
  error: z.string(),
  code: z.literal('VERSION_CONFLICT'),
  fields: z.record(z.string(), z.string()).optional(),
  current_version: z.number().int().min(1),
  form: wireFormSchema,
});
export type VersionConflict = z.infer<typeof versionConflictSchema>;

/** `"3"`, `W/"3"` or `3` as an If-Match value; `*` (any revision) and absent answer null. */
export function parseIfMatch(header: string | undefined): number | null | 'invalid' {
  if (header === undefined || header.trim() === '*' || header.trim() === '') return null;
  const match = /^(?:W\/)?"?(\d{1,9})"?$/.exec(header.trim());
  return match ? Number(match[1]) : 'invalid';
}

/** The ETag of a draft revision. */
export function versionEtag(version: number): string {
  return `"${version}"`;
}
