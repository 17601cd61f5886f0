/** The documentation side of every route: tags, summaries, which ones are public, and error responses. */
import { errorBodySchema } from '@formsmith/core/errors';
import { z } from 'zod';

export const API_TAGS = [
  { name: 'health', description: 'Is the server (and its database) up' },
  { name: 'instance', description: "What the operator chose for the instance's public pages" },
  { name: 'auth', description: 'Sign-up, sign-in, sessions and the signed-in user' },
  {
    name: 'two-factor',
    description: 'Second sign-in step, authenticator app, recovery codes, passkeys and passwordless sign-in',
  },
  {
    name: 'forms',
    description: "The owner's forms, sharing and publishing; public reads of published forms",
  },
  {
    name: 'themes',
    description: "The owner's saved themes for the public page, and the default for new forms",
  },
  {
    name: 'submissions',
    description: 'Submitting forms (anonymous) and reading, exporting and syncing submissions',
  },
  { name: 'analytics', description: 'View and completion tracking, and the per-form report' },
  {
    name: 'ai',
    description: 'Forms generated from a plain-language description, edited by instruction, translated',
  },
  { name: 'account', description: 'Account settings, privacy requests, sessions and search' },
  { name: 'webhooks', description: 'Signed webhooks of a form or a workspace, and their delivery log' },
  { name: 'api-keys', description: 'Personal API keys (sign-in only; keys cannot manage keys)' },
  { name: 'workspaces', description: 'The workspaces you belong to and your role in each' },
];

/** Operations anyone may call without a token (some also read an optional one). */
export const PUBLIC_OPERATIONS = new Set([
  'GET /api/health/live',
  'GET /api/health',
  'GET /api/instance',
  'POST /api/auth/register',
  'GET /api/auth/verify/:token',
  'POST /api/auth/verify/:token',
  'POST /api/auth/login',
  'POST /api/auth/magic-link',
  'GET /api/auth/magic-link/:token',
  'POST /api/auth/forgot-password',
  'POST /api/auth/verification-link',
  'POST /api/auth/two-factor/verify',
  'POST /api/auth/two-factor/passkey-options',
  'POST /api/auth/passkey/options',
  'POST /api/auth/passkey/verify',
  'POST /api/auth/sso/start',
  'GET /api/auth/sso/callback',
  'POST /api/auth/sso/session',
  'POST /api/auth/sso/backchannel-logout',
  'GET /api/auth/sso/providers',
  'POST /api/auth/sso/instance/start',
  'GET /api/tls/allowed',
  'GET /api/forms/shared/:slug',
  'GET /api/forms/:id',
  'POST /api/form-submissions/forms/:id/submit',
  'GET /api/form-submissions/forms/:id/challenge',
  'POST /api/form-submissions/forms/:id/uploads',
  'GET /api/form-submissions/forms/:id/pictures/:picture',
  // An exported file's signed link: the signature in its query is the access, not a token.
  'GET /api/file-links/:formId/:sid/:uploadId',
  'POST /api/form-submissions/forms/:id/progress',
  'POST /api/form-submissions/forms/:id/progress/resume',
  'POST /api/form-submissions/forms/:id/progress/email',
  'POST /api/analytics/forms/:id/view',
  'POST /api/analytics/forms/:id/track',
]);

