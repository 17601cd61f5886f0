import {
  INVITATION_TTL_DAYS,
  type Invitation,
  type InvitationInput,
  type InvitationPeek,
  MEMBER_MESSAGES,
} from '@formsmith/core/workspaces/members';
import type { WorkspaceRole } from '@formsmith/core/workspaces/roles';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { workspaceInvitations } from '../../db/schema.ts';
import { AppError, conflict, notFound } from '../../lib/app-error.ts';
import { generateToken, hashToken } from '../../lib/tokens.ts';
import { invitationMail } from '../../mail/templates.ts';
import { recordAudit } from '../audit/index.ts';
import { type CheckedMember, forbiddenRole, roleRank } from './access.ts';
import { emitMemberEvent } from './events.ts';
import { isPersonal, personalOnly } from './repository.ts';

const TTL_MS = INVITATION_TTL_DAYS * 24 * 3600_000;

type InvitationRow = {
  id: string;
  email: string;
  role: WorkspaceRole;
  invited_by: string | null;
  sent_at: Date | string;
  expires_at: Date | string;
};

const iso = (d: Date | string) => new Date(d).toISOString();

function viewOf(row: InvitationRow): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invited_by: row.invited_by,
    sent_at: iso(row.sent_at),
    expires_at: iso(row.expires_at),
    expired: new Date(row.expires_at).getTime() <= Date.now(),
  };
}

/**
 * The invitations not yet accepted or revoked (only `invitationId`, when given), newest first,
 * with the inviter's name.
 */
export async function listInvitations(
  db: DbOrTx,
  workspaceId: number,
  invitationId?: string,
): Promise<Invitation[]> {
  const one = invitationId === undefined ? sql`` : sql` and i.id = ${invitationId}`;
  const rows = await queryRows<InvitationRow>(
    db,
    sql`select i.id, i.email, i.role, u.name as invited_by, i.sent_at, i.expires_at
        from workspace_invitations i left join users u on u.id = i.invited_by
        where i.workspace_id = ${workspaceId}${one} order by i.sent_at desc`,
  );
  return rows.map(viewOf);
}

/** Mails the link (in the same transaction as the token it carries). */
async function mailInvitation(
  app: FastifyInstance,
  tx: DbOrTx,
  input: { workspaceId: number; email: string; role: WorkspaceRole; inviterId: string; token: string },
) {
  const [about] = await queryRows<{ workspace: string; inviter: string }>(
    tx,
    sql`select w.name as workspace, u.name as inviter from workspaces w, users u
        where w.id = ${input.workspaceId} and u.id = ${input.inviterId}`,
  );
  await app.mailer.queue(
    tx,
    invitationMail({
      to: input.email,
      workspace: about!.workspace,
      inviter: about!.inviter,
      role: input.role,
      link: `${app.config.publicUrl}/invitations/${input.token}`,
    }),
  );
}

/**
 * Invites an address as `role`: a single-use link valid for 7 days, mailed now. Inviting an
 * address already invited sends a new link and retires the old one. Making an owner takes an
 * owner. Personal workspaces are not shared.
 */
export async function inviteMember(
  app: FastifyInstance,
  caller: CheckedMember,
  workspaceId: number,
  input: InvitationInput,
): Promise<Invitation> {
  const { role: callerRole } = caller;
  if (input.role === 'owner' && callerRole !== 'owner') throw forbiddenRole('owner');
  if (await isPersonal(app.db, workspaceId)) throw personalOnly();
  const email = input.email.toLowerCase();
  await app.rateLimit('invitationsPerUser', caller.userId);
  await app.rateLimit('invitationsPerAddress', email);
  return app.db.transaction(async (tx) => {
    await assertNotMember(tx, workspaceId, email);
    const token = generateToken();
    const values = {
      workspaceId,
      email,
      role: input.role,
      tokenHash: hashToken(token),
      invitedBy: caller.userId,
      sentAt: new Date(),
      expiresAt: new Date(Date.now() + TTL_MS),
    };
    const [row] = await tx
      .insert(workspaceInvitations)
      .values(values)
      .onConflictDoUpdate({
        target: [workspaceInvitations.workspaceId, workspaceInvitations.email],
        set: { ...values, workspaceId: undefined, email: undefined },
      })
      .returning({ id: workspaceInvitations.id });
    await mailInvitation(app, tx, { workspaceId, email, role: input.role, inviterId: caller.userId, token });
    await recordAudit(tx, {
      action: 'member.invited',
      where: { workspaceId },
      target: { type: 'invitation', id: row!.id, label: email },
      details: { role: input.role },
    });
    await emitMemberEvent(app, tx, {
      type: 'member.invited',
      workspaceId,
      userId: null,
      email,
      role: input.role,
    });
    const [made] = await listInvitations(tx, workspaceId, row!.id);
    return made!;
  });
}

