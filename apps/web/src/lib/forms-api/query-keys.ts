/** Query keys of the forms cache, shared by every feature that reads forms. */
export const formsKeys = {
  all: ['forms'] as const,
  list: () => ['forms', 'list'] as const,
  detail: (id: number) => ['forms', 'detail', id] as const,
};
