import { z } from 'zod';
import { ACCESS_RESTRICTIONS, conditionalLogicSchema, fieldTypeSchema } from './types.ts';

/**
 * A field as the server stores and sends it (SPEC §3 'server names'). Clients turn it into a
 * FormField with normalizeField (fields/normalize.ts); the editor turns a FormField back into
 * this with toWireField (fields/save-payload.ts).
 */
export const wireOptionSchema = z.object({ id: z.string().optional(), label: z.string(), value: z.string() });

export const wireFieldSchema = z.object({
  id: z.string(),
  label: z.string(),
  field_type: fieldTypeSchema,
  type: fieldTypeSchema,
  is_required: z.boolean(),
  position: z.number().int(),
  placeholder: z.string().optional(),
  help_text: z.string().optional(),
  default_value: z.string().optional(),
  validation_rules: z.record(z.string(), z.unknown()),
  options: z.array(wireOptionSchema).optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  is_hidden: z.boolean().optional(),
  is_read_only: z.boolean().optional(),
  parent_id: z.string().nullable().optional(),
  conditional_logic: conditionalLogicSchema.nullable().optional(),
  image_url: z.string().optional(),
});
export type WireField = z.infer<typeof wireFieldSchema>;

/** Sharing settings as the server sends them. The access code itself is never sent back. */
export const wireSharingSchema = z.object({
  slug: z.string().nullable(),
  access_restriction: z.enum(ACCESS_RESTRICTIONS),
  has_access_code: z.boolean(),
  expiration_date: z.string().nullable(),
  share_url: z.string(),
  published_at: z.string().nullable(),
  share_count: z.number().int(),
});

/** A form as the owner API sends it (GET /api/forms, /api/forms/:id for the owner). */
export const wireFormSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  fields: z.array(wireFieldSchema),
  logo_url: z.string().nullable(),
  theme_config: z.record(z.string(), z.unknown()),
  is_published: z.boolean(),
  submit_button_text: z.string(),
  success_message: z.string(),
  submissions: z.number().int(),
  last_edited: z.string(),
  created_at: z.string(),
  sharing: wireSharingSchema,
  /** The draft's revision: every save bumps it; a save naming an older one gets 409. */
  version: z.number().int().min(1),
  /** The published version respondents get (null until the first publish). */
  published_version: z.number().int().min(1).nullable(),
  /** The draft differs from the published version (edits wait for 'Publish changes'). */
  has_unpublished_changes: z.boolean(),
});
export type WireForm = z.infer<typeof wireFormSchema>;

/** What an anonymous respondent gets (GET /api/forms/:id or /api/forms/shared/:slug): no owner data. */
export const publicFormSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  fields: z.array(wireFieldSchema),
  logo_url: z.string().nullable(),
  theme_config: z.record(z.string(), z.unknown()),
  is_published: z.literal(true),
  submit_button_text: z.string(),
  success_message: z.string(),
  slug: z.string().nullable(),
  access_restriction: z.enum(ACCESS_RESTRICTIONS),
  expiration_date: z.string().nullable(),
});
export type PublicForm = z.infer<typeof publicFormSchema>;
