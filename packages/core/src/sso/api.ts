// Single sign-on with OpenID Connect: a workspace's provider (/api/workspaces/:id/sso), the email
// domains the instance admin gives workspaces, and the sign-in through the provider.
import { z } from 'zod';
import { loginResponseSchema } from '../auth/api.ts';

/** The roles someone may get by signing in through the provider: never owner. */
export const SSO_DEFAULT_ROLES = ['admin', 'editor', 'viewer'] as const;

/** The longest session through the provider an owner may choose: 30 days, in seconds. */
export const SSO_MAX_SESSION_SECONDS = 30 * 24 * 3600;

/** PUT /api/workspaces/:id/sso: the provider's issuer and the client registered there. */
export const ssoConnectionBody = z.object({
  issuer: z
    .url({
      protocol: /^https?$/,
      error: 'The issuer is a URL starting with https:// (or http:// on a test setup)',
    })
    .max(500),
  client_id: z.string().trim().min(1, 'The client id is required').max(500),
  /** What the login page's button and the messages call the provider ("Acme Keycloak"); empty: the issuer's host. */
  display_name: z
    .string()
    .trim()
    .max(80, 'The display name is at most 80 characters')
    .nullable()
    .default(null),
  /** Left out on a change to keep the stored secret. */
  client_secret: z.string().min(1, 'The client secret is required').max(2000).optional(),
  default_role: z.enum(SSO_DEFAULT_ROLES, { error: 'The default role is admin, editor or viewer' }),
  enforced: z.boolean().default(false),
  session_max_age_seconds: z
    .number()
    .int()
    .min(300, 'A session lasts at least 5 minutes')
    .max(SSO_MAX_SESSION_SECONDS, 'A session lasts at most 30 days')
    .nullable()
    .default(null),
});
export type SsoConnectionInput = z.infer<typeof ssoConnectionBody>;

/**
 * PUT /api/admin/sso: the instance-wide provider (instance administrator). Nothing to enforce (a
 * workspace requires its own provider); its default role is the role of someone who joins a
 * workspace of their address's domain when that workspace has no provider of its own.
 */
export const instanceSsoConnectionBody = ssoConnectionBody.omit({ enforced: true });
export type InstanceSsoConnectionInput = z.infer<typeof instanceSsoConnectionBody>;

/** A workspace's provider as its owners see it: the secret never leaves the server. */
export const ssoConnectionSchema = z.object({
  issuer: z.string(),
  /** The name the owner gave the provider; null when none (the issuer's host is shown). */
  display_name: z.string().nullable(),
  client_id: z.string(),
  has_client_secret: z.literal(true),
  default_role: z.enum(SSO_DEFAULT_ROLES),
  enforced: z.boolean(),
  session_max_age_seconds: z.number().nullable(),
  /** The address to register at the provider as the redirect URI. */
  redirect_uri: z.string(),
  /** The email domains the instance admin gave the workspace. */
  domains: z.array(z.string()),
  updated_at: z.string(),
});
export type SsoConnection = z.infer<typeof ssoConnectionSchema>;

/**
 * GET /api/workspaces/:id/sso: the provider, or null when none is connected; and, connected or
 * not, the addresses to register at the provider and the workspace's email domains.
 */
export const ssoConnectionResponse = z.object({
  connection: ssoConnectionSchema.nullable(),
  redirect_uri: z.string(),
  /** The back-channel logout URI to register: the provider posts its logout tokens there. */
  backchannel_logout_uri: z.string(),
  domains: z.array(z.string()),
});
export type SsoConnectionAnswer = z.infer<typeof ssoConnectionResponse>;

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** An email domain as written in a path: lower-cased, no leading @. */
export const emailDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(DOMAIN, 'A domain looks like example.org');

/** An email domain and the workspace it belongs to. */
export const workspaceDomainSchema = z.object({
  domain: z.string(),
  workspace_id: z.number(),
  workspace_name: z.string(),
});
/** GET /api/admin/domains: every assigned domain (instance administrator). */
export const workspaceDomainListSchema = z.object({ domains: z.array(workspaceDomainSchema) });
/** PUT /api/admin/domains/:domain: the team workspace that gets it. */
export const workspaceDomainBody = z.object({ workspace_id: z.number().int().positive() });

