import type { FastifyInstance } from 'fastify';
import { createRemoteJWKSet, decodeJwt, errors as joseErrors, jwtVerify } from 'jose';
import { revokeSsoSessions } from '../auth/index.ts';
import { discoverProvider, ssoError } from './oidc.ts';
import { findConnectionsByIssuer, findIdentityUser } from './repository.ts';
import { openClientSecret } from './secrets.ts';

// OpenID Connect Back-Channel Logout: the provider posts a logout token (a JWT it signs) when
// someone signs out there, and the sessions it opened here end. The token is checked as the
// specification asks: the provider's signature (its published keys), the issuer of a connected
// workspace, our client id as audience, the logout event, no nonce (so an ID token cannot pass
// for one), a recent iat, and a sid or a sub to say whose sessions.

const LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';
/** How old a logout token may be (its iat), and the clock difference allowed between the two sides. */
const MAX_TOKEN_AGE_SECONDS = 300;
const CLOCK_TOLERANCE_SECONDS = 60;

export const LOGOUT_MESSAGES = {
  malformed: 'The logout_token is not a JWT.',
  unknownIssuer: (issuer: string) => `No workspace signs in with the provider ${issuer}.`,
  wrongAudience: 'The logout token is for another client (its audience is no connected client id).',
  badSignature: "The logout token failed its signature check against the provider's keys.",
  stale: 'The logout token is too old or not valid yet (its iat or exp).',
  noEvent: `The logout token has no ${LOGOUT_EVENT} event.`,
  nonce: 'A logout token must not carry a nonce.',
  noSubject: 'The logout token names neither a sid nor a sub.',
  invalid: (reason: string) => `The logout token is not valid: ${reason}.`,
} as const;

/** The provider's published keys, fetched once per key set and refreshed when a new key id shows up. */
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
function keySetAt(uri: string) {
  let keys = keySets.get(uri);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(uri), { timeoutDuration: 10_000 });
    keySets.set(uri, keys);
  }
  return keys;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function explainJoseFailure(err: unknown): Error {
  if (err instanceof joseErrors.JWTExpired) return ssoError(LOGOUT_MESSAGES.stale);
  if (err instanceof joseErrors.JWTClaimValidationFailed) {
    if (err.claim === 'aud') return ssoError(LOGOUT_MESSAGES.wrongAudience);
    if (err.claim === 'iat' || err.claim === 'nbf') return ssoError(LOGOUT_MESSAGES.stale);
    return ssoError(LOGOUT_MESSAGES.invalid(err.message));
  }
  if (err instanceof joseErrors.JWSSignatureVerificationFailed || err instanceof joseErrors.JWKSNoMatchingKey)
    return ssoError(LOGOUT_MESSAGES.badSignature);
  if (err instanceof joseErrors.JOSEError) return ssoError(LOGOUT_MESSAGES.invalid(err.message));
  return err instanceof Error ? err : ssoError(LOGOUT_MESSAGES.malformed);
}

/**
 * Checks the provider's logout token and ends the sessions it names: by sid, the sessions of
 * that session at the provider; by sub, every session the provider opened for the account
 * linked to that subject. Answers how many ended (none is no failure: they may be over already).
 */
export async function backchannelLogout(app: FastifyInstance, logoutToken: string): Promise<number> {
  let unverified: Record<string, unknown>;
  try {
    unverified = decodeJwt(logoutToken);
  } catch {
    throw ssoError(LOGOUT_MESSAGES.malformed);
  }
  const issuer = typeof unverified.iss === 'string' ? unverified.iss : '';
  const connections = issuer ? await findConnectionsByIssuer(app.db, issuer) : [];
  if (connections.length === 0) throw ssoError(LOGOUT_MESSAGES.unknownIssuer(issuer || '(none)'));
  const audiences = [unverified.aud].flat();
  const connection = connections.find((c) => audiences.includes(c.clientId));
  if (!connection) throw ssoError(LOGOUT_MESSAGES.wrongAudience);

  const config = await discoverProvider({
    issuer: connection.issuer,
    clientId: connection.clientId,
    clientSecret: openClientSecret(app.keyring, connection.id, connection.clientSecret),
  });
  const jwksUri = config.serverMetadata().jwks_uri;
  if (!jwksUri) throw ssoError(LOGOUT_MESSAGES.badSignature);
  const { payload: claims } = await jwtVerify(logoutToken, keySetAt(jwksUri), {
    issuer: connection.issuer,
    audience: connection.clientId,
    maxTokenAge: MAX_TOKEN_AGE_SECONDS,
    clockTolerance: CLOCK_TOLERANCE_SECONDS,
    requiredClaims: ['iat'],
  }).catch((err: unknown) => {
    throw explainJoseFailure(err);
  });

  if (!isObject(claims.events) || !isObject(claims.events[LOGOUT_EVENT]))
    throw ssoError(LOGOUT_MESSAGES.noEvent);
  if ('nonce' in claims) throw ssoError(LOGOUT_MESSAGES.nonce);
  const sid = typeof claims.sid === 'string' && claims.sid ? claims.sid : null;
  const sub = typeof claims.sub === 'string' && claims.sub ? claims.sub : null;
  if (!sid && !sub) throw ssoError(LOGOUT_MESSAGES.noSubject);

  const userId = sub ? await findIdentityUser(app.db, connection.issuer, sub) : null;
  // A subject no account is linked to has no session here to end.
  if (sub && !userId) return 0;
  return revokeSsoSessions(app.db, { issuer: connection.issuer, sid, userId });
}
