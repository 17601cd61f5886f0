import {
  changePasswordBodySchema,
  currentUserSchema,
  emailRequestSchema,
  loginSchema,
  profileUpdateBodySchema,
  refreshResponseSchema,
  registerBodySchema,
  registerResponseSchema,
  resendVerificationResponseSchema,
  tokenParamsSchema,
  verifyResponseSchema,
} from '@formsmith/core/auth/api';
import { AUTH_MESSAGES } from '@formsmith/core/auth/messages';
import { signInResultSchema, verifySignInResponseSchema } from '@formsmith/core/auth/two-factor';
import { messageSchema } from '@formsmith/core/http';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/authenticate.ts';
import type { RateLimitName } from '../../plugins/rate-limits.ts';
import { changePassword, getCurrentUser, updateProfile } from './profile-service.ts';
import {
  type ClientMeta,
  loginWithMagicLink,
  loginWithPassword,
  refreshSession,
  registerUser,
  requestLoginLink,
  requestVerificationLink,
  resendVerification,
  verifyEmailToken,
} from './service.ts';
import { revokeSession } from './sessions.ts';

const LOGIN_LINK_SENT = 'If an account exists for this email, we have sent a login link. Check your inbox.';
const VERIFICATION_LINK_SENT =
  'If this address has an account still to verify, we have sent it a new verification link. Check your inbox.';

function clientMeta(request: FastifyRequest): ClientMeta {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}