async function findInvitation(db: DbOrTx, workspaceId: number, invitationId: string) {
  const [row] = await db
    .select()
    .from(workspaceInvitations)
    .where(and(eq(workspaceInvitations.workspaceId, workspaceId), eq(workspaceInvitations.id, invitationId)));
  if (!row) throw notFound(MEMBER_MESSAGES.invitationNotFound);
  return row;
}

/** Sends a pending (or expired) invitation again: a new link, 7 more days; the old link dies. */
export async function resendInvitation(
  app: FastifyInstance,
  caller: CheckedMember,
  workspaceId: number,
  invitationId: string,
): Promise<Invitation> {
  const { role: callerRole } = caller;
  const found = await findInvitation(app.db, workspaceId, invitationId);
  if (found.role === 'owner' && callerRole !== 'owner') throw forbiddenRole('owner');
  return inviteMember(app, caller, workspaceId, { email: found.email, role: found.role });
}

/** Revokes an invitation: its link stops working at once. */
export async function revokeInvitation(
  app: FastifyInstance,
  workspaceId: number,
  invitationId: string,
): Promise<void> {
  const found = await findInvitation(app.db, workspaceId, invitationId);
  await app.db.transaction(async (tx) => {
    await tx
      .delete(workspaceInvitations)
      .where(
        and(eq(workspaceInvitations.workspaceId, workspaceId), eq(workspaceInvitations.id, invitationId)),
      );
    await recordAudit(tx, {
      action: 'member.invitation_revoked',
      where: { workspaceId },
      target: { type: 'invitation', id: invitationId, label: found.email },
      details: { role: found.role },
    });
    await emitMemberEvent(app, tx, {
      type: 'member.invitation_revoked',
      workspaceId,
      userId: null,
      email: found.email,
      role: found.role,
    });
  });
}

const invalidLink = () => new AppError('INVITATION_INVALID', 404, MEMBER_MESSAGES.invitationInvalid);

async function liveInvitation(db: DbOrTx, token: string) {
  const [row] = await queryRows<{
    id: string;
    workspace_id: number;
    workspace_name: string;
    email: string;
    role: WorkspaceRole;
    invited_by: string | null;
    expires_at: Date | string;
  }>(
    db,
    sql`select i.id, i.workspace_id, w.name as workspace_name, i.email, i.role, u.name as invited_by, i.expires_at
        from workspace_invitations i join workspaces w on w.id = i.workspace_id
        left join users u on u.id = i.invited_by
        where i.token_hash = ${hashToken(token)} and i.expires_at > now()
        for update of i`,
  );
  if (!row) throw invalidLink();
  return row;
}

/** What an invitation link offers, for the page that asks the invitee to accept. */
export async function peekInvitation(app: FastifyInstance, token: string): Promise<InvitationPeek> {
  const row = await liveInvitation(app.db, token);
  return {
    workspace_name: row.workspace_name,
    invited_by: row.invited_by,
    email: row.email,
    role: row.role,
    expires_at: iso(row.expires_at),
  };
}

/**
 * Accepts an invitation as the signed-in account, which must have the address it was sent to.
 * The link is used up; an account already a member keeps the higher of its role and the one
 * offered. Answers the workspace's id.
 */
export async function acceptInvitation(
  app: FastifyInstance,
  user: { id: string; email: string },
  token: string,
): Promise<{ workspaceId: number }> {
  return app.db.transaction(async (tx) => {
    const invitation = await liveInvitation(tx, token);
    if (invitation.email !== user.email.toLowerCase()) {
      throw new AppError('INVITATION_OTHER_EMAIL', 403, MEMBER_MESSAGES.otherEmail);
    }
    const [joined] = await queryRows<{ role: WorkspaceRole }>(
      tx,
      sql`insert into workspace_members (workspace_id, user_id, role)
          values (${invitation.workspace_id}, ${user.id}, ${invitation.role})
          on conflict (workspace_id, user_id) do update set role = case
            when ${roleRank(sql`excluded.role`)} < ${roleRank(sql`workspace_members.role`)}
            then excluded.role else workspace_members.role end
          returning role`,
    );
    await tx.delete(workspaceInvitations).where(eq(workspaceInvitations.id, invitation.id));
    await recordAudit(tx, {
      action: 'member.joined',
      where: { workspaceId: invitation.workspace_id },
      target: { type: 'member', id: user.id, label: invitation.email },
      details: { role: invitation.role },
    });
    await emitMemberEvent(app, tx, {
      type: 'member.joined',
      workspaceId: invitation.workspace_id,
      userId: user.id,
      email: invitation.email,
      role: joined?.role ?? invitation.role,
    });
    return { workspaceId: invitation.workspace_id };
  });
}

/** 409 when the address already belongs to a member. */
export async function assertNotMember(db: DbOrTx, workspaceId: number, email: string): Promise<void> {
  const [row] = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from workspace_members wm join users u on u.id = wm.user_id
        where wm.workspace_id = ${workspaceId} and lower(u.email) = ${email}`,
  );
  if (row) throw conflict(MEMBER_MESSAGES.alreadyMember);
}
