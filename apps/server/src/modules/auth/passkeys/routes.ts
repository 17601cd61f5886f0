import {
  passkeyCeremonySchema,
  passkeyRegisterSchema,
  passkeyRenameSchema,
  passkeySchema,
  twoFactorChangeSchema,
  twoFactorStatusSchema,
} from '@formsmith/core/auth/two-factor';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../../plugins/authenticate.ts';
import { clientMeta } from '../two-factor/routes.ts';
import {
  finishPasskeyRegistration,
  listUserPasskeys,
  removePasskey,
  renamePasskey,
  startPasskeyRegistration,
} from './service.ts';

const tags = ['two-factor'];
const idParams = z.object({ id: z.uuid({ error: 'Passkey not found' }) });

/** The signed-in user's passkeys: register (options, then the browser's answer), list, rename, remove. */
const passkeyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/auth/passkeys',
    { schema: { tags, summary: "The signed-in user's passkeys", response: { 200: z.array(passkeySchema) } } },
    async (request) => listUserPasskeys(app.db, currentUser(request).id),
  );

  app.post(
    '/auth/passkeys/options',
    {
      config: { reauth: true },
      schema: {
        tags,
        summary: 'WebAuthn options to register a passkey',
        response: { 200: passkeyCeremonySchema },
      },
    },
    async (request) => startPasskeyRegistration(app, currentUser(request).id),
  );

  app.post(
    '/auth/passkeys',
    {
      config: { reauth: true },
      schema: {
        tags,
        summary: 'Register a passkey under a name',
        body: passkeyRegisterSchema,
        response: { 201: twoFactorChangeSchema },
      },
    },
    async (request, reply) => {
      const change = await finishPasskeyRegistration(app, {
        userId: currentUser(request).id,
        challengeToken: request.body.challenge_token,
        name: request.body.name,
        response: request.body.response,
        meta: clientMeta(request),
      });
      return reply.status(201).send(change);
    },
  );

  app.patch(
    '/auth/passkeys/:id',
    {
      schema: {
        tags,
        summary: 'Rename a passkey',
        params: idParams,
        body: passkeyRenameSchema,
        response: { 200: passkeySchema },
      },
    },
    async (request) =>
      renamePasskey(app, { userId: currentUser(request).id, id: request.params.id, name: request.body.name }),
  );

  app.delete(
    '/auth/passkeys/:id',
    {
      config: { reauth: true },
      schema: {
        tags,
        summary: 'Remove a passkey',
        params: idParams,
        response: { 200: twoFactorStatusSchema },
      },
    },
    async (request) =>
      removePasskey(app, {
        userId: currentUser(request).id,
        id: request.params.id,
        meta: clientMeta(request),
      }),
  );
};

export default passkeyRoutes;