/** POST /api/auth/sso/session: the session, and the workspace whose provider signed in (to open it). */
export const ssoSessionResponse = z.object({ ...loginResponseSchema.shape, workspace_id: z.number() });
export type SsoSession = z.infer<typeof ssoSessionResponse>;

/** POST /api/auth/sso/link: the provider whose account is now linked to the signed-in one. */
export const ssoLinkResponse = z.object({ linked: z.literal(true), issuer: z.string() });

/** A provider the login page offers by name ("Sign in with <name>"): today the instance-wide one. */
export const ssoProviderSchema = z.object({
  id: z.literal('instance'),
  /** The display name the administrator gave it, else the issuer's host (ssoProviderName). */
  name: z.string(),
});
/**
 * What the login page and the messages call a provider: the display name its owner typed, or the
 * issuer's host when they typed none.
 */
export function ssoProviderName(provider: { displayName: string | null; issuer: string }): string {
  return provider.displayName || new URL(provider.issuer).host;
}

/** GET /api/auth/sso/providers: the providers anyone may sign in with from the login page. */
export const ssoProvidersResponse = z.object({ providers: z.array(ssoProviderSchema) });
export type SsoProvider = z.infer<typeof ssoProviderSchema>;

/** GET /api/admin/workspaces: the team workspaces, for the instance administrator's domain picker. */
export const teamWorkspaceListSchema = z.object({
  workspaces: z.array(z.object({ id: z.number(), name: z.string() })),
});

/** POST /api/auth/sso/start: the address decides the workspace (by its domain). */
export const ssoStartBody = z.object({ email: z.email({ error: 'Enter a valid email address' }).max(320) });
/** Where to send the browser: the provider's sign-in page. */
export const ssoStartResponse = z.object({ authorization_url: z.string() });

export const SSO_MESSAGES = {
  noWorkspace: (domain: string) => `No workspace signs in with SSO for ${domain}`,
  issuerUnreachable: (issuer: string) =>
    `The provider at ${issuer} could not be reached. Check the issuer URL and that the provider is up.`,
  notAnIssuer: (issuer: string) =>
    `${issuer} does not describe an OpenID Connect provider (no valid /.well-known/openid-configuration).`,
  invalidClient: 'The provider refused the client id or client secret. Check both at the provider.',
  wrongAudience: 'The provider signed the sign-in for another client (its audience is not this client id).',
  badSignature: "The provider's ID token failed its signature check.",
  clockSkew:
    "The provider's ID token is not valid at this time: check the clocks of the provider and this server.",
  stateMismatch: 'This sign-in was started in another browser or took too long. Start it again.',
  emailUnverified: 'The provider has not verified your email address, so it cannot sign you in here.',
  noEmail: 'The provider did not share an email address. Ask your administrator to allow the email scope.',
  otherDomain: (domain: string) =>
    `Your address at the provider (${domain}) does not belong to this workspace.`,
  linkFirst:
    'An account with this address already exists. Sign in to it with your password or a login link in this browser, then link single sign-on to it: it is never linked by address alone.',
  noPendingLink:
    'No sign-in through the provider waits to be linked in this browser. Start single sign-on again.',
  linkOtherAccount: 'The sign-in through the provider was for another account.',
  identityTaken: "This provider's account is already linked to another Formsmith account.",
  failed: 'Single sign-on failed. Start it again; if it keeps failing, ask your administrator.',
  /** `provider` is what the login page calls it (ssoProviderName). */
  enforced: (workspace: string, provider: string) =>
    `${workspace} requires single sign-on: use "Sign in with SSO" (provider ${provider}).`,
  notConfigured: 'This workspace has no single sign-on provider.',
  instanceNotConfigured:
    'This server has no single sign-on provider of its own any more. Sign in with your password or a login link, or ask your administrator.',
  instanceEnforced: (workspace: string, provider: string) =>
    `${workspace} requires its own single sign-on: use "Sign in with SSO" with your work address (provider ${provider}).`,
  secretRequired: 'The client secret is required',
  domainTaken: (domain: string) => `${domain} already belongs to another workspace`,
} as const;
