import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import type { TestUser } from './users.ts';

/** The code an authenticator app shows for `secret`, `steps` 30-second steps from now. */
export function totpCode(secret: string, steps = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + steps * 30_000 });
}

/** Waits until the current 30-second step has at least 2 s left, so a code computed now stays in its step. */
export async function awayFromStepEdge(): Promise<void> {
  const into = Date.now() % 30_000;
  if (into > 27_000) await new Promise((r) => setTimeout(r, 30_000 - into + 200));
}

export const bearer = (user: Pick<TestUser, 'token'>) => ({ authorization: `Bearer ${user.token}` });

/** Turns on TOTP for a user (confirming with the code of the previous step); returns secret and recovery codes. */
export async function enrolTotp(app: FastifyInstance, user: TestUser) {
  const setup = await app.inject({
    method: 'POST',
    url: '/api/auth/two-factor/totp/setup',
    headers: bearer(user),
  });
  if (setup.statusCode !== 200) throw new Error(`setup failed: ${setup.body}`);
  const { secret } = setup.json() as { secret: string };
  await awayFromStepEdge();
  const confirm = await app.inject({
    method: 'POST',
    url: '/api/auth/two-factor/totp/confirm',
    headers: bearer(user),
    payload: { code: totpCode(secret, -1) },
  });
  if (confirm.statusCode !== 200) throw new Error(`confirm failed: ${confirm.body}`);
  return { secret, recoveryCodes: (confirm.json() as { recovery_codes: string[] }).recovery_codes };
}

/** Password sign-in; returns the parsed answer (a session or a two-factor challenge). */
export async function signIn(app: FastifyInstance, user: TestUser, headers: Record<string, string> = {}) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: user.password },
    headers,
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  return res.json() as Record<string, unknown>;
}
