import type { FastifyInstance } from 'fastify';

type Attempt = { email: string; ip: string | undefined };

const pairKey = (a: Attempt) => `${a.email}|${a.ip ?? ''}`;

/**
 * Whether this address may try a password for this account now (429 otherwise). Failures count
 * per account and address, so others' wrong passwords never refuse the owner's right one from
 * a new address; once an account collects many failures from anywhere, each address that has
 * failed on it waits a growing delay between attempts (rate-limits.ts).
 */
export async function assertMayTryPassword(app: FastifyInstance, attempt: Attempt): Promise<void> {
  await app.failures.assertAllowed('loginFailuresPerAccountIp', pairKey(attempt));
  if ((await app.failures.count('loginFailuresPerAccountIp', pairKey(attempt))) > 0) {
    await app.failures.assertAllowed('loginFailuresPerAccount', attempt.email);
  }
}

/** Counts a wrong password for the account and for the account from this address. */
export async function recordWrongPassword(app: FastifyInstance, attempt: Attempt): Promise<void> {
  await app.failures.record('loginFailuresPerAccountIp', pairKey(attempt));
  await app.failures.record('loginFailuresPerAccount', attempt.email);
}
