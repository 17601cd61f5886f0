/** Query keys of the workspaces cache: the caller's workspaces, each one's members and audit log. */
export const workspacesKeys = {
  all: ['workspaces'] as const,
  list: () => ['workspaces', 'list'] as const,
  members: (id: number) => ['workspaces', 'members', id] as const,
  audit: (id: number) => ['workspaces', 'audit', id] as const,
  domains: (id: number) => ['workspaces', 'domains', id] as const,
};
