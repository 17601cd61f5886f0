import { ACCESS_RESTRICTIONS } from '@formsmith/core/fields/types';
import { publicFormSchema, wireFormSchema } from '@formsmith/core/fields/wire';
import { z } from 'zod';

const text = z.string().nullable().optional();

/** Sharing settings in snake_case or camelCase (SPEC §7 PUT /forms/:id/sharing). */
export const sharingBodySchema = z.object({
  slug: text,
  access_restriction: z.enum(ACCESS_RESTRICTIONS).optional(),
  accessRestriction: z.enum(ACCESS_RESTRICTIONS).optional(),
  access_code: text,
  accessCode: text,
  expiration_date: text,
  expirationDate: text,
});

/** The form save payload (SPEC §3) in snake_case or camelCase; fields are normalised by core. */
export const saveBodySchema = sharingBodySchema.extend({
  title: z.string().optional(),
  description: text,
  fields: z.array(z.record(z.string(), z.unknown())).optional(),
  logo_url: text,
  logoUrl: text,
  theme_config: z.record(z.string(), z.unknown()).nullable().optional(),
  themeConfig: z.record(z.string(), z.unknown()).nullable().optional(),
  submit_button_text: text,
  submitButtonText: text,
  success_message: text,
  successMessage: text,
  /** The draft revision this save was made against (like If-Match); a stale one gets 409. */
  version: z.number().int().min(1).optional(),
});

export type SaveBody = z.infer<typeof saveBodySchema>;
export type SharingBody = z.infer<typeof sharingBodySchema>;

export const formIdParamsSchema = z.object({ id: z.string() });
export const slugParamsSchema = z.object({ slug: z.string() });
export const accessQuerySchema = z.object({
  access_code: z.string().optional(),
  accessCode: z.string().optional(),
});

export const formListSchema = z.object({ forms: z.array(wireFormSchema) });
/** The sharing answer: the owner's form, with the sharing figures also at the top for older clients. */
export const sharingResponseSchema = wireFormSchema.extend({
  share_url: z.string(),
  published_at: z.string().nullable(),
  share_count: z.number().int(),
});
export const formViewSchema = z.union([wireFormSchema, publicFormSchema]);
