import { FOLDER_MESSAGES } from '@formsmith/core/forms/folders';
import { roleAllows, WORKSPACE_ROLES, type WorkspaceRole } from '@formsmith/core/workspaces/roles';
import { ANSWERS_HIDDEN, seesAnswers } from '@formsmith/core/workspaces/viewer-answers';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { FORM_NOT_FOUND } from '../../lib/form-id.ts';
import { personalWorkspaceId } from './repository.ts';

/**
 * Who is asking, and for what: the account, the workspace its API key was made in (null for a
 * session), and the role the route declares it needs (route config `role`).
 */
export type Caller = { userId: string; keyWorkspaceId: number | null; needs: WorkspaceRole };

/**
 * What the check found: the thing's workspace, the caller's role there, and for a form whether
 * its viewers read answers (`forms.viewer_answers`; true for anything else).
 */
export type WorkspaceAccess = { workspaceId: number; role: WorkspaceRole; viewerAnswers: boolean };

/** A member of the workspace a route names, with the role the route's check found. */
export type CheckedMember = { userId: string; role: WorkspaceRole };

/** The things a workspace holds that a route can name by id, and the workspace itself. */
export type WorkspaceThing = 'form' | 'folder' | 'theme' | 'workspace';

const THINGS: Record<WorkspaceThing, { table: string; column: string; missing: string }> = {
  form: { table: 'forms', column: 'workspace_id', missing: FORM_NOT_FOUND },
  folder: { table: 'form_folders', column: 'workspace_id', missing: FOLDER_MESSAGES.notFound },
  theme: { table: 'form_themes', column: 'workspace_id', missing: 'Theme not found' },
  workspace: { table: 'workspaces', column: 'id', missing: 'Workspace not found' },
};

/** 403 FORBIDDEN_ROLE: a member whose role is smaller than the one the route needs. */
export const forbiddenRole = (needed: WorkspaceRole) =>
  new AppError(
    'FORBIDDEN_ROLE',
    403,
    `This needs the ${needed} role (or a higher one) in the workspace; ask one of its owners or admins`,
  );

/**
 * A role's rank in SQL, 1 for owner up to 4 for viewer (core's WORKSPACE_ROLES order): ordering
 * members by seniority and comparing roles in a statement use this, not a list of their own.
 */
export function roleRank(role: SQL | AnyPgColumn): SQL {
  const roles = sql.join(
    WORKSPACE_ROLES.map((r) => sql`${r}`),
    sql`, `,
  );
  return sql`array_position(array[${roles}]::text[], ${role})`;
}

/** The roles that may do what `needed` may: owner … needed. */
function rolesAllowing(needed: WorkspaceRole): SQL {
  const roles = WORKSPACE_ROLES.filter((role) => roleAllows(role, needed));
  return sql.join(
    roles.map((role) => sql`${role}`),
    sql`, `,
  );
}

/**
 * The ids of the workspaces the caller reaches with the role it needs: the ones it is a member of
 * with that role or a higher one, only the key's own one for an API key. Read on every request.
 */
export function reachableWorkspaces(caller: Caller): SQL {
  const keyed = caller.keyWorkspaceId === null ? sql`` : sql` and wm.workspace_id = ${caller.keyWorkspaceId}`;
  return sql`(select wm.workspace_id from workspace_members wm
    where wm.user_id = ${caller.userId} and wm.role in (${rolesAllowing(caller.needs)})${keyed})`;
}

/** `column` (a workspace id) is one the caller reaches: the filter of every owner read. */
export function inReach(column: AnyPgColumn | SQL, caller: Caller): SQL {
  return sql`${column} in ${reachableWorkspaces(caller)}`;
}

/**
 * `column` (a workspace id) is one the caller reaches and, for a viewer, `viewerAnswers` (the
 * form's column) lets viewers read answers: the filter of every read of answers across forms.
 */
export function answersInReach(
  column: AnyPgColumn | SQL,
  viewerAnswers: AnyPgColumn | SQL,
  caller: Caller,
): SQL {
  const beyondViewer = reachableWorkspaces({ ...caller, needs: 'editor' });
  return sql`${inReach(column, caller)} and (${viewerAnswers} or ${column} in ${beyondViewer})`;
}

/** 403 ANSWERS_HIDDEN: a viewer asking for answers of a form that shows its viewers only counts. */
export const answersHidden = () => new AppError(ANSWERS_HIDDEN.code, 403, ANSWERS_HIDDEN.message);

/**
 * The refusal of every route that shows answers (route config `answers`), after the check:
 * a viewer of a form that shows its viewers only counts gets 403 ANSWERS_HIDDEN.
 */
export function assertSeesAnswers(access: WorkspaceAccess): void {
  if (!seesAnswers(access.role, access.viewerAnswers)) throw answersHidden();
}

/** A caller for code paths that act as an account on its own behalf (a session, any role). */
export const memberCaller = (userId: string): Caller => ({ userId, keyWorkspaceId: null, needs: 'viewer' });

/**
 * The one authorisation check. The thing's workspace must be one the caller belongs to (and, for
 * an API key, the key's own): else 404 with the message a stranger gets. The caller's role there
 * must allow the role needed: else 403 FORBIDDEN_ROLE naming it. Answers the workspace id, the
 * role, and for a form whether its viewers read answers.
 */
export async function authorize(
  db: DbOrTx,
  caller: Caller,
  target: { thing: WorkspaceThing; id: number },
): Promise<WorkspaceAccess> {
  const { table, column, missing } = THINGS[target.thing];
  const viewerAnswers = target.thing === 'form' ? sql`t.viewer_answers` : sql`true`;
  const [row] = await queryRows<{ workspace_id: number; role: WorkspaceRole; viewer_answers: boolean }>(
    db,
    sql`select t.${sql.raw(column)} as workspace_id, wm.role, ${viewerAnswers} as viewer_answers
        from ${sql.identifier(table)} t
        join workspace_members wm on wm.workspace_id = t.${sql.raw(column)} and wm.user_id = ${caller.userId}
        where t.id = ${target.id}`,
  );
  if (!row || (caller.keyWorkspaceId !== null && row.workspace_id !== caller.keyWorkspaceId)) {
    throw notFound(missing);
  }
  if (!roleAllows(row.role, caller.needs)) throw forbiddenRole(caller.needs);
  return { workspaceId: row.workspace_id, role: row.role, viewerAnswers: row.viewer_answers };
}

/**
 * The workspace a new form, folder or theme goes to: the one asked for when the caller may do
 * there what the route needs (404/403 as `authorize`), else the key's own workspace for an API
 * key, else the caller's personal one.
 */
export async function chooseWorkspace(
  db: DbOrTx,
  caller: Caller,
  asked: number | undefined,
): Promise<number> {
  const id = asked ?? caller.keyWorkspaceId;
  if (id === undefined || id === null) return personalWorkspaceId(db, caller.userId);
  return (await authorize(db, caller, { thing: 'workspace', id })).workspaceId;
}
