import { MEMBER_MESSAGES } from '@formsmith/core/workspaces/members';
import type { WorkspaceRole } from '@formsmith/core/workspaces/roles';
import { asc, eq, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { workspaceMembers, workspaces } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';

export type MembershipRow = { id: number; name: string; personal: boolean; role: WorkspaceRole };

async function findPersonal(db: DbOrTx, userId: string): Promise<number | null> {
  const [row] = await db
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(eq(workspaces.personalOf, userId))
    .limit(1);
  return row?.id ?? null;
}

/**
 * The id of the account's personal workspace, made (with the account as its owner) the first time
 * it is needed: every path that makes an account gets one without knowing of workspaces. Two
 * requests making it at once both get the one that was stored.
 */
export async function personalWorkspaceId(db: DbOrTx, userId: string): Promise<number> {
  const found = await findPersonal(db, userId);
  if (found !== null) return found;
  const [made] = await queryRows<{ id: number }>(
    db,
    sql`with made as (
          insert into workspaces (name, personal_of) select name, id from users where id = ${userId}
          on conflict (personal_of) do nothing returning id, personal_of
        ), joined as (
          insert into workspace_members (workspace_id, user_id, role)
          select id, personal_of, 'owner' from made returning workspace_id
        )
        select id from made`,
  );
  if (made) return made.id;
  const stored = await findPersonal(db, userId);
  if (stored === null) throw new Error(`no account ${userId} to make a personal workspace for`);
  return stored;
}

/** The workspaces the account belongs to, with its role in each: its personal one first. */
export async function listMemberships(db: DbOrTx, userId: string): Promise<MembershipRow[]> {
  return db
    .select({
      id: workspaces.id,
      name: workspaces.name,
      personal: sql<boolean>`${workspaces.personalOf} is not null`,
      role: workspaceMembers.role,
    })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(workspaceMembers.userId, userId))
    .orderBy(sql`${workspaces.personalOf} is null`, asc(workspaces.name), asc(workspaces.id));
}

/** 409 PERSONAL_WORKSPACE: a personal workspace has one member, its account. */
export const personalOnly = () => new AppError('PERSONAL_WORKSPACE', 409, MEMBER_MESSAGES.personal);

export async function isPersonal(db: DbOrTx, workspaceId: number): Promise<boolean> {
  const [row] = await db
    .select({ personal: sql<boolean>`${workspaces.personalOf} is not null` })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return row?.personal ?? false;
}

/** A workspace's members by name, with their addresses: who can be given work and mentioned. */
export async function workspacePeople(
  db: DbOrTx,
  workspaceId: number,
): Promise<{ user_id: string; name: string; email: string }[]> {
  return queryRows(
    db,
    sql`select u.id as user_id, u.name, u.email
        from workspace_members wm join users u on u.id = wm.user_id
        where wm.workspace_id = ${workspaceId} order by lower(u.name), u.email`,
  );
}
