// Response shapes of the workspaces API (/api/workspaces).
import * as z from 'zod/mini';
import { WORKSPACE_ROLES } from './roles.ts';

/** A workspace the caller belongs to, and the caller's role in it. */
export const workspaceSchema = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  /** The account's own workspace (every account has one; it cannot be left or shared away). */
  personal: z.boolean(),
  role: z.enum(WORKSPACE_ROLES),
});

export const workspaceListSchema = z.object({ workspaces: z.array(workspaceSchema) });

export type Workspace = z.infer<typeof workspaceSchema>;
export type WorkspaceList = z.infer<typeof workspaceListSchema>;

/**
 * `?workspace_id=`: the workspace to list in or to make a form, folder, theme or key in (you need
 * the route's role there); your personal workspace when absent (an API key's own, for a key).
 */
export const workspaceQuerySchema = z.object({
  workspace_id: z.optional(z.coerce.number().check(z.int(), z.positive(), z.maximum(2_147_483_647))),
});

/** PUT /forms/:id/workspace: where the form goes (you need the editor role there too). */
export const moveFormBodySchema = z.object({
  workspace_id: z
    .number({ error: 'Name the workspace to move the form to' })
    .check(z.int(), z.positive(), z.maximum(2_147_483_647)),
});
export type MoveFormBody = z.infer<typeof moveFormBodySchema>;

/** GET /forms/:id/access: the form's workspace and the caller's role there (what the app offers). */
export const formAccessSchema = z.object({
  workspace_id: z.number().check(z.int()),
  role: z.enum(WORKSPACE_ROLES),
  /** Whether the workspace's viewers read the form's answers (true) or only its counts (viewer-answers.ts). */
  viewer_answers: z.boolean(),
});
export type FormAccess = z.infer<typeof formAccessSchema>;
