import { z } from 'zod';

/** Most submissions one bulk delete takes (a page of the table is at most 100). */
export const BULK_DELETE_MAX = 500;

/** POST /api/form-submissions/forms/:id/submissions/bulk-delete */
export const bulkDeleteBodySchema = z.object({
  ids: z.array(z.string()).min(1, 'Choose at least one submission').max(BULK_DELETE_MAX),
});
export type BulkDeleteBody = z.infer<typeof bulkDeleteBodySchema>;

/** How many submissions (and their files) a delete removed; ids not found are not counted. */
export const deleteSubmissionsResultSchema = z.object({
  deleted: z.number().int().min(0),
  files: z.number().int().min(0),
});
export type DeleteSubmissionsResult = z.infer<typeof deleteSubmissionsResultSchema>;

/** Seconds the owner has to undo a delete before the browser sends it. */
export const UNDO_SECONDS = 6;
