import { REAUTH_MESSAGES, type ReauthMethod, type ReauthStatus } from '@formsmith/core/auth/reauth';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../lib/app-error.ts';
import { findUserById } from '../repository.ts';
import type { SessionUser } from '../sessions.ts';
import { getTwoFactorStatus } from '../two-factor/status.ts';

type ProofAge = Omit<ReauthStatus, 'methods'>;

/**
 * A stolen session token must not become a lasting takeover: changes to how the account signs
 * in, who may act for it (API keys), whether its owner hears of it (alerts) and whether forms
 * stay end-to-end encrypted need the session to have proved its owner recently, by signing in
 * or by confirming the password, a current code or a passkey (POST /api/auth/reauth).
 */
function proofAge(app: FastifyInstance, session: SessionUser): ProofAge {
  const window = app.config.reauthWindowSeconds;
  const age = Math.max(0, Math.floor((Date.now() - session.provedAt.getTime()) / 1000));
  return {
    confirmed_at: session.provedAt.toISOString(),
    age_seconds: age,
    seconds_left: Math.max(0, window - age),
    window_seconds: window,
  };
}

export const reauthRequired = () => new AppError('REAUTH_REQUIRED', 403, REAUTH_MESSAGES.required);

/** Throws 403 REAUTH_REQUIRED unless the session proved its owner within the window. */
export function assertRecentProof(app: FastifyInstance, session: SessionUser): void {
  if (proofAge(app, session).seconds_left > 0) return;
  throw reauthRequired();
}

/** The session's proof age and the ways its owner can prove themselves again. */
export async function reauthStatus(app: FastifyInstance, session: SessionUser): Promise<ReauthStatus> {
  const user = await findUserById(app.db, session.id);
  const factors = await getTwoFactorStatus(app.db, session.id);
  const methods: ReauthMethod[] = [];
  if (user?.passwordHash) methods.push('password');
  if (factors.enabled) methods.push('code');
  if (factors.passkeys.length > 0) methods.push('passkey');
  return { ...proofAge(app, session), methods };
}
