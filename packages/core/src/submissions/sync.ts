import { z } from 'zod';
import { submissionSchema } from './api.ts';

/** Query of the cursor-paginated submissions listing integrations sync with. */
export const syncQuerySchema = z.object({
  cursor: z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]*$/, { error: 'Not a cursor from this listing' })
    .optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const syncPageSchema = z.object({
  data: z.array(submissionSchema),
  /** Pass it back to get what came after this page; kept by integrations to resume later. */
  next_cursor: z.string(),
  /** Whether more submissions are ready now (false: call again later with next_cursor). */
  has_more: z.boolean(),
});
export type SyncPage = z.infer<typeof syncPageSchema>;