/** Sign-up, sign-in, verification, magic links, sessions and the signed-in user's profile. */
const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // Per IP before validation, so malformed requests count too; per email once the body is parsed.
  const limitByIp = (name: RateLimitName) => async (request: FastifyRequest) =>
    app.rateLimit(name, request.ip);
  const limitByEmail = (name: RateLimitName, email: string) =>
    app.rateLimit(name, email.trim().toLowerCase());
  // Mailed links: per address and IP, so others' requests never refuse the owner's, and a slower
  // cap per address, so nobody floods one inbox from many IPs.
  const limitLinkRequests = async (
    names: { perEmailIp: RateLimitName; perEmail: RateLimitName },
    request: FastifyRequest,
    email: string,
  ) => {
    await limitByEmail(names.perEmailIp, `${email.trim().toLowerCase()}|${request.ip}`);
    await limitByEmail(names.perEmail, email);
  };

  app.post(
    '/auth/register',
    {
      onRequest: limitByIp('register'),
      schema: {
        tags: ['auth'],
        body: registerBodySchema,
        response: { 201: registerResponseSchema },
      },
    },
    async (request, reply) => {
      await limitByEmail('registerPerEmail', request.body.email);
      const user = await registerUser(app, request.body);
      return reply.status(201).send({ pid: user.id, email: user.email, name: user.name, is_verified: false });
    },
  );

  app.get(
    '/auth/verify/:token',
    {
      schema: {
        tags: ['auth'],
        params: tokenParamsSchema,
        response: { 200: verifyResponseSchema },
      },
    },
    async (request) => {
      const { user } = await verifyEmailToken(app, request.params.token);
      return { message: AUTH_MESSAGES.verifySuccess, email: user.email, is_verified: true };
    },
  );

  // The verification page's button: verifies and signs the new account in. A POST, so that mail
  // scanners opening the link (some run its scripts) neither use it up nor get a session.
  app.post(
    '/auth/verify/:token',
    {
      schema: {
        tags: ['auth'],
        params: tokenParamsSchema,
        response: { 200: verifySignInResponseSchema },
      },
    },
    async (request) => {
      const { user, signIn } = await verifyEmailToken(app, request.params.token, clientMeta(request));
      return { message: AUTH_MESSAGES.verifySuccess, email: user.email, is_verified: true, sign_in: signIn };
    },
  );

  app.post(
    '/auth/login',
    {
      onRequest: limitByIp('login'),
      schema: { tags: ['auth'], body: loginSchema, response: { 200: signInResultSchema } },
    },
    async (request) => loginWithPassword(app, request.body, clientMeta(request)),
  );

  app.post(
    '/auth/magic-link',
    {
      onRequest: limitByIp('magicLink'),
      schema: { tags: ['auth'], body: emailRequestSchema, response: { 200: messageSchema } },
    },
    async (request) => {
      const names = { perEmailIp: 'magicLinkPerEmailIp', perEmail: 'magicLinkPerEmail' } as const;
      await limitLinkRequests(names, request, request.body.email);
      await requestLoginLink(app, { email: request.body.email, purpose: 'login' });
      return { message: LOGIN_LINK_SENT };
    },
  );

  app.get(
    '/auth/magic-link/:token',
    { schema: { tags: ['auth'], params: tokenParamsSchema, response: { 200: signInResultSchema } } },
    async (request) => loginWithMagicLink(app, request.params.token, clientMeta(request)),
  );

  app.post(
    '/auth/forgot-password',
    {
      onRequest: limitByIp('forgotPassword'),
      schema: { tags: ['auth'], body: emailRequestSchema, response: { 200: messageSchema } },
    },
    async (request) => {
      const names = { perEmailIp: 'forgotPasswordPerEmailIp', perEmail: 'forgotPasswordPerEmail' } as const;
      await limitLinkRequests(names, request, request.body.email);
      await requestLoginLink(app, { email: request.body.email, purpose: 'reset' });
      return { message: LOGIN_LINK_SENT };
    },
  );

  app.post(
    '/auth/verification-link',
    {
      onRequest: limitByIp('verificationLink'),
      schema: { tags: ['auth'], body: emailRequestSchema, response: { 200: messageSchema } },
    },
    async (request) => {
      const names = {
        perEmailIp: 'verificationLinkPerEmailIp',
        perEmail: 'verificationLinkPerEmail',
      } as const;
      await limitLinkRequests(names, request, request.body.email);
      await requestVerificationLink(app, request.body.email);
      return { message: VERIFICATION_LINK_SENT };
    },
  );

  await app.register(async (scope) => {
    const signedIn = scope.withTypeProvider<ZodTypeProvider>();
    signedIn.addHook('onRequest', app.authenticate);

    signedIn.get(
      '/auth/current',
      { schema: { tags: ['auth'], response: { 200: currentUserSchema } } },
      async (request) => getCurrentUser(app, currentUser(request).id),
    );

    signedIn.put(
      '/auth/profile',
      {
        schema: {
          tags: ['auth'],
          body: profileUpdateBodySchema,
          response: { 200: currentUserSchema },
        },
      },
      async (request) => updateProfile(app, { ...currentUser(request), ip: request.ip }, request.body),
    );

    signedIn.post(
      '/auth/change-password',
      {
        schema: {
          tags: ['auth'],
          body: changePasswordBodySchema,
          response: { 200: messageSchema },
        },
      },
      async (request) => {
        await changePassword(app, currentUser(request), request.body, clientMeta(request));
        return { message: 'Password changed successfully' };
      },
    );

    signedIn.post(
      '/auth/refresh',
      {
        schema: { tags: ['auth'], response: { 200: refreshResponseSchema } },
      },
      async (request) => refreshSession(app, currentUser(request), clientMeta(request)),
    );

    signedIn.post(
      '/auth/logout',
      { schema: { tags: ['auth'], response: { 200: messageSchema } } },
      async (request) => {
        const user = currentUser(request);
        await revokeSession(app.db, { sessionId: user.sessionId, userId: user.id });
        return { message: 'Signed out' };
      },
    );

    signedIn.post(
      '/auth/resend-verification',
      {
        schema: { tags: ['auth'], response: { 200: resendVerificationResponseSchema } },
      },
      async (request) => {
        const user = currentUser(request);
        await app.rateLimit('resendVerification', user.id);
        const sent = await resendVerification(app, user.id);
        return sent
          ? { message: 'We have sent you a new verification link.', is_verified: false }
          : { message: 'Your email is already verified.', is_verified: true };
      },
    );
  });
};

export default authRoutes;
