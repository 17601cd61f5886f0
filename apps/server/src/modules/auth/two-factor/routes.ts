import { loginResponseSchema } from '@formsmith/core/auth/api';
import {
  challengeTokenSchema,
  passkeyCeremonySchema,
  passkeySignInSchema,
  reauthSchema,
  recoveryCodesSchema,
  totpConfirmSchema,
  totpSetupSchema,
  twoFactorChangeSchema,
  twoFactorStatusSchema,
  twoFactorVerifySchema,
} from '@formsmith/core/auth/two-factor';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../../plugins/authenticate.ts';
import { passwordlessOptions, secondFactorPasskeyOptions, signInWithPasskey } from '../passkeys/sign-in.ts';
import type { ClientMeta } from '../service.ts';
import { confirmTotp, disableTotp, regenerateRecoveryCodes, startTotpSetup } from './service.ts';
import { verifySecondFactor } from './sign-in.ts';
import { getTwoFactorStatus } from './status.ts';

const tags = ['two-factor'];

export function clientMeta(request: FastifyRequest): ClientMeta {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}

/** The second step of sign-in, passwordless passkey sign-in, and the signed-in user's TOTP settings. */
const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const limitByIp = async (request: FastifyRequest) => app.rateLimit('twoFactorPerIp', request.ip);

  app.post(
    '/auth/two-factor/verify',
    {
      onRequest: limitByIp,
      schema: {
        tags,
        summary: 'Finish a sign-in with an authenticator code, a recovery code or a passkey',
        body: twoFactorVerifySchema,
        response: { 200: loginResponseSchema },
      },
    },
    async (request) => verifySecondFactor(app, request.body, clientMeta(request)),
  );

  app.post(
    '/auth/two-factor/passkey-options',
    {
      onRequest: limitByIp,
      schema: {
        tags,
        summary: "WebAuthn options for the second step with one of the user's passkeys",
        body: challengeTokenSchema,
        response: { 200: passkeyCeremonySchema },
      },
    },
    async (request) => secondFactorPasskeyOptions(app, request.body.challenge_token),
  );

  app.post(
    '/auth/passkey/options',
    {
      onRequest: limitByIp,
      schema: {
        tags,
        summary: 'WebAuthn options for a passwordless sign-in with a passkey',
        response: { 200: passkeyCeremonySchema },
      },
    },
    async () => passwordlessOptions(app),
  );

  app.post(
    '/auth/passkey/verify',
    {
      onRequest: limitByIp,
      schema: {
        tags,
        summary: 'Sign in with a passkey, without email or password',
        body: passkeySignInSchema,
        response: { 200: loginResponseSchema },
      },
    },
    async (request) => signInWithPasskey(app, request.body, clientMeta(request)),
  );

  await app.register(async (scope) => {
    const signedIn = scope.withTypeProvider<ZodTypeProvider>();
    signedIn.addHook('onRequest', app.authenticate);

    signedIn.get(
      '/auth/two-factor',
      {
        schema: {
          tags,
          summary: 'What protects the account: authenticator app, passkeys, recovery codes',
          response: { 200: twoFactorStatusSchema },
        },
      },
      async (request) => getTwoFactorStatus(app.db, currentUser(request).id),
    );

    signedIn.post(
      '/auth/two-factor/totp/setup',
      {
        config: { reauth: true },
        schema: {
          tags,
          summary: 'Start authenticator-app set-up: a new secret and otpauth URI',
          response: { 200: totpSetupSchema },
        },
      },
      async (request) => startTotpSetup(app, currentUser(request).id),
    );

    signedIn.post(
      '/auth/two-factor/totp/confirm',
      {
        config: { reauth: true },
        schema: {
          tags,
          summary: 'Turn the authenticator app on with a code from it',
          body: totpConfirmSchema,
          response: { 200: twoFactorChangeSchema },
        },
      },
      async (request) =>
        confirmTotp(app, {
          userId: currentUser(request).id,
          code: request.body.code,
          meta: clientMeta(request),
        }),
    );

    signedIn.post(
      '/auth/two-factor/totp/disable',
      {
        schema: {
          tags,
          summary: 'Turn the authenticator app off (password or current code)',
          body: reauthSchema,
          response: { 200: twoFactorStatusSchema },
        },
      },
      async (request) =>
        disableTotp(app, {
          userId: currentUser(request).id,
          sessionId: currentUser(request).sessionId,
          proof: request.body,
          meta: clientMeta(request),
        }),
    );

    signedIn.post(
      '/auth/two-factor/recovery-codes',
      {
        schema: {
          tags,
          summary: 'Replace the recovery codes (password or current code)',
          body: reauthSchema,
          response: { 200: recoveryCodesSchema },
        },
      },
      async (request) =>
        regenerateRecoveryCodes(app, {
          userId: currentUser(request).id,
          sessionId: currentUser(request).sessionId,
          proof: request.body,
          meta: clientMeta(request),
        }),
    );
  });
};

export default twoFactorRoutes;
