import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 hashes with argon2id by default (its Algorithm is a const enum we cannot import
// under isolatedModules); the tests read the stored hash's '$argon2id$' prefix to hold us to it.
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. Without a hash (no such user) it still spends the time
 * of one verification, so response times do not reveal which emails have accounts.
 */
export async function verifyPassword(
  storedHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hash('formsmith-timing-equaliser');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
