import { TRASH_DAYS, type TrashList } from '@formsmith/core/forms/trash';
import { DAY_MS } from '@formsmith/core/time';
import type { FastifyInstance } from 'fastify';
import type { RecurringJob } from '../../jobs/definition.ts';
import { notFound } from '../../lib/app-error.ts';
import { deleteUpload } from '../../lib/storage/index.ts';
import { recordAudit } from '../audit/index.ts';
import type { Caller } from '../workspaces/index.ts';
import { removePictures, unusedPictures } from './picture-copies.ts';
import { FORM_NOT_FOUND } from './public-access.ts';
import * as trash from './trash-repository.ts';
import { toWireForm } from './view.ts';

type OwnedFormInput = { formId: number; ownerId: string };

/** Removes stored files whose rows are gone; a file that cannot be removed is logged, not retried. */
export async function removeFiles(app: FastifyInstance, storageKeys: readonly string[]): Promise<void> {
  for (const key of storageKeys) {
    await deleteUpload(app.config, key).catch((err) => app.log.warn({ err, key }, 'could not delete upload'));
  }
}

/** Removes what forms deleted for good kept in storage: their files, and the pictures nothing else shows. */
export async function removeDeletedFiles(app: FastifyInstance, deleted: trash.DeletedForms): Promise<void> {
  await removeFiles(app, deleted.storageKeys);
  await removePictures(app, await unusedPictures(app.db, deleted.shown));
}

/** Deletes the owner's form: to the Trash, or for good (with its submissions and files) when `permanent`. */
export async function deleteOwnerForm(app: FastifyInstance, input: OwnedFormInput & { permanent: boolean }) {
  if (!input.permanent) {
    const trashed = await app.db.transaction(async (tx) => {
      if (!(await trash.trashForm(tx, input))) return false;
      await recordAudit(tx, { action: 'form.deleted', where: { formId: input.formId } });
      return true;
    });
    if (!trashed) throw notFound(FORM_NOT_FOUND);
    return;
  }
  const deleted = await app.db.transaction(async (tx) => {
    // Written first: the entry names the form's workspace and title, which go with the row. Not
    // the caller's form: the error rolls the entry back with the (empty) change.
    await recordAudit(tx, { action: 'form.purged', where: { formId: input.formId } });
    const gone = await trash.deleteFormForGood(tx, input);
    if (!gone) throw notFound(FORM_NOT_FOUND);
    return gone;
  });
  await removeDeletedFiles(app, deleted);
}

export async function restoreOwnerForm(app: FastifyInstance, input: OwnedFormInput) {
  const row = await app.db.transaction(async (tx) => {
    const restored = await trash.restoreForm(tx, input);
    if (restored) await recordAudit(tx, { action: 'form.restored', where: { formId: input.formId } });
    return restored;
  });
  if (!row) throw notFound('Form not found in the Trash');
  return toWireForm(row, app.customDomains);
}

export async function listOwnerTrash(app: FastifyInstance, input: { caller: Caller }): Promise<TrashList> {
  const rows = await trash.listTrash(app.db, input.caller);
  return {
    forms: rows.map((r) => ({
      id: r.id,
      title: r.title,
      deleted_at: r.deletedAt.toISOString(),
      purge_at: new Date(r.deletedAt.getTime() + TRASH_DAYS * DAY_MS).toISOString(),
      submissions: r.submissions,
      files: r.files,
    })),
  };
}

export async function findOwnerDeleteImpact(app: FastifyInstance, input: OwnedFormInput) {
  const impact = await trash.findDeleteImpact(app.db, input);
  if (!impact) throw notFound(FORM_NOT_FOUND);
  return impact;
}

/** Deletes for good every form in the Trash for longer than TRASH_DAYS, with their files. */
export async function purgeTrash(app: FastifyInstance, now: Date = new Date()): Promise<number> {
  let purged = 0;
  for (;;) {
    const batch = await trash.purgeTrashBatch(app.db, now);
    await removeDeletedFiles(app, batch);
    purged += batch.ids.length;
    if (batch.ids.length < trash.PURGE_BATCH) return purged;
  }
}

export const TRASH_PURGE_JOB = 'forms.trash-purge';

/** The daily purge of forms in the Trash for longer than TRASH_DAYS. */
export const trashPurgeJob: RecurringJob = {
  kind: TRASH_PURGE_JOB,
  everyMs: DAY_MS,
  firstRunInMs: 0,
  run: async (app) => {
    const purged = await purgeTrash(app);
    if (purged > 0) app.log.info({ purged }, 'purged forms from the Trash');
  },
};
