import { z } from 'zod';

/** Days a deleted form stays in the Trash before the daily purge removes it for good. */
export const TRASH_DAYS = 30;

/** What deleting a form takes with it (the delete dialog states it). */
export const deleteImpactSchema = z.object({
  submissions: z.number().int().min(0),
  files: z.number().int().min(0),
});
export type DeleteImpact = z.infer<typeof deleteImpactSchema>;

/** A form in the Trash (GET /api/forms/trash). */
export const trashedFormSchema = deleteImpactSchema.extend({
  id: z.number().int(),
  title: z.string(),
  deleted_at: z.string(),
  /** When the daily purge deletes it for good. */
  purge_at: z.string(),
});
export type TrashedForm = z.infer<typeof trashedFormSchema>;

export const trashListSchema = z.object({ forms: z.array(trashedFormSchema) });
export type TrashList = z.infer<typeof trashListSchema>;

/** DELETE /api/forms/:id?permanent=true deletes at once (from the Trash or not); without it, to the Trash. */
export const deleteFormQuerySchema = z.object({
  permanent: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});
