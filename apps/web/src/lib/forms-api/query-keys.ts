/** Query keys of the forms cache, shared by every feature that reads forms. */
export const formsKeys = {
  all: ['forms'] as const,
  /** Every list (with no folder: all forms; `none`: those in no folder; else a folder's id). */
  list: (folder?: string) =>
    folder === undefined ? (['forms', 'list'] as const) : (['forms', 'list', folder] as const),
  folders: () => ['forms', 'folders'] as const,
  detail: (id: number) => ['forms', 'detail', id] as const,
  deleteImpact: (id: number) => ['forms', 'delete-impact', id] as const,
  trash: () => ['forms', 'trash'] as const,
  versions: (id: number) => ['forms', 'versions', id] as const,
};
