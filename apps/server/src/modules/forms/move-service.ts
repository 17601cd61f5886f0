import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { forms } from '../../db/schema.ts';
import { notFound } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/index.ts';
import { type Caller, chooseWorkspace } from '../workspaces/index.ts';
import { emitFormEvent } from './events.ts';
import { FORM_NOT_FOUND } from './public-access.ts';
import { forgetPublicForm } from './public-cache.ts';
import * as repo from './repository.ts';
import { carryFormThemes } from './themes-repository.ts';
import { toWireForm } from './view.ts';

/**
 * Moves a form, with its submissions, versions, files and webhooks, to another workspace where the
 * caller is an editor or above (the route checked the form's own). Its folder stays behind (folders
 * belong to a workspace) and submissions assigned to someone outside the new workspace are
 * unassigned; the saved themes it uses are copied along. Both workspaces' audit logs record the move; the form's webhooks get `form.moved`.
 */
export async function moveOwnerForm(
  app: FastifyInstance,
  input: { formId: number; ownerId: string; caller: Caller; workspaceId: number },
) {
  const to = await chooseWorkspace(app.db, { ...input.caller, needs: 'editor' }, input.workspaceId);
  const row = await app.db.transaction(async (tx) => {
    if (!(await repo.lockOwnedForm(tx, input))) return null;
    const form = (await repo.findOwnedForm(tx, input))!;
    const from = form.workspaceId;
    if (from === to) return form;
    const details = { from_workspace_id: from, to_workspace_id: to };
    // An entry goes to the workspace the form leaves (recorded before the move)…
    await recordAudit(tx, { action: 'form.moved', where: { formId: input.formId }, details });
    await tx.update(forms).set({ workspaceId: to, folderId: null }).where(eq(forms.id, input.formId));
    await carryFormThemes(tx, { formId: input.formId, from, to, ownerId: input.ownerId });
    await tx.execute(
      sql`update submissions set assignee_id = null
          where form_id = ${input.formId} and assignee_id is not null
            and assignee_id not in (select user_id from workspace_members where workspace_id = ${to})`,
    );
    // The form's webhooks belong to its workspace: they move with it.
    await tx.execute(sql`update webhooks set workspace_id = ${to} where form_id = ${input.formId}`);
    // …and one to the workspace it joins.
    await recordAudit(tx, { action: 'form.moved', where: { formId: input.formId }, details });
    await emitFormEvent(tx, { formId: input.formId, event: 'form.moved' });
    return repo.findOwnedForm(tx, input);
  });
  if (!row) throw notFound(FORM_NOT_FOUND);
  // Its page is drawn with the new workspace's theme (and served on that workspace's hosts).
  forgetPublicForm(input.formId);
  return toWireForm(row, app.customDomains);
}
