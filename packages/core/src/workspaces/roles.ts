/**
 * What a member of a workspace may do, from the most to the least: an owner everything (deleting
 * the workspace, handing it on); an admin the members, settings, keys and webhooks; an editor the
 * forms (create, edit, publish, delete) and their answers; a viewer reads forms, answers and
 * figures. Each role may do all that the roles after it may.
 */
export const WORKSPACE_ROLES = ['owner', 'admin', 'editor', 'viewer'] as const;

export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

export function isWorkspaceRole(value: unknown): value is WorkspaceRole {
  return typeof value === 'string' && (WORKSPACE_ROLES as readonly string[]).includes(value);
}

/** Whether `role` may do what `needed` may (an admin may do an editor's work, not an owner's). */
export function roleAllows(role: WorkspaceRole, needed: WorkspaceRole): boolean {
  return WORKSPACE_ROLES.indexOf(role) <= WORKSPACE_ROLES.indexOf(needed);
}
