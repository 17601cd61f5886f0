import type { DbOrTx } from '../../db/client.ts';

/** Who is signing in, and how, when a guard is asked. */
export type SignInAttempt = { userId: string; method: 'password' | 'magic_link' | 'passkey' };

/** Throws an AppError (403 with a message saying what to do instead) to refuse the sign-in. */
export type SignInGuard = (db: DbOrTx, attempt: SignInAttempt) => Promise<void>;

const guards = new Set<SignInGuard>();

/**
 * Lets a module above auth refuse a password, login-link or passkey sign-in after the password,
 * link or passkey was accepted (so the refusal tells nothing to someone without them): single sign-on refuses
 * members of a workspace that requires it. A set: every app built in one process adds the same
 * guard, which changes nothing.
 */
export function addSignInGuard(guard: SignInGuard): void {
  guards.add(guard);
}

export async function assertSignInAllowed(db: DbOrTx, attempt: SignInAttempt): Promise<void> {
  for (const guard of guards) await guard(db, attempt);
}

/** The longest, in seconds, a session of this account signed in this way may last; null: no limit of its own. */
export type SessionCap = (db: DbOrTx, input: { userId: string; method: string }) => Promise<number | null>;

const caps = new Set<SessionCap>();

/**
 * Lets a module above auth shorten sessions it opened (single sign-on: the workspace's chosen
 * maximum age), so that a refresh does not carry them past it. A set, like the guards.
 */
export function addSessionCap(cap: SessionCap): void {
  caps.add(cap);
}

/** The shortest of the instance's maximum age and every cap that applies. */
export async function sessionMaxAge(
  db: DbOrTx,
  input: { userId: string; method: string; instanceMaxAge: number },
): Promise<number> {
  let max = input.instanceMaxAge;
  for (const cap of caps) {
    const seconds = await cap(db, input);
    if (seconds !== null) max = Math.min(max, seconds);
  }
  return max;
}
