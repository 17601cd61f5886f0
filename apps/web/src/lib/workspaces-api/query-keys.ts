/** Query keys of the workspaces cache: the caller's workspaces, and each one's members. */
export const workspacesKeys = {
  all: ['workspaces'] as const,
  list: () => ['workspaces', 'list'] as const,
  members: (id: number) => ['workspaces', 'members', id] as const,
};
