import { randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import type { FastifyInstance } from 'fastify';
import { users } from '../../src/db/schema.ts';
import { createSession } from '../../src/modules/auth/sessions.ts';
import { createTestApp, type TestAppOptions } from './app.ts';

export type TestUser = {
  id: string;
  email: string;
  name: string;
  password: string;
  token: string;
  auth: { authorization: string };
};

/** A verified user with a live session, created straight in the database (fast, no mail). */
export async function createTestUser(
  app: FastifyInstance,
  overrides: { name?: string; password?: string } = {},
): Promise<TestUser> {
  const email = `user-${randomUUID()}@example.com`;
  const password = overrides.password ?? 'correct horse battery';
  const name = overrides.name ?? 'Test User';
  const [row] = await app.db
    .insert(users)
    .values({ email, name, passwordHash: await hash(password), emailVerifiedAt: new Date() })
    .returning({ id: users.id });
  const { token } = await createSession(app.db, {
    userId: row!.id,
    ttlSeconds: 3600,
    authMethod: 'password',
  });
  return { id: row!.id, email, name, password, token, auth: { authorization: `Bearer ${token}` } };
}

/** A fresh test app and one verified owner, for files whose tests all act as that owner. */
export async function createOwnerTestApp(
  opts: TestAppOptions = {},
): Promise<{ app: FastifyInstance; owner: TestUser }> {
  const app = await createTestApp(opts);
  return { app, owner: await createTestUser(app) };
}