/** Summaries of routes that do not carry one in their own schema. */
const SUMMARIES: Record<string, string> = {
  'GET /api/health/live': 'Is the process up (no database call)',
  'GET /api/health': 'Is the server up and its database reachable',
  'POST /api/auth/register': 'Sign up; a verification link is mailed',
  'GET /api/instance': 'What `/` opens and where the support tiers lead (HOME_PAGE, SUPPORT_URL)',
  'GET /api/auth/verify/:token': 'Verify an email address with the mailed token',
  'POST /api/auth/verify/:token': 'Verify an email address with the mailed token, and sign in',
  'POST /api/auth/login': 'Sign in with email and password',
  'POST /api/auth/magic-link': 'Mail a sign-in link',
  'GET /api/auth/magic-link/:token': 'Sign in with a mailed link',
  'POST /api/auth/forgot-password': 'Mail a sign-in link to reset a forgotten password',
  'GET /api/auth/current': 'The signed-in user',
  'PUT /api/auth/profile': 'Change name, company or email (a new email is verified first)',
  'POST /api/auth/change-password': 'Change the password; other sessions are signed out',
  'POST /api/auth/refresh': 'Exchange the session token for a fresh one',
  'POST /api/auth/logout': 'Sign out (revokes this session)',
  'POST /api/auth/resend-verification': 'Mail the verification link again',
  'POST /api/auth/verification-link': 'Mail a new verification link to an address (before signing in)',
  'GET /api/forms/shared/:slug': 'A published form by its custom slug',
  'GET /api/forms/:id': 'A form: the full form for its owner, the public view for others',
  'PUT /api/forms/:id': 'Save a form',
  'DELETE /api/forms/:id': 'Delete a form with its submissions',
  'GET /api/forms': "The owner's forms",
  'POST /api/forms': 'Create a form',
  'PUT /api/forms/:id/sharing': 'Change slug, access restriction, access code and expiry',
  'POST /api/forms/:id/publish': 'Publish a form',
  'POST /api/forms/:id/unpublish': 'Unpublish a form',
  'POST /api/forms/:id/duplicate': 'Copy a form',
  'POST /api/forms/:id/share-count': 'Count one copy of the share link',
  'GET /api/form-submissions/forms/:id/submissions':
    "A page of a form's submissions, with search and filters",
  'GET /api/form-submissions/forms/:id/submissions/:sid': 'One submission',
  'GET /api/form-submissions/forms/:id/export': 'Export every submission as CSV or JSON (streamed)',
  'GET /api/form-submissions/forms/:id/submissions/:sid/export': 'Export one submission as CSV or JSON',
  'GET /api/form-submissions/forms/:id/submissions/:sid/files/:uploadId':
    'Download a file a respondent uploaded',
  'GET /api/form-submissions/forms/:id/settings': "A form's notification and retention settings",
  'PUT /api/form-submissions/forms/:id/settings': "Change a form's notification and retention settings",
  'POST /api/analytics/forms/:id/view': 'Count a view of a published form',
  'POST /api/analytics/forms/:id/track': "Record a respondent's completion and per-field times",
  'GET /api/analytics/forms/:id': "A form's analytics report",
  'POST /api/forms/generate': 'Generate a form from a description',
  'POST /api/forms/:id/translate': "Translate a form's texts with the configured AI model, for review",
  'GET /api/security/settings': 'Security settings',
  'PUT /api/security/settings': 'Change security settings',
  'GET /api/account/notifications': 'Notification settings',
  'PUT /api/account/notifications': 'Change notification settings',
  'GET /api/account/notifications/recent': 'Recent submissions to your forms',
  'GET /api/security/data-protection/requests': 'Your data protection requests',
  'POST /api/security/data-protection/requests': 'Ask for a data export or account deletion',
  'GET /api/security/data-protection/requests/:id/download': 'Download your data (JSON, streamed)',
  'GET /api/account/sessions': 'Your active sessions',
  'DELETE /api/account/sessions/:id': 'Revoke a session',
  'GET /api/account/search': 'Search your forms and submissions',
};

// The error body as core defines it (the web reads errors with the same schema).
const errorSchema = z.toJSONSchema(errorBodySchema, { target: 'openapi-3.0' });

function errorResponse(description: string) {
  return { description, content: { 'application/json': { schema: errorSchema } } };
}

const ERRORS = {
  400: 'The request was malformed or its input refused (VALIDATION_FAILED lists `fields`)',
  401: 'No valid session token or API key (UNAUTHORIZED)',
  403: 'Not allowed: the API key lacks the scope (INSUFFICIENT_SCOPE), keys are not accepted here (API_KEY_NOT_ALLOWED), the session must confirm its owner first (REAUTH_REQUIRED), your role in the workspace is too small (FORBIDDEN_ROLE), the form shows its viewers only counts (ANSWERS_HIDDEN), or an access code is needed',
  404: 'Not found, or not yours (the same answer, on purpose)',
  409: 'In conflict with the current state (PARTIALS_OFF, ALREADY_COMPLETED, ALREADY_RESPONDED, CONFLICT)',
  410: 'The form has expired or is closed (FORM_EXPIRED, FORM_CLOSED), or a resume link was used or expired (RESUME_LINK_GONE)',
  413: 'The request body is too large',
  422: 'The answers were refused (per-field messages in `fields`), or an edit instruction was not read with confidence (what the interpreter asks is in `question`)',
  429: 'Too many requests; Retry-After says how many seconds to wait',
  500: 'Something went wrong on the server; nothing is leaked, details are in its log',
  503: 'Not available: no AI model is configured, or it did not answer usably in time (UNAVAILABLE)',
} as const;

