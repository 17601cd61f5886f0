/** Query keys of the forms cache; the dashboard uses the same literal keys. */
export const formsKeys = {
  all: ['forms'] as const,
  list: () => ['forms', 'list'] as const,
  detail: (id: number) => ['forms', 'detail', id] as const,
};
