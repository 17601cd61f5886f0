/** Query keys of the forms cache, shared by every feature that reads forms. */
export const formsKeys = {
  all: ['forms'] as const,
  /** Every list of every workspace. */
  lists: ['forms', 'list'] as const,
  /** A workspace's list (with no folder: all its forms; `none`: those in no folder; else a folder's id). */
  list: (workspaceId: number, folder?: string) =>
    folder === undefined
      ? (['forms', 'list', workspaceId] as const)
      : (['forms', 'list', workspaceId, folder] as const),
  /** A workspace's folders; with no workspace, every workspace's. */
  folders: (workspaceId?: number) =>
    workspaceId === undefined
      ? (['forms', 'folders'] as const)
      : (['forms', 'folders', workspaceId] as const),
  detail: (id: number) => ['forms', 'detail', id] as const,
  deleteImpact: (id: number) => ['forms', 'delete-impact', id] as const,
  trash: () => ['forms', 'trash'] as const,
  versions: (id: number) => ['forms', 'versions', id] as const,
  access: (id: number) => ['forms', 'access', id] as const,
  presence: (id: number) => ['forms', 'presence', id] as const,
};
