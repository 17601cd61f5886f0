import { WORKSPACE_ROLES, type WorkspaceRole } from '@formsmith/core/workspaces/roles';

export const ROLE_LABELS: Record<WorkspaceRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  editor: 'Editor',
  viewer: 'Viewer',
};

/** What each role may do, in a line (core's roles.ts is the rule). */
export const ROLE_HINTS: Record<WorkspaceRole, string> = {
  owner: 'Everything, including deleting the workspace and making other owners',
  admin: 'Members, settings, API keys and webhooks, and all an editor does',
  editor: 'Creates, edits, publishes and deletes forms and their answers',
  viewer: 'Reads forms, answers and figures',
};

/** The roles a member with `role` may hand out: an owner any, an admin all but owner. */
export function assignableRoles(role: WorkspaceRole): WorkspaceRole[] {
  return role === 'owner' ? [...WORKSPACE_ROLES] : WORKSPACE_ROLES.filter((r) => r !== 'owner');
}
