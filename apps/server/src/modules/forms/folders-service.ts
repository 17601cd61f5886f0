import { FOLDER_LIMITS, FOLDER_MESSAGES, type FolderBody, NO_FOLDER } from '@formsmith/core/forms/folders';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError, conflict, notFound } from '../../lib/app-error.ts';
import { type Caller, chooseWorkspace } from '../workspaces/index.ts';
import type { FolderRow } from './folders-repository.ts';
import * as folders from './folders-repository.ts';
import { FORM_NOT_FOUND } from './public-access.ts';
import * as repo from './repository.ts';
import { toWireForm } from './view.ts';

type Owner = { ownerId: string };
type OwnedFolder = Owner & { folderId: number; workspaceId?: number };

/** A folder id from a path segment or a body; one that cannot name a folder answers like a missing one. */
export function requireFolderId(raw: string | number | undefined): number {
  const text = String(raw ?? '');
  const id = /^\d{1,10}$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) throw notFound(FOLDER_MESSAGES.notFound);
  return id;
}

function toWireFolder(row: FolderRow) {
  return { id: row.id, name: row.name, form_count: row.formCount };
}

/** The caller's folder; 404 'Folder not found' when it is missing or someone else's. */
export async function requireOwnedFolder(db: DbOrTx, input: OwnedFolder): Promise<FolderRow> {
  const folder = await folders.findOwnedFolder(db, input);
  if (!folder) throw notFound(FOLDER_MESSAGES.notFound);
  return folder;
}

/** Runs a write that may give a folder a name its workspace already uses (any case). */
async function withNameGuard<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err))
      throw conflict(FOLDER_MESSAGES.nameTaken, { name: FOLDER_MESSAGES.nameTaken });
    throw err;
  }
}

/** The folders of the caller's workspaces (only the key's for an API key). */
/** The folders of one of the caller's workspaces (`workspaceId`, else as `chooseWorkspace`). */
export async function listOwnerFolders(
  app: FastifyInstance,
  input: { caller: Caller; workspaceId: number | undefined },
) {
  const workspaceId = await chooseWorkspace(app.db, input.caller, input.workspaceId);
  return { folders: (await folders.listFolders(app.db, workspaceId)).map(toWireFolder) };
}

/** A new folder, in `workspaceId` when the caller may edit there, else its personal workspace. */
export async function createOwnerFolder(
  app: FastifyInstance,
  input: { caller: Caller; workspaceId: number | undefined; body: FolderBody },
) {
  const ownerId = input.caller.userId;
  if ((await folders.countFolders(app.db, ownerId)) >= FOLDER_LIMITS.maxFoldersPerAccount) {
    throw new AppError('LIMIT_REACHED', 403, FOLDER_MESSAGES.limitReached);
  }
  const workspaceId = await chooseWorkspace(app.db, input.caller, input.workspaceId);
  const row = await withNameGuard(() =>
    folders.createFolder(app.db, { ownerId, workspaceId, name: input.body.name }),
  );
  return toWireFolder(row);
}

export async function renameOwnerFolder(app: FastifyInstance, input: OwnedFolder & { body: FolderBody }) {
  const row = await withNameGuard(() => folders.renameFolder(app.db, { ...input, name: input.body.name }));
  if (!row) throw notFound(FOLDER_MESSAGES.notFound);
  return toWireFolder(row);
}

export async function deleteOwnerFolder(app: FastifyInstance, input: OwnedFolder): Promise<void> {
  if (!(await folders.deleteFolder(app.db, input))) throw notFound(FOLDER_MESSAGES.notFound);
}

/**
 * Files the caller's form in one of their folders, or takes it out (null). Another owner's form
 * or folder answers 404 like a missing one. Filing is not an edit: the draft's revision and its
 * last-edited time stay.
 */
export async function fileOwnerForm(
  app: FastifyInstance,
  input: Owner & { formId: number; folderId: number | null },
) {
  const folderId = input.folderId === null ? null : requireFolderId(input.folderId);
  if (folderId !== null) {
    // A form is filed only in a folder of its own workspace.
    const form = await repo.findOwnedForm(app.db, input);
    if (!form) throw notFound(FORM_NOT_FOUND);
    await requireOwnedFolder(app.db, { folderId, ownerId: input.ownerId, workspaceId: form.workspaceId });
  }
  const row = await repo.updateForm(app.db, {
    formId: input.formId,
    ownerId: input.ownerId,
    changes: { folderId },
  });
  if (!row) throw notFound(FORM_NOT_FOUND);
  return toWireForm(row, app.customDomains);
}

/** Which forms the list shows: all, those in no folder, or those of one of the caller's folders. */
export async function folderFilterOf(
  app: FastifyInstance,
  input: Owner & { folder: string | undefined },
): Promise<number | null | undefined> {
  if (input.folder === undefined) return undefined;
  if (input.folder === NO_FOLDER) return null;
  const folderId = requireFolderId(input.folder);
  await requireOwnedFolder(app.db, { folderId, ownerId: input.ownerId });
  return folderId;
}
