import { type Workspace, workspaceListSchema } from '@formsmith/core/workspaces/api';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { workspacesKeys } from './query-keys.ts';

/** GET /api/workspaces: the caller's workspaces, the personal one first, with the caller's role. */
export async function listWorkspaces(): Promise<Workspace[]> {
  return (await apiRequest('/workspaces', workspaceListSchema)).workspaces;
}

export const workspacesQueryOptions = () =>
  queryOptions({ queryKey: workspacesKeys.list(), queryFn: listWorkspaces, staleTime: 60_000 });
