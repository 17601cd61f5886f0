import { generateKeyPairSync, type KeyObject, randomUUID, sign } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

// A real OpenID Connect provider (oidc-provider) on 127.0.0.1 for the single sign-on tests,
// configured as an IdP would be: one confidential client, PKCE, claims in the ID token, and its
// own development login and consent pages, which `signInAtProvider` fills like a browser.

export type Person = { sub: string; email: string; email_verified: boolean; name: string };

export type TestProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  people: Map<string, Person>;
  /** Changes the token endpoint's answer (its id_token) for the next exchanges; null stops. */
  rewriteIdToken: (rewrite: ((idToken: string) => string) | null) => void;
  /** Signs claims with the provider's own key, as its ID tokens are. */
  signIdToken: (claims: Record<string, unknown>) => string;
  /**
   * A logout token as the provider's back-channel logout posts it (the claims of oidc-provider's
   * own: iss, aud, iat, exp, jti, the logout event, sub and sid), signed with its key; `change`
   * alters the claims first (undefined values are left out).
   */
  logoutToken: (input: { sub?: string; sid?: string }, change?: Record<string, unknown>) => string;
  close: () => Promise<void>;
};

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export function decodeJwt(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
}

export function signWith(key: KeyObject, kid: string, claims: Record<string, unknown>): string {
  const input = `${b64url({ alg: 'RS256', typ: 'JWT', kid })}.${b64url(claims)}`;
  return `${input}.${sign('RSA-SHA256', Buffer.from(input), key).toString('base64url')}`;
}

export async function startTestProvider(input: {
  redirectUri: string;
  /** false: the ID token carries only the basic claims, the address comes from userinfo (as at Okta). */
  claimsInIdToken?: boolean;
  /** The app's back-channel logout URI, registered for the client. */
  backchannelLogoutUri: string;
}): Promise<TestProvider> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = 'test-key';
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid, use: 'sig', alg: 'RS256' };
  const people = new Map<string, Person>();
  let rewrite: ((idToken: string) => string) | null = null;
  let handler: ((req: never, res: never) => void) | null = null;
  const server: Server = createServer((req, res) => handler?.(req as never, res as never));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'formsmith';
  const clientSecret = 'client-secret-known-to-both-sides-0123456789';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [input.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
        // Registering a back-channel logout URI makes the provider put `sid` in its ID tokens.
        backchannel_logout_uri: input.backchannelLogoutUri,
        backchannel_logout_session_required: true,
      },
    ],
    jwks: { keys: [jwk as never] },
    cookies: { keys: ['a cookie key for the test provider'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Keycloak, Entra ID, Google and most others put the asked claims in the ID token too.
    conformIdTokenClaims: input.claimsInIdToken === false,
    features: { devInteractions: { enabled: true }, backchannelLogout: { enabled: true } },
    // Its back-channel logout posts to the app on 127.0.0.1, as a provider on the company network
    // posts to an internal app: without its guard against private addresses.
    fetch: (url: string | URL, options: RequestInit & { dispatcher?: unknown }) =>
      fetch(url, { ...options, dispatcher: undefined } as RequestInit),
    async findAccount(_ctx: unknown, id: string) {
      const person = people.get(id);
      if (!person) return undefined;
      return { accountId: id, claims: async () => ({ ...person }) };
    },
  });
  provider.use(async (ctx: { path: string; body: unknown }, next: () => Promise<void>) => {
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (ctx.path === '/token' && rewrite && body?.id_token)
      ctx.body = { ...body, id_token: rewrite(body.id_token) };
  });
  handler = provider.callback() as never;
  return {
    issuer,
    clientId,
    clientSecret,
    people,
    rewriteIdToken: (next) => {
      rewrite = next;
    },
    signIdToken: (claims) => signWith(privateKey, kid, claims),
    logoutToken: ({ sub, sid }, change = {}) => {
      const now = Math.floor(Date.now() / 1000);
      const claims: Record<string, unknown> = {
        iss: issuer,
        aud: clientId,
        iat: now,
        exp: now + 120,
        jti: randomUUID(),
        events: { 'http://schemas.openid.net/event/backchannel-logout': {} },
        sub,
        sid,
        ...change,
      };
      return signWith(privateKey, kid, JSON.parse(JSON.stringify(claims)));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Goes through the provider's login and consent pages as a browser would (cookies, redirects,
 * the forms posted), as the person with `login`, and answers the address the provider sends the
 * browser back to (the app's callback, with the code, or with an error).
 */
export async function signInAtProvider(
  authorizationUrl: string,
  login: string,
  stopAt: string,
  /** The browser's cookies at the provider: pass one to sign out there later (signOutAtProvider). */
  jar: CookieJar = new Map(),
): Promise<string> {
  const { cookieHeader, remember } = cookiesOf(jar);
  let url = authorizationUrl;
  for (let step = 0; step < 20; step++) {
    if (url.startsWith(stopAt)) return url;
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: cookieHeader() } });
    remember(res);
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location')!, url).href;
      continue;
    }
    const html = await res.text();
    if (res.status !== 200 || !/\/interaction\//.test(url))
      throw new Error(`unexpected ${res.status} at ${url}: ${html}`);
    const prompt = html.includes('name="login"') ? 'login' : 'consent';
    const body = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt });
    const posted = await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: cookieHeader(), 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    remember(posted);
    if (posted.status < 300 || posted.status >= 400)
      throw new Error(`the ${prompt} form answered ${posted.status}`);
    url = new URL(posted.headers.get('location')!, url).href;
  }
  throw new Error('too many redirects at the provider');
}

/** A browser's cookies at the provider, by name. */
export type CookieJar = Map<string, string>;

function cookiesOf(jar: CookieJar) {
  return {
    cookieHeader: () => [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
    remember: (res: Response) => {
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair!.indexOf('=');
        jar.set(pair!.slice(0, at), pair!.slice(at + 1));
      }
    },
  };
}

/**
 * Signs out at the provider as the browser holding `jar` would: its end-session page, then the
 * confirmation form posted with "yes". The provider then posts a logout token to every client's
 * back-channel logout URI for that session, before it answers.
 */
export async function signOutAtProvider(issuer: string, jar: CookieJar): Promise<void> {
  const { cookieHeader, remember } = cookiesOf(jar);
  const page = await fetch(`${issuer}/session/end`, { headers: { cookie: cookieHeader() } });
  remember(page);
  const html = await page.text();
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1];
  if (page.status !== 200 || !xsrf) throw new Error(`unexpected end-session page ${page.status}: ${html}`);
  const confirmed = await fetch(`${issuer}/session/end/confirm`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: cookieHeader(), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ xsrf, logout: 'yes' }),
  });
  if (confirmed.status < 300 || confirmed.status >= 400)
    throw new Error(`the end-session confirmation answered ${confirmed.status}`);
}
