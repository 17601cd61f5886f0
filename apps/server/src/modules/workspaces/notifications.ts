import {
  type MemberNotifications,
  type MemberNotificationsInput,
  notificationsOf,
  type SubmissionMailChoice,
} from '@formsmith/core/workspaces/notifications';
import type { WorkspaceRole } from '@formsmith/core/workspaces/roles';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { workspaceMembers } from '../../db/schema.ts';
import { notFound } from '../../lib/app-error.ts';

// Each member's mail choices in a workspace, stored on their membership (null until they choose;
// core's notificationsOf says what null means).

const stored = {
  submissions: sql<SubmissionMailChoice | null>`${workspaceMembers.notifySubmissions}`,
  mentions: workspaceMembers.notifyMentions,
  assigned: workspaceMembers.notifyAssigned,
};

const membership = (workspaceId: number, userId: string) =>
  and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId));

/** The member's choices in the workspace as they apply; 404 when they are not a member. */
export async function readNotifications(
  db: DbOrTx,
  workspaceId: number,
  userId: string,
): Promise<MemberNotifications> {
  const [row] = await db.select(stored).from(workspaceMembers).where(membership(workspaceId, userId));
  if (!row) throw notFound('Workspace not found');
  return notificationsOf(row);
}

/** Stores the choices sent (only those: the rest stay as they were, null included). */
export async function saveNotifications(
  db: DbOrTx,
  workspaceId: number,
  userId: string,
  input: MemberNotificationsInput,
): Promise<MemberNotifications> {
  const changes: Partial<typeof workspaceMembers.$inferInsert> = {};
  if (input.submissions !== undefined) changes.notifySubmissions = input.submissions;
  if (input.mentions !== undefined) changes.notifyMentions = input.mentions;
  if (input.assigned !== undefined) changes.notifyAssigned = input.assigned;
  const [row] = await db
    .update(workspaceMembers)
    .set(changes)
    .where(membership(workspaceId, userId))
    .returning(stored);
  if (!row) throw notFound('Workspace not found');
  return notificationsOf(row);
}

/** A member who may get a form's new-submission mail, as the submit target carries them. */
export type SubmissionMailMember = {
  email: string;
  name: string;
  role: WorkspaceRole;
  /** They created the form (forms.owner_id). */
  creator: boolean;
  choice: SubmissionMailChoice | null;
};

/**
 * A subquery (jsonb array of SubmissionMailMember) for the submit path's one form read: the
 * verified members of the form's workspace who chose every form, and its creator when a verified
 * member there. Who of them is mailed is notify.ts's decision in the submissions module.
 */
export function submissionMailMembersQuery(input: {
  workspaceId: AnyPgColumn | SQL;
  creatorId: AnyPgColumn | SQL;
}): SQL<SubmissionMailMember[]> {
  return sql<SubmissionMailMember[]>`coalesce((
    select jsonb_agg(jsonb_build_object('email', u.email, 'name', u.name, 'role', wm.role,
      'creator', wm.user_id = ${input.creatorId}, 'choice', wm.notify_submissions) order by u.email)
    from workspace_members wm join users u on u.id = wm.user_id
    where wm.workspace_id = ${input.workspaceId} and u.email_verified_at is not null
      and (wm.notify_submissions = 'all' or wm.user_id = ${input.creatorId})), '[]'::jsonb)`;
}

/** Whether each of the members wants mentions and assignments mailed, by user id (members only). */
export async function memberMailChoices(
  db: DbOrTx,
  workspaceId: number,
  userIds: readonly string[],
): Promise<Map<string, MemberNotifications>> {
  const choices = new Map<string, MemberNotifications>();
  if (userIds.length === 0) return choices;
  const rows = await db
    .select({ userId: workspaceMembers.userId, ...stored })
    .from(workspaceMembers)
    .where(
      and(
        eq(workspaceMembers.workspaceId, workspaceId),
        sql`${workspaceMembers.userId} in (${sql.join(
          userIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
      ),
    );
  for (const { userId, ...row } of rows) choices.set(userId, notificationsOf(row));
  return choices;
}
