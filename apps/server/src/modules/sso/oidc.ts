import { SSO_MESSAGES } from '@formsmith/core/sso/api';
import * as client from 'openid-client';
import { AppError } from '../../lib/app-error.ts';

// The OpenID Connect client (openid-client): discovery, the authorization URL with PKCE, state and
// nonce, and the code exchange, which checks the state, the nonce, the PKCE verifier, the ID
// token's signature, issuer, audience and times. Every failure becomes an AppError that says
// what went wrong, never the library's own text or a stack.

const TIMEOUT_SECONDS = 10;
const SCOPE = 'openid email profile';

/** Plain http only for a provider on this machine (a test or a local setup); anywhere else https. */
function isLoopback(url: URL): boolean {
  return ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

export type Provider = { issuer: string; clientId: string; clientSecret: string };

export const ssoError = (message: string, status = 400) =>
  new AppError(status === 403 ? 'FORBIDDEN' : status === 409 ? 'CONFLICT' : 'BAD_REQUEST', status, message);

/** What a failure of openid-client means, for the person signing in or the owner setting it up. */
export function explainOidcFailure(err: unknown, issuer: string): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof client.ResponseBodyError) {
    if (err.error === 'invalid_client' || err.error === 'unauthorized_client') {
      return ssoError(SSO_MESSAGES.invalidClient);
    }
    return ssoError(`The provider refused the sign-in: ${err.error_description ?? err.error}`);
  }
  if (err instanceof client.AuthorizationResponseError) {
    return ssoError(`The provider refused the sign-in: ${err.error_description ?? err.error}`);
  }
  // openid-client wraps what oauth4webapi found (a failed signature, a wrong claim) in its own error.
  const inner = (err as { cause?: unknown }).cause;
  if (err instanceof client.ClientError && inner instanceof Error && (inner as { code?: string }).code) {
    return explainOidcFailure(inner, issuer);
  }
  const code = (err as { code?: string }).code;
  const cause = (err as { cause?: { claim?: string } }).cause;
  const message = err instanceof Error ? err.message : '';
  if (code === 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED') return ssoError(SSO_MESSAGES.clockSkew);
  if (code === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED') {
    if (cause?.claim === 'aud' || cause?.claim === 'azp') return ssoError(SSO_MESSAGES.wrongAudience);
    if (cause?.claim === 'nonce') return ssoError(SSO_MESSAGES.stateMismatch);
    return ssoError(`The provider's ID token has a wrong ${cause?.claim ?? 'claim'}.`);
  }
  if (/signature verification failed/i.test(message) || code === 'OAUTH_KEY_SELECTION_FAILED') {
    return ssoError(SSO_MESSAGES.badSignature);
  }
  if (code === 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED' && /state/i.test(message)) {
    return ssoError(SSO_MESSAGES.stateMismatch);
  }
  if (
    err instanceof TypeError ||
    (err as { name?: string }).name === 'TimeoutError' ||
    (err as { name?: string }).name === 'AbortError'
  ) {
    return ssoError(SSO_MESSAGES.issuerUnreachable(issuer));
  }
  if (
    code === 'OAUTH_RESPONSE_IS_NOT_JSON' ||
    code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' ||
    code === 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED' ||
    code === 'OAUTH_INVALID_RESPONSE'
  ) {
    return ssoError(SSO_MESSAGES.notAnIssuer(issuer));
  }
  return ssoError(SSO_MESSAGES.failed);
}

/** Reads the provider's discovery document; 400 with the reason when it cannot be used. */
export async function discoverProvider(provider: Provider): Promise<client.Configuration> {
  let url: URL;
  try {
    url = new URL(provider.issuer);
  } catch {
    throw ssoError(SSO_MESSAGES.notAnIssuer(provider.issuer));
  }
  if (url.protocol !== 'https:' && !isLoopback(url)) {
    throw ssoError('The issuer URL must start with https://', 400);
  }
  try {
    return await client.discovery(url, provider.clientId, provider.clientSecret, undefined, {
      timeout: TIMEOUT_SECONDS,
      execute: [
        ...(url.protocol === 'http:' ? [client.allowInsecureRequests] : []),
        client.enableNonRepudiationChecks,
      ],
    });
  } catch (err) {
    const failure = explainOidcFailure(err, provider.issuer);
    // Discovery reads one document: whatever else went wrong, the issuer is not usable as given.
    throw failure.message === SSO_MESSAGES.failed
      ? ssoError(SSO_MESSAGES.notAnIssuer(provider.issuer))
      : failure;
  }
}

/** What the callback needs to check the answer: kept sealed in the browser's cookie meanwhile. */
export type FlowSecrets = { state: string; nonce: string; verifier: string };

export async function authorizationUrl(
  config: client.Configuration,
  redirectUri: string,
): Promise<{ url: string; secrets: FlowSecrets }> {
  const secrets = {
    state: client.randomState(),
    nonce: client.randomNonce(),
    verifier: client.randomPKCECodeVerifier(),
  };
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: SCOPE,
    code_challenge: await client.calculatePKCECodeChallenge(secrets.verifier),
    code_challenge_method: 'S256',
    state: secrets.state,
    nonce: secrets.nonce,
  });
  return { url: url.href, secrets };
}

const isTrue = (value: unknown) => value === true || value === 'true' || value === 1 || value === '1';

export type IdClaims = {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  /** The provider's session id (`sid`), when it sends one: its back-channel logout names it. */
  sid: string | null;
};

/** Exchanges the code and checks the ID token; answers its claims. */
export async function finishAuthorization(
  config: client.Configuration,
  input: { callbackUrl: URL; secrets: FlowSecrets },
): Promise<IdClaims> {
  const tokens = await client.authorizationCodeGrant(config, input.callbackUrl, {
    pkceCodeVerifier: input.secrets.verifier,
    expectedState: input.secrets.state,
    expectedNonce: input.secrets.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims) throw ssoError(SSO_MESSAGES.failed);
  // Some providers (Okta's, oidc-provider by default) put only the basic claims in the ID token of
  // a code flow and the address in the userinfo answer, which must name the same subject.
  const profile: Record<string, unknown> =
    typeof claims.email === 'string'
      ? claims
      : { ...(await client.fetchUserInfo(config, tokens.access_token, claims.sub)), ...claims };
  return {
    issuer: claims.iss,
    subject: claims.sub,
    email: typeof profile.email === 'string' ? profile.email.trim().toLowerCase() : null,
    // Entra ID sends no email_verified; its optional claim xms_edov says the domain's owner vouches.
    emailVerified: isTrue(profile.email_verified) || isTrue(profile.xms_edov),
    name: typeof profile.name === 'string' ? profile.name : null,
    sid: typeof claims.sid === 'string' ? claims.sid : null,
  };
}
