import type { WorkspaceRole } from '@formsmith/core/workspaces/roles';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { workspaceMembers } from '../../src/db/schema.ts';
import type { TestUser } from './users.ts';

/**
 * A team workspace `owner` makes through the API, with `members` added straight to it in their
 * roles (the invitation's own path is tested in workspace-members.test.ts). Answers its id.
 */
export async function createTeam(
  app: FastifyInstance,
  input: { owner: TestUser; name: string; members?: [TestUser, WorkspaceRole][] },
): Promise<number> {
  const made = await app.inject({
    method: 'POST',
    url: '/api/workspaces',
    headers: input.owner.auth,
    payload: { name: input.name },
  });
  expect(made.statusCode, made.body).toBe(201);
  const workspaceId = made.json().id as number;
  const members = input.members ?? [];
  if (members.length > 0) {
    await app.db
      .insert(workspaceMembers)
      .values(members.map(([user, role]) => ({ workspaceId, userId: user.id, role })));
  }
  return workspaceId;
}

/** Puts a form in the workspace (as if it had been made there). */
export async function placeForm(app: FastifyInstance, formId: number, workspaceId: number): Promise<void> {
  await app.db.execute(sql`update forms set workspace_id = ${workspaceId} where id = ${formId}`);
}
