import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { createUser } from '../src/modules/auth/repository.ts';
import { createTestApp, dbKind } from './helpers/app.ts';
import { type OwnDatabase, ownTestDatabase } from './helpers/own-database.ts';

/**
 * Sign-ups arriving together on an empty instance: each would otherwise miss the others' rows,
 * not yet committed, and become administrator too. It needs an empty database of its own.
 */
describe(`first registrations at the same moment (${dbKind})`, () => {
  let own: OwnDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    own = await ownTestDatabase();
    app = await createTestApp({ env: own.env });
  });
  afterAll(async () => {
    await app.close();
    await own.drop();
  });

  it('makes exactly one of them the instance administrator', async () => {
    const password = 'a long enough password';
    const emails = Array.from({ length: 8 }, (_, i) => `racer${i}@example.com`);
    const answers = await Promise.all(
      emails.map((email) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/register',
          payload: { name: email, email, password, confirmPassword: password, acceptTerms: true },
        }),
      ),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(201);
    const admins = await app.db.select({ email: users.email }).from(users).where(eq(users.role, 'admin'));
    const accounts = await app.db.select({ email: users.email }).from(users).where(eq(users.role, 'user'));
    expect(admins).toHaveLength(1);
    expect(accounts).toHaveLength(emails.length - 1);
  });

  it('keeps it one when the sign-ups overlap until they commit', async () => {
    // Each sign-up's transaction stays open a moment after its insert, as a slow mail queue
    // would keep it: without the lock every one of them misses the others and is administrator.
    await app.db.delete(users).where(eq(users.role, 'user'));
    await app.db.delete(users).where(eq(users.role, 'admin'));
    const emails = Array.from({ length: 6 }, (_, i) => `overlap${i}@example.com`);
    await Promise.all(
      emails.map((email) =>
        app.db.transaction(async (tx) => {
          await createUser(tx, { email, name: email, passwordHash: 'not used' });
          await new Promise((resolve) => setTimeout(resolve, 150));
        }),
      ),
    );
    const admins = await app.db.select({ email: users.email }).from(users).where(eq(users.role, 'admin'));
    expect(admins).toHaveLength(1);
    expect(emails).toContain(admins[0]!.email);
  });
});
