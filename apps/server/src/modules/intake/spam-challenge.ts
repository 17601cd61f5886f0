import { hkdfSync, randomInt } from 'node:crypto';
import { SPAM_CHALLENGE_MESSAGES } from '@formsmith/core/submissions/spam-challenge';
import type { SpamChallenge } from '@formsmith/core/submissions/submit';
import { type Challenge, createChallenge, type Solution, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';

// The proof-of-work challenges of forms that ask for one (core submissions/spam-challenge.ts):
// ALTCHA's scheme, issued and checked here, nothing sent to a third party. A challenge is signed
// with an HMAC key derived from the instance's data key, so every instance sharing that key
// checks what another issued; a solution is accepted once (its signature is recorded until the
// challenge expires, in the shared rate_limit_windows table).

/** How long a page has to solve its challenge and send the form. */
const CHALLENGE_TTL_MS = 20 * 60_000;
/**
 * The work: the solver tries counters from 0 up to a random one below this, one SHA-256 each
 * (on average half of it; a second or so in a browser, in the background while the form is filled).
 */
const MAX_COUNTER = 50_000;

function secretOf(key: Buffer): string {
  return Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), 'formsmith altcha hmac v1', 32)).toString(
    'hex',
  );
}

/** A new challenge for the page of a form, naming the form. */
export async function issueSpamChallenge(app: FastifyInstance, formId: number): Promise<SpamChallenge> {
  const secret = secretOf(app.keyring.current.key);
  const challenge = await createChallenge({
    algorithm: 'SHA-256',
    cost: 1,
    counter: randomInt(1000, MAX_COUNTER),
    deriveKey,
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
    hmacSignatureSecret: secret,
    hmacKeySignatureSecret: secret,
    data: { form: formId },
  });
  return challenge as SpamChallenge;
}

type Payload = { challenge: Challenge; solution: Solution };

function readPayload(text: string): Payload | null {
  try {
    const payload = JSON.parse(Buffer.from(text, 'base64').toString('utf8')) as Payload;
    const ok =
      typeof payload?.challenge?.signature === 'string' &&
      typeof payload.challenge.parameters === 'object' &&
      typeof payload.solution?.counter === 'number' &&
      typeof payload.solution.derivedKey === 'string';
    return ok ? payload : null;
  } catch {
    return null;
  }
}

const refused = () => new AppError('FORBIDDEN', 403, SPAM_CHALLENGE_MESSAGES.refused);

/**
 * Checks a submit's solution for this form (403 when missing, forged, expired or for another
 * form) and answers what `claimSpamSolution` records once the submission is accepted. Keys the
 * instance held before a rotation still open what they signed.
 */
export async function checkSpamSolution(
  app: FastifyInstance,
  input: { formId: number; solution: string | null | undefined },
): Promise<{ signature: string; expiresAt: Date }> {
  if (!input.solution) throw new AppError('FORBIDDEN', 403, SPAM_CHALLENGE_MESSAGES.missing);
  const payload = readPayload(input.solution);
  if (!payload || payload.challenge.parameters.data?.form !== input.formId) throw refused();
  for (const { key } of app.keyring.keys) {
    const secret = secretOf(key);
    const result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: secret,
      hmacKeySignatureSecret: secret,
    }).catch(() => null);
    if (result?.verified) {
      const expiresAt = new Date((payload.challenge.parameters.expiresAt ?? 0) * 1000);
      return { signature: payload.challenge.signature as string, expiresAt };
    }
  }
  throw refused();
}

/**
 * Records a checked solution as used; false when it was used before (a replay). Called once the
 * submission passed every other check, so a refused submit can be corrected and sent again.
 */
export async function claimSpamSolution(
  app: FastifyInstance,
  checked: { signature: string; expiresAt: Date },
): Promise<boolean> {
  const rows = await queryRows<{ key: string }>(
    app.db,
    sql`insert into rate_limit_windows (key, count, reset_at)
      values (${`spamSolution:${checked.signature}`}, 1, ${checked.expiresAt.toISOString()}::timestamptz)
      on conflict (key) do nothing
      returning key`,
  );
  return rows.length === 1;
}

export { refused as spamSolutionRefused };
