// Request and response shapes of a workspace's members and invitations
// (/api/workspaces/:id/members, …/invitations, /api/invitations/:token), read by the server's
// route schemas and by the web's members page.
import { z } from 'zod';
import { emailSchema } from '../auth/api.ts';
import { WORKSPACE_ROLES } from './roles.ts';

/** How long an emailed invitation link stays valid. */
export const INVITATION_TTL_DAYS = 7;

export const WORKSPACE_NAME_MAX = 80;

export const MEMBER_MESSAGES = {
  nameRequired: 'Give the workspace a name',
  nameTooLong: `A workspace name is at most ${WORKSPACE_NAME_MAX} characters`,
  role: 'The role must be owner, admin, editor or viewer',
  lastOwner: 'A workspace needs an owner: make another member an owner first',
  personal: 'Your personal workspace is yours alone: it cannot be shared, left or deleted',
  ownerOnly: 'Only an owner can make someone an owner or change an owner’s role',
  alreadyMember: 'That address already belongs to a member of this workspace',
  memberNotFound: 'Member not found',
  invitationNotFound: 'Invitation not found',
  invitationInvalid: 'This invitation link is no longer valid: it was used, revoked or is older than 7 days',
  otherEmail: 'This invitation was sent to another address: sign in with that address to accept it',
} as const;

const roleSchema = z.enum(WORKSPACE_ROLES, { error: MEMBER_MESSAGES.role });

/** POST /workspaces and PATCH /workspaces/:id: the workspace's name. */
export const workspaceNameBody = z.object({
  name: z
    .string({ error: MEMBER_MESSAGES.nameRequired })
    .trim()
    .min(1, { error: MEMBER_MESSAGES.nameRequired, abort: true })
    .max(WORKSPACE_NAME_MAX, { error: MEMBER_MESSAGES.nameTooLong }),
});
export type WorkspaceNameInput = z.infer<typeof workspaceNameBody>;

/** A member of a workspace as its members page shows them. */
export const memberSchema = z.object({
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(WORKSPACE_ROLES),
  joined_at: z.string(),
  /** The member is the caller. */
  you: z.boolean(),
});
export type Member = z.infer<typeof memberSchema>;

/** An invitation not yet accepted or revoked (an expired one is listed, to send again). */
export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(WORKSPACE_ROLES),
  invited_by: z.string().nullable(),
  sent_at: z.string(),
  expires_at: z.string(),
  expired: z.boolean(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** GET /workspaces/:id/members: the members; the pending invitations for an owner or admin. */
export const memberListSchema = z.object({
  members: z.array(memberSchema),
  invitations: z.array(invitationSchema).optional(),
});
export type MemberList = z.infer<typeof memberListSchema>;

/** PATCH /workspaces/:id/members/:userId */
export const memberRoleBody = z.object({ role: roleSchema });
export type MemberRoleInput = z.infer<typeof memberRoleBody>;

/** POST /workspaces/:id/invitations: who to invite, and as what. */
export const invitationBody = z.object({ email: emailSchema, role: roleSchema });
export type InvitationInput = z.infer<typeof invitationBody>;

/** GET /invitations/:token: what the link offers, shown before the invitee accepts. */
export const invitationPeekSchema = z.object({
  workspace_name: z.string(),
  invited_by: z.string().nullable(),
  email: z.string(),
  role: z.enum(WORKSPACE_ROLES),
  expires_at: z.string(),
});
export type InvitationPeek = z.infer<typeof invitationPeekSchema>;
