import type { WorkspaceRole } from '@formsmith/core/workspaces/roles';
import { expect } from 'vitest';
import { drainMails, type MailTestApp } from './mail-app.ts';
import { findLink } from './smtp.ts';
import type { TestUser } from './users.ts';

export const INVITATION_LINK = 'http://localhost:3000/invitations/';

/** `by` invites `invitee` to the workspace as `role`; answers the token of the link that reached their mailbox. */
export async function inviteByMail(
  mail: Pick<MailTestApp, 'app' | 'smtp'>,
  input: { by: TestUser; workspaceId: number; invitee: TestUser; role: WorkspaceRole | string },
): Promise<string> {
  const res = await mail.app.inject({
    method: 'POST',
    url: `/api/workspaces/${input.workspaceId}/invitations`,
    headers: input.by.auth,
    payload: { email: input.invitee.email, role: input.role },
  });
  expect(res.statusCode, res.body).toBe(201);
  const mails = await drainMails(mail, { to: input.invitee.email, prefix: INVITATION_LINK, count: 1 });
  return findLink(mails.at(-1)!, INVITATION_LINK).slice(INVITATION_LINK.length);
}
