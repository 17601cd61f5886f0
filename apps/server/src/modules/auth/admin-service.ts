import { randomBytes } from 'node:crypto';
import { emailSchema, newPasswordSchema } from '@formsmith/core/auth/api';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertUncommonPassword } from './password-policy.ts';
import { hashPassword } from './passwords.ts';
import { createUser, findUserByEmail, retireAuthTokens, updateUser } from './repository.ts';
import { revokeOtherSessions } from './sessions.ts';

// What `npm run admin` does for self-hosters without mail: the same rules as sign-up and password
// change, without the mailed proof (whoever runs it holds the database).

export type AdminUser = { email: string; name: string; verified: boolean; created_at: string };

/** A password given on the command line must pass the sign-up rules; none given makes a strong one. */
async function passwordHashFor(given: string | undefined): Promise<{ hash: string; generated?: string }> {
  if (given === undefined) {
    const generated = randomBytes(15).toString('base64url');
    return { hash: await hashPassword(generated), generated };
  }
  const parsed = newPasswordSchema.safeParse(given);
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', 400, parsed.error.issues[0]!.message);
  assertUncommonPassword(given, 'password');
  return { hash: await hashPassword(given) };
}

async function requireUser(db: Db, email: string) {
  const user = await findUserByEmail(db, email);
  if (!user) throw new AppError('NOT_FOUND', 404, `No account with the address ${email}`);
  return user;
}

/** Creates an account, verified unless told otherwise; answers the generated password if any. */
export async function adminCreateUser(
  db: Db,
  input: { email: string; name: string; password?: string; verified: boolean },
): Promise<{ generatedPassword?: string }> {
  const email = emailSchema.safeParse(input.email);
  if (!email.success) throw new AppError('VALIDATION_FAILED', 400, email.error.issues[0]!.message);
  if (await findUserByEmail(db, email.data)) {
    throw new AppError('CONFLICT', 409, `An account with the address ${email.data} exists already`);
  }
  const { hash, generated } = await passwordHashFor(input.password);
  const user = await createUser(db, { email: email.data, name: input.name, passwordHash: hash });
  if (input.verified) await updateUser(db, user.id, { emailVerifiedAt: new Date() });
  return { generatedPassword: generated };
}

export async function adminVerifyUser(db: Db, email: string): Promise<void> {
  const user = await requireUser(db, email);
  if (!user.emailVerifiedAt) await updateUser(db, user.id, { emailVerifiedAt: new Date() });
}

/**
 * Makes the account the instance administrator (role admin: it gives workspaces their email
 * domains for single sign-on), or an ordinary account again.
 */
export async function adminSetInstanceAdmin(db: Db, input: { email: string; admin: boolean }): Promise<void> {
  const user = await requireUser(db, input.email);
  if (user.role === 'system')
    throw new AppError('BAD_REQUEST', 400, `${input.email} is the server's own account`);
  await db
    .update(users)
    .set({ role: input.admin ? 'admin' : 'user', updatedAt: new Date() })
    .where(eq(users.id, user.id));
}

/** Sets a new password, ends every session and retires the login links still out. */
export async function adminResetPassword(
  db: Db,
  input: { email: string; password?: string },
): Promise<{ generatedPassword?: string }> {
  const user = await requireUser(db, input.email);
  const { hash, generated } = await passwordHashFor(input.password);
  await db.transaction(async (tx) => {
    await updateUser(tx, user.id, { passwordHash: hash });
    await revokeOtherSessions(tx, { userId: user.id });
    await retireAuthTokens(tx, user.id, 'magic_link');
  });
  return { generatedPassword: generated };
}

export async function adminListUsers(db: Db): Promise<AdminUser[]> {
  const rows = await db.select().from(users).orderBy(asc(users.createdAt));
  return rows
    .filter((u) => u.role !== 'system')
    .map((u) => ({
      email: u.email,
      name: u.name,
      verified: u.emailVerifiedAt !== null,
      created_at: u.createdAt.toISOString(),
    }));
}
