import { reauthStatusSchema } from '@formsmith/core/auth/reauth';
import { passkeyCeremonySchema, passkeySignInSchema, reauthSchema } from '@formsmith/core/auth/two-factor';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../../plugins/authenticate.ts';
import { reauthStatus } from './recent-proof.ts';
import { reauthPasskeyOptions, reauthWithPasskey, reauthWithSecret } from './service.ts';

const tags = ['auth'];

/** How recently this session proved its owner, and the ways to prove it again. */
const reauthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/auth/reauth',
    {
      schema: {
        tags,
        summary: 'When this session last proved its owner, and how long sensitive changes stay open',
        description:
          'Adding or removing passkeys, turning the authenticator app on, creating API keys, turning ' +
          'security alerts off, turning end-to-end encryption off (or changing its key) and deleting ' +
          'the account need a recent proof: a sign-in, or a password, code or passkey confirmed, within ' +
          '`window_seconds`. Otherwise they answer 403 REAUTH_REQUIRED.',
        response: { 200: reauthStatusSchema },
      },
    },
    async (request) => reauthStatus(app, currentUser(request)),
  );

  app.post(
    '/auth/reauth',
    {
      schema: {
        tags,
        summary: 'Confirm your identity with the password, a current code or a recovery code',
        body: reauthSchema,
        response: { 200: reauthStatusSchema },
      },
    },
    async (request) => reauthWithSecret(app, currentUser(request), request.body),
  );

  app.post(
    '/auth/reauth/passkey-options',
    {
      schema: {
        tags,
        summary: 'WebAuthn options to confirm your identity with one of your passkeys',
        response: { 200: passkeyCeremonySchema },
      },
    },
    async (request) => reauthPasskeyOptions(app, currentUser(request)),
  );

  app.post(
    '/auth/reauth/passkey',
    {
      schema: {
        tags,
        summary: 'Confirm your identity with a passkey',
        body: passkeySignInSchema,
        response: { 200: reauthStatusSchema },
      },
    },
    async (request) => reauthWithPasskey(app, currentUser(request), request.body),
  );
};

export default reauthRoutes;
