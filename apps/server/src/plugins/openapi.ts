import { randomBytes } from 'node:crypto';
import fastifySwagger from '@fastify/swagger';
import scalarApiReference from '@scalar/fastify-api-reference';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_TAGS, describeOperation, PUBLIC_OPERATIONS } from './openapi-operations.ts';

const DOC_DESCRIPTION = `The Formsmith API: the owner app uses it, and so can your integrations.

**Authentication.** Send \`Authorization: Bearer <token>\`, where the token is either a session token
(from \`POST /api/auth/login\`) or a personal API key (\`fsk_…\`, created in account settings or with
\`POST /api/account/api-keys\`). A key works on the owner endpoints its scopes cover (each operation
names its scope in \`x-required-scope\`) and gets 403 \`INSUFFICIENT_SCOPE\` elsewhere; account,
session, key and password endpoints never accept keys (403 \`API_KEY_NOT_ALLOWED\`). Key calls are
rate-limited per key. Scopes: \`forms:read\`, \`forms:write\`, \`forms:delete\`,
\`submissions:read\`, \`submissions:write\`, \`submissions:delete\`, \`webhooks:write\`. Deleting
needs a delete scope (keys made before these existed cannot delete). Some requests need a second
scope, listed under the operation (\`x-also-required-scopes\`): with a key, setting up anything that
sends answers out of the account (a confirmation mail's copy of the answers, an ending's redirect
that passes answers on, a webhook of submission events) needs \`submissions:read\`, and keeping
submissions for less time needs \`submissions:delete\`.

**Recent proof.** Changes to how the account signs in or who may act for it (passkeys, the
authenticator app, API keys, security alerts off, end-to-end encryption off or another key), and a
request to delete the account, need a
session that signed in, or confirmed the password, a code or a passkey (\`POST /api/auth/reauth\`),
within the last 10 minutes (\`GET /api/auth/reauth\` says how long is left); otherwise they answer
403 \`REAUTH_REQUIRED\`. API keys can never turn end-to-end encryption off or change its key.

**Errors** always have the shape \`{ "error": "…", "code": "…", "fields": { … } }\`; another owner's
resources answer 404 exactly like missing ones.

**Syncing submissions.** \`GET /api/forms/{id}/submissions\` lists a form's submissions oldest first
with a cursor; keep \`next_cursor\` and call again later to get only what is new.

**Webhooks** are signed as Standard Webhooks describes (\`webhook-id\`, \`webhook-timestamp\`,
\`webhook-signature\`), retried for about a day, and logged.`;

/** /api/docs (the OpenAPI document) and /api/reference (a readable page rendered from it, served locally). */
export default fp(async (app: FastifyInstance) => {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Formsmith API',
        version: '1.0.0',
        description: DOC_DESCRIPTION,
        contact: { name: 'Formsmith', url: app.config.publicUrl },
      },
      servers: [{ url: app.config.publicUrl, description: 'This Formsmith server' }],
      tags: API_TAGS,
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'A session token from POST /api/auth/login, or a personal API key (fsk_…).',
          },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: (input) => {
      const transformed = jsonSchemaTransform(input);
      const method = String(input.route.method);
      const key = `${method} ${input.url}`;
      return {
        ...transformed,
        schema: describeOperation({
          method,
          url: input.url,
          schema: transformed.schema as Record<string, unknown>,
          scope: input.route.config?.scope,
          alsoScopes: input.route.config?.alsoScopes,
          reauth: input.route.config?.reauth === true,
          role: input.route.config?.role,
          answers: input.route.config?.answers === true,
          isPublic: PUBLIC_OPERATIONS.has(key),
        }),
      };
    },
  });

  // The reference page's one inline script (its start-up call) is allowed by this nonce; the
  // renderer itself is served from node_modules by the plugin, fonts are the system's.
  const nonce = randomBytes(16).toString('base64');
  await app.register(scalarApiReference, {
    routePrefix: '/api/reference',
    // Scalar's hosted extras (AI agent, MCP generator, developer toolbar) would call its servers: off.
    configuration: {
      url: '/api/docs',
      withDefaultFonts: false,
      nonce,
      hideClientButton: true,
      showDeveloperTools: 'never',
      agent: { disabled: true },
      mcp: { disabled: true },
    },
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/reference')) {
      const csp = String(reply.getHeader('content-security-policy') ?? '');
      reply.header(
        'content-security-policy',
        csp.replace("script-src 'self'", `script-src 'self' 'nonce-${nonce}'`),
      );
    }
    done(null, payload);
  });
});
