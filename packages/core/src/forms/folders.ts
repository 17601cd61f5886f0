// Request and response shapes of the owner's folders (/api/folders) and of filing a form in one.
import * as z from 'zod/mini';

/** How long a folder's name may be, and how many folders an account may have. */
export const FOLDER_LIMITS = { nameMaxLength: 60, maxFoldersPerAccount: 100 } as const;

export const FOLDER_MESSAGES = {
  notFound: 'Folder not found',
  nameRequired: 'Name the folder',
  nameTooLong: `A folder name can be at most ${FOLDER_LIMITS.nameMaxLength} characters`,
  nameTaken: 'You already have a folder with this name',
  limitReached: `You have reached the limit of ${FOLDER_LIMITS.maxFoldersPerAccount} folders. Delete one to make room.`,
} as const;

/** A folder of the owner's, with how many of their forms (not in the Trash) it holds. */
export const folderSchema = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  form_count: z.number().check(z.int()),
});
export type Folder = z.output<typeof folderSchema>;
export const folderListSchema = z.object({ folders: z.array(folderSchema) });

/** POST /api/folders and PUT /api/folders/:id: the folder's name, trimmed. */
export const folderBodySchema = z.object({
  name: z
    .pipe(
      z.string(),
      z.transform((name) => name.trim()),
    )
    .check(
      z.refine((name) => name !== '', FOLDER_MESSAGES.nameRequired),
      z.refine((name) => name.length <= FOLDER_LIMITS.nameMaxLength, FOLDER_MESSAGES.nameTooLong),
    ),
});
export type FolderBody = z.output<typeof folderBodySchema>;

export const folderIdParamsSchema = z.object({ id: z.string() });

/** PUT /api/forms/:id/folder: the folder to file the form in, or null to take it out of its folder. */
export const formFolderBodySchema = z.object({ folder_id: z.nullable(z.number().check(z.int())) });

/** `none`: the forms in no folder. */
export const NO_FOLDER = 'none';

/** GET /api/forms?folder=<id>|none: only the forms of that folder (or of none). */
export const formListQuerySchema = z.object({
  folder: z.optional(
    z
      .string()
      .check(z.regex(/^(none|\d{1,10})$/, 'folder must be a folder id, or none for the forms in no folder')),
  ),
});
