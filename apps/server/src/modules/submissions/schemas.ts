import { wireFieldSchema } from '@formsmith/core/fields/wire';
import { z } from 'zod';

/** Query of the submissions list (SPEC §7, DESIGN §9 filters). */
export const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  sort: z.enum(['newest', 'oldest']).default('newest'),
  search: z.string().max(200).optional(),
  from: z.iso
    .date()
    .or(z.iso.datetime({ offset: true }))
    .optional(),
  to: z.iso
    .date()
    .or(z.iso.datetime({ offset: true }))
    .optional(),
  status: z.enum(['complete', 'incomplete', 'all']).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export const submissionSchema = z.object({
  id: z.string(),
  form_id: z.number().int(),
  data: z.record(z.string(), z.unknown()),
  metadata: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  completed: z.boolean(),
  /** The form version the respondent answered. */
  form_version: z.number().int(),
});
export type WireSubmission = z.infer<typeof submissionSchema>;

/** One submission with the fields of the version it answered (labels as the respondent saw them). */
export const submissionDetailSchema = submissionSchema.extend({ fields: z.array(wireFieldSchema) });

export const listResponseSchema = z.object({
  items: z.array(submissionSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});

export const formParamsSchema = z.object({ id: z.string() });
export const submissionParamsSchema = z.object({ id: z.string(), sid: z.string() });
export const fileParamsSchema = submissionParamsSchema.extend({ uploadId: z.string() });

export const exportQuerySchema = z.object({ format: z.enum(['csv', 'json']).default('csv') });

export const RETENTION_DAYS = [7, 30, 90] as const;

export const settingsSchema = z.object({
  email_notifications: z.boolean().nullable(),
  retention_days: z.union([z.literal(7), z.literal(30), z.literal(90)]).nullable(),
});
export type SubmissionSettings = z.infer<typeof settingsSchema>;

/** PUT body: snake_case or camelCase, each key optional (absent keys keep their value). */
export const settingsBodySchema = z.object({
  email_notifications: z.boolean().nullable().optional(),
  emailNotifications: z.boolean().nullable().optional(),
  retention_days: z
    .union([z.literal(7), z.literal(30), z.literal(90)])
    .nullable()
    .optional(),
  retentionDays: z
    .union([z.literal(7), z.literal(30), z.literal(90)])
    .nullable()
    .optional(),
});
