// A form's choice of what the viewers of its workspace read: its answers, or only its counts.
import * as z from 'zod/mini';
import type { WorkspaceRole } from './roles.ts';

/** PUT /forms/:id/viewer-access, body and answer: true lets viewers read answers, false shows them counts only. */
export const viewerAccessSchema = z.object({
  viewer_answers: z.boolean({ error: 'Say whether viewers see answers (true) or only counts (false)' }),
});
export type ViewerAccess = z.infer<typeof viewerAccessSchema>;

/** The 403 a viewer gets for anything that shows a counts-only form's answers. */
export const ANSWERS_HIDDEN = {
  code: 'ANSWERS_HIDDEN',
  message:
    'This form shows its viewers only counts, not answers; ask an editor of the workspace if you need to read them',
} as const;

/** Whether a member with `role` reads the answers of a form whose viewers see answers or not: editors and above always do. */
export function seesAnswers(role: WorkspaceRole, viewerAnswers: boolean): boolean {
  return role !== 'viewer' || viewerAnswers;
}