function errorCodesOf(input: { method: string; url: string; isPublic: boolean }): (keyof typeof ERRORS)[] {
  const codes: (keyof typeof ERRORS)[] = [400];
  if (!input.isPublic) codes.push(401, 403);
  if (input.url.includes(':')) codes.push(404);
  if (input.url.endsWith('/submit')) codes.push(403, 410, 413, 422);
  if (input.url.endsWith('/uploads')) codes.push(413, 422);
  if (input.url.endsWith('/progress')) codes.push(403, 409, 410, 413, 422);
  if (input.url.includes('/progress/')) codes.push(403, 409, 410);
  if (input.url.endsWith('/translate')) codes.push(503);
  if (input.url.endsWith('/edit-instruction')) codes.push(422);
  codes.push(429, 500);
  return [...new Set(codes)];
}

/** `GET /api/forms/:id/webhooks` → `getFormsByIdWebhooks`. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split(/[/-]/)
    .filter(Boolean)
    .map((part) => (part.startsWith(':') ? `By${part.slice(1)}` : part));
  const pascal = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
  return `${method.toLowerCase()}${pascal}`;
}

/** Adds what every operation needs in the document: id, summary, description, security, scope, errors. */
export function describeOperation(input: {
  method: string;
  url: string;
  schema: Record<string, unknown>;
  scope: string | undefined;
  /** Scopes a key also needs for some requests, and what for. */
  alsoScopes?: readonly { scope: string; purpose: string }[];
  /** The route needs a recent proof of identity (403 REAUTH_REQUIRED without one). */
  reauth?: boolean;
  /** The role in the workspace the route needs (403 FORBIDDEN_ROLE for a smaller one). */
  role?: string;
  /** The route shows answers: refused to a viewer of a form that shows its viewers only counts. */
  answers?: boolean;
  isPublic: boolean;
}): Record<string, unknown> {
  const key = `${input.method} ${input.url}`;
  const schema = { ...input.schema };
  schema.operationId ??= operationIdOf(input.method, input.url);
  schema.summary ??= SUMMARIES[key] ?? key;
  const access = input.isPublic
    ? input.scope
      ? `No token needed; the owner's session token, or an API key with the \`${input.scope}\` scope, is answered as the owner.`
      : 'No token needed.'
    : input.scope
      ? `Session token, or an API key with the \`${input.scope}\` scope.`
      : 'Session token only: API keys are refused here.';
  const also = (input.alsoScopes ?? []).map(
    (extra) => `An API key also needs the \`${extra.scope}\` scope to ${extra.purpose}.`,
  );
  const proof = input.reauth
    ? 'Needs a recent proof of identity: a sign-in, or `POST /api/auth/reauth`, within the window `GET /api/auth/reauth` reports (10 minutes unless configured); 403 REAUTH_REQUIRED otherwise.'
    : undefined;
  const role = input.role
    ? `Needs the \`${input.role}\` role (or a higher one) in the workspace of what it reaches; 403 FORBIDDEN_ROLE for a smaller one, 404 for a non-member.`
    : undefined;
  const answers = input.answers
    ? 'Shows answers: a viewer of a form that shows its viewers only counts gets 403 ANSWERS_HIDDEN (`PUT /api/forms/{id}/viewer-access`).'
    : undefined;
  schema.description = [schema.description, access, ...also, proof, role, answers]
    .filter(Boolean)
    .join('\n\n');
  if (input.isPublic) schema.security = [];
  if (input.scope) schema['x-required-scope'] = input.scope;
  if (input.alsoScopes?.length) schema['x-also-required-scopes'] = input.alsoScopes;
  if (input.role) schema['x-required-role'] = input.role;
  if (input.answers) schema['x-reveals-answers'] = true;
  const response = { ...((schema.response as Record<string, unknown> | undefined) ?? {}) };
  // Downloads stream a file and declare no body schema of their own.
  if (!Object.keys(response).some((code) => code.startsWith('2'))) {
    response[200] = {
      description: 'The file, as an attachment (CSV or JSON for exports)',
      content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
    };
  }
  for (const code of errorCodesOf(input)) response[code] ??= errorResponse(ERRORS[code]);
  schema.response = response;
  return schema;
}
