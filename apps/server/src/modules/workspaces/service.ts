import type { WorkspaceList } from '@formsmith/core/workspaces/api';
import type { FastifyInstance } from 'fastify';
import { listMemberships, personalWorkspaceId } from './repository.ts';

/** The caller's workspaces and role in each; an account always has its personal one. */
export async function listWorkspaces(
  app: FastifyInstance,
  input: { userId: string },
): Promise<WorkspaceList> {
  await personalWorkspaceId(app.db, input.userId);
  return { workspaces: await listMemberships(app.db, input.userId) };
}
