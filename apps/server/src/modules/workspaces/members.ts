import {
  MEMBER_MESSAGES,
  type Member,
  type MemberList,
  type MemberRoleInput,
  type WorkspaceNameInput,
} from '@formsmith/core/workspaces/members';
import { roleAllows, type WorkspaceRole } from '@formsmith/core/workspaces/roles';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { workspaceMembers, workspaces } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/index.ts';
import { type CheckedMember, forbiddenRole, roleRank } from './access.ts';
import { emitMemberEvent } from './events.ts';
import { listInvitations } from './invitations.ts';
import { isPersonal, personalOnly } from './repository.ts';

/** 409 LAST_OWNER: the change would leave the workspace without an owner. */
const lastOwner = () => new AppError('LAST_OWNER', 409, MEMBER_MESSAGES.lastOwner);
/** A team workspace, with the caller as its owner. */
export async function createWorkspace(app: FastifyInstance, userId: string, input: WorkspaceNameInput) {
  return app.db.transaction(async (tx) => {
    const [made] = await tx.insert(workspaces).values({ name: input.name }).returning({ id: workspaces.id });
    await tx.insert(workspaceMembers).values({ workspaceId: made!.id, userId, role: 'owner' });
    await recordAudit(tx, {
      action: 'workspace.created',
      where: { workspaceId: made!.id },
      target: { type: 'workspace', id: made!.id, label: input.name },
    });
    return { id: made!.id, name: input.name, personal: false, role: 'owner' as const };
  });
}

export async function renameWorkspace(
  app: FastifyInstance,
  caller: CheckedMember,
  id: number,
  input: WorkspaceNameInput,
) {
  const { role } = caller;
  const row = await app.db.transaction(async (tx) => {
    const [before] = await tx.select({ name: workspaces.name }).from(workspaces).where(eq(workspaces.id, id));
    const [after] = await tx
      .update(workspaces)
      .set({ name: input.name })
      .where(eq(workspaces.id, id))
      .returning({ id: workspaces.id, name: workspaces.name, personalOf: workspaces.personalOf });
    await recordAudit(tx, {
      action: 'workspace.renamed',
      where: { workspaceId: id },
      target: { type: 'workspace', id, label: input.name },
      details: { from: before?.name ?? null },
    });
    return after;
  });
  return { id: row!.id, name: row!.name, personal: row!.personalOf !== null, role };
}

/**
 * Deletes a team workspace. One that still holds forms (the trash counts) is refused: deleting it
 * would delete their answers, and those go only by deleting each form on purpose.
 */
