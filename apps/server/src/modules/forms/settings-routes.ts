import { encryptionBodySchema, encryptionSettingsSchema } from '@formsmith/core/crypto/api';
import {
  confirmationSchema,
  limitsBodySchema,
  limitsSchema,
  partialsSchema,
} from '@formsmith/core/form-settings/api';
import { formIdParamsSchema } from '@formsmith/core/forms/api';
import { viewerAccessSchema } from '@formsmith/core/workspaces/viewer-answers';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireFormId } from '../../lib/form-id.ts';
import { SCOPE_NEEDS } from '../../lib/key-scopes.ts';
import { currentUser, keyScopesOf } from '../../plugins/authenticate.ts';
import { getEncryption, updateEncryption } from './encryption-service.ts';
import * as settings from './settings-service.ts';

const tags = ['forms'];
const read = { scope: 'forms:read' as const, role: 'viewer' as const };
const write = { scope: 'forms:write' as const, role: 'editor' as const };

function owned(request: FastifyRequest) {
  return { formId: requireFormId((request.params as { id: string }).id), ownerId: currentUser(request).id };
}

/**
 * A form's response limit, schedule and one-response-per-browser, its respondent confirmation
 * mail, partial saves, what its viewers read, and encryption.
 */
const formSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const params = formIdParamsSchema;

  app.get(
    '/forms/:id/limits',
    {
      config: read,
      schema: {
        tags,
        summary: "A form's response limit and schedule",
        params,
        response: { 200: limitsSchema },
      },
    },
    async (request) => settings.getLimits(app, owned(request)),
  );
  app.put(
    '/forms/:id/limits',
    {
      config: write,
      schema: {
        tags,
        summary: "Set a form's response limit and schedule",
        description:
          'Times are wall-clock times (`YYYY-MM-DDTHH:mm`) in `time_zone`. Outside the schedule or once the ' +
          'limit is reached the form shows "This form is closed" (with `closed_message`) and submit answers 410 FORM_CLOSED.',
        params,
        body: limitsBodySchema,
        response: { 200: limitsSchema },
      },
    },
    async (request) => settings.updateLimits(app, { ...owned(request), body: request.body }),
  );
  app.get(
    '/forms/:id/confirmation',
    {
      config: read,
      schema: {
        tags,
        summary: "A form's respondent confirmation mail",
        params,
        response: { 200: confirmationSchema },
      },
    },
    async (request) => settings.getConfirmation(app, owned(request)),
  );
  app.put(
    '/forms/:id/confirmation',
    {
      config: { ...write, alsoScopes: [SCOPE_NEEDS.confirmationAnswers] },
      schema: {
        tags,
        summary: "Set a form's respondent confirmation mail",
        description: '`{{field_id}}` in the subject and message is replaced by that answer.',
        params,
        body: confirmationSchema,
        response: { 200: confirmationSchema },
      },
    },
    async (request) =>
      settings.updateConfirmation(app, {
        ...owned(request),
        body: request.body,
        keyScopes: keyScopesOf(request),
      }),
  );
  app.get(
    '/forms/:id/partials',
    {
      config: read,
      schema: {
        tags,
        summary: 'Whether a form saves answers as respondents go',
        params,
        response: { 200: partialsSchema },
      },
    },
    async (request) => settings.getPartials(app, owned(request)),
  );
  app.put(
    '/forms/:id/partials',
    {
      config: { ...write, alsoScopes: [SCOPE_NEEDS.shorterPartialRetention] },
      schema: {
        tags,
        summary: 'Save answers as respondents go, and keep them for so many days',
        description:
          'When on, the public page saves answers on each page (or question) as incomplete submissions that ' +
          'respondents can resume; they are deleted `partial_retention_days` after their last change.',
        params,
        body: partialsSchema,
        response: { 200: partialsSchema },
      },
    },
    async (request) =>
      settings.updatePartials(app, {
        ...owned(request),
        body: request.body,
        keyScopes: keyScopesOf(request),
      }),
  );
  app.put(
    '/forms/:id/viewer-access',
    {
      config: write,
      schema: {
        tags,
        summary: "Whether the workspace's viewers read the form's answers or only its counts",
        description:
          'With `viewer_answers: false` a viewer gets 403 ANSWERS_HIDDEN from everything that shows answers ' +
          '(the submission list and sync, one submission, its files and comments, exports) and finds none of ' +
          "the form's submissions in the account search; totals, analytics counts and the funnel stay readable. " +
          'Editors and above always read answers. GET /api/forms/:id/access says which is set. ' +
          "Noted in the workspace's audit log (form.settings_changed).",
        params,
        body: viewerAccessSchema,
        response: { 200: viewerAccessSchema },
      },
    },
    async (request) => settings.updateViewerAccess(app, { ...owned(request), body: request.body }),
  );
  app.get(
    '/forms/:id/encryption',
    {
      config: read,
      schema: {
        tags,
        summary: "A form's encryption level and its (wrapped) key",
        description:
          'The wrapped private key (`key`) is answered only to the signed-in owner, whose browser unwraps it; ' +
          'an API key gets `key: null` and the `public_key`.',
        params,
        response: { 200: encryptionSettingsSchema },
      },
    },
    async (request) => getEncryption(app, { ...owned(request), viaApiKey: request.apiKey !== null }),
  );
  app.put(
    '/forms/:id/encryption',
    {
      config: write,
      schema: {
        tags,
        summary: "Set a form's encryption level (standard or enhanced: end to end) and key",
        description:
          "The key pair is made in the owner's browser; the server keeps the public key and the private key " +
          'wrapped under the passphrase (PBKDF2-SHA256) and under the recovery key, never either secret. A key with ' +
          'the stored public key re-wraps it (new passphrase); another key answers 409 KEY_FIXED once answers are ' +
          'encrypted to the stored one. Turning Enhanced on while a mail attaches the response as a PDF (the ' +
          'notification or the confirmation) answers 409 ATTACH_PDF_ON naming them in `settings`: the server ' +
          'makes that PDF and could not read the answers, so they are turned off first. Standard applies to new submissions; the key is kept. Turning ' +
          'Enhanced off or writing another key (or wrap) needs a session with a recent proof of identity ' +
          '(403 REAUTH_REQUIRED) and is refused to API keys (403 API_KEY_NOT_ALLOWED); it is mailed to ' +
          "the owner and noted in the form's history (GET /api/forms/:id/versions).",
        params,
        body: encryptionBodySchema,
        response: { 200: encryptionSettingsSchema },
      },
    },
    async (request) =>
      updateEncryption(app, {
        ...owned(request),
        body: request.body,
        actor: { session: currentUser(request), viaApiKey: request.apiKey !== null, ip: request.ip },
      }),
  );
};

export default formSettingsRoutes;
