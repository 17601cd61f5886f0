/** Query keys of the forms cache, shared by every feature that reads forms. */
export const formsKeys = {
  all: ['forms'] as const,
  list: () => ['forms', 'list'] as const,
  detail: (id: number) => ['forms', 'detail', id] as const,
  deleteImpact: (id: number) => ['forms', 'delete-impact', id] as const,
  trash: () => ['forms', 'trash'] as const,
  versions: (id: number) => ['forms', 'versions', id] as const,
};