export async function deleteWorkspace(app: FastifyInstance, id: number): Promise<void> {
  if (await isPersonal(app.db, id)) throw personalOnly();
  await app.db.transaction(async (tx) => {
    const [held] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from forms where workspace_id = ${id}`,
    );
    if (held!.n > 0) {
      throw new AppError(
        'WORKSPACE_NOT_EMPTY',
        409,
        `This workspace still holds ${held!.n} form${held!.n === 1 ? '' : 's'} (the trash counts): delete or move them first`,
      );
    }
    await tx.delete(workspaces).where(eq(workspaces.id, id));
  });
}

/** The members, owners first; an owner or admin also gets the pending invitations. */
export async function listMembers(
  app: FastifyInstance,
  caller: CheckedMember,
  id: number,
): Promise<MemberList> {
  const { role } = caller;
  const rows = await queryRows<Omit<Member, 'you'>>(
    app.db,
    sql`select u.id as user_id, u.name, u.email, wm.role, wm.created_at as joined_at
        from workspace_members wm join users u on u.id = wm.user_id
        where wm.workspace_id = ${id}
        order by ${roleRank(sql`wm.role`)}, lower(u.name), u.email`,
  );
  const members = rows.map((m) => ({
    ...m,
    joined_at: new Date(m.joined_at).toISOString(),
    you: m.user_id === caller.userId,
  }));
  if (!roleAllows(role, 'admin')) return { members };
  return { members, invitations: await listInvitations(app.db, id) };
}

/** A member's role and address, its row locked until the transaction ends. */
async function lockMember(
  db: DbOrTx,
  workspaceId: number,
  userId: string,
): Promise<{ role: WorkspaceRole; email: string }> {
  const [row] = await queryRows<{ role: WorkspaceRole; email: string }>(
    db,
    sql`select wm.role, u.email from workspace_members wm join users u on u.id = wm.user_id
        where wm.workspace_id = ${workspaceId} and wm.user_id = ${userId} for update of wm`,
  );
  if (!row) throw notFound(MEMBER_MESSAGES.memberNotFound);
  return row;
}

/**
 * Whether the workspace keeps an owner once `userId` stops being one. The owners' rows are locked
 * first, so two owners demoting each other at once cannot both succeed.
 */
async function keepsAnOwner(db: DbOrTx, workspaceId: number, userId: string): Promise<boolean> {
  const owners = await queryRows<{ user_id: string }>(
    db,
    sql`select user_id from workspace_members where workspace_id = ${workspaceId} and role = 'owner'
        order by user_id for update`,
  );
  return owners.some((o) => o.user_id !== userId);
}

/**
 * Gives a member another role. An admin manages editors, viewers and admins; making or unmaking
 * an owner takes an owner; the last owner keeps the role. Takes effect on the member's next
 * request (the access check reads membership every time).
 */
export async function changeMemberRole(
  app: FastifyInstance,
  caller: CheckedMember,
  id: number,
  userId: string,
  input: MemberRoleInput,
): Promise<Member[]> {
  const { role: callerRole } = caller;
  if (await isPersonal(app.db, id)) throw personalOnly();
  await app.db.transaction(async (tx) => {
    const { role: current, email } = await lockMember(tx, id, userId);
    if ((current === 'owner' || input.role === 'owner') && callerRole !== 'owner') {
      throw new AppError('FORBIDDEN_ROLE', 403, MEMBER_MESSAGES.ownerOnly);
    }
    if (current === 'owner' && input.role !== 'owner' && !(await keepsAnOwner(tx, id, userId))) {
      throw lastOwner();
    }
    await tx
      .update(workspaceMembers)
      .set({ role: input.role })
      .where(and(eq(workspaceMembers.workspaceId, id), eq(workspaceMembers.userId, userId)));
    if (current !== input.role) {
      await recordAudit(tx, {
        action: 'member.role_changed',
        where: { workspaceId: id },
        target: { type: 'member', id: userId, label: email },
        details: { from: current, to: input.role },
      });
      await emitMemberEvent(app, tx, {
        type: 'member.role_changed',
        workspaceId: id,
        userId,
        email,
        role: input.role,
        previousRole: current,
      });
    }
  });
  return (await listMembers(app, caller, id)).members;
}

/**
 * Removes a member (`userId`), or lets the caller leave (`userId` undefined). Removing an owner
 * takes an owner; the last owner cannot go. Their sessions and the keys they made lose the
 * workspace on their next request; the submissions assigned to them there are unassigned.
 */
export async function removeMember(app: FastifyInstance, caller: CheckedMember, id: number, userId?: string) {
  const { role: callerRole } = caller;
  if (await isPersonal(app.db, id)) throw personalOnly();
  const leaving = userId === undefined || userId === caller.userId;
  const target = userId ?? caller.userId;
  await app.db.transaction(async (tx) => {
    const { role: current, email } = await lockMember(tx, id, target);
    if (current === 'owner' && !leaving && callerRole !== 'owner') throw forbiddenRole('owner');
    if (current === 'owner' && !(await keepsAnOwner(tx, id, target))) throw lastOwner();
    await tx
      .delete(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, id), eq(workspaceMembers.userId, target)));
    // What they were given in this workspace goes back to nobody, for the team to see and give again.
    await tx.execute(
      sql`update submissions set assignee_id = null
          where assignee_id = ${target} and form_id in (select id from forms where workspace_id = ${id})`,
    );
    await recordAudit(tx, {
      action: leaving ? 'member.left' : 'member.removed',
      where: { workspaceId: id },
      target: { type: 'member', id: target, label: email },
      details: { role: current },
    });
    await emitMemberEvent(app, tx, {
      type: 'member.removed',
      workspaceId: id,
      userId: target,
      email,
      role: current,
      reason: leaving ? 'left' : 'removed',
    });
  });
}
