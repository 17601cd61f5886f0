import { randomUUID } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import { answerLengthError, answerMaxLength } from '@formsmith/core/fields/answer-length';
import type { ValidationMessages } from '@formsmith/core/fields/validate';
import type {
  FieldValues,
  FileValue,
  FillAction,
  FillFormView,
  FillPageState,
  FillView,
  PostedFields,
} from '@formsmith/core/fill-page/state';
import type { FieldOf, FormField } from '@formsmith/core/forms/field';
import type { PublicFormView } from '@formsmith/core/forms/form-wire';
import { validationMessagesOf } from '@formsmith/core/i18n/chrome';
import { chromeFor } from '@formsmith/core/i18n/chrome-all';
import { CHROME_LANGUAGES } from '@formsmith/core/i18n/chrome-languages';
import { pickLanguage } from '@formsmith/core/i18n/language';
import { type Translations, translatedText } from '@formsmith/core/i18n/texts';
import { plainMessageKey } from '@formsmith/core/logic/endings';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import {
  assertPublicAccess,
  type FormRow,
  findFormBySlugParam,
  livePublicForm,
  PublicFormCacheByKey,
} from '../forms/index.ts';
import { hasCookie, respondedCookie, storeFieldFile, submitForm } from '../intake/index.ts';
import { first, readPosted } from './body.ts';
import { brandedClosedPage, type ClosedPage, closedPageOf } from './closed-views.ts';
import type { FillPageKit } from './renderer.ts';

/** Where the page is: /form/<identifier>[/embed], and the address's query (which may prefill). */
export type FillAddress = {
  identifier: string;
  embed: boolean;
  search: string;
  /** The browser's Accept-Language: the page's language when the address has no `?lang=`. */
  acceptLanguage?: string;
};

/** What the route answers: a page with its status, or a redirect (an ending that leads away). */
export type FillAnswer =
  | {
      kind: 'page';
      status: number;
      state: FillPageState;
      cookie?: string;
      /** The form this page opens for a respondent: a view of it to count. */
      opens?: number;
      /** A 429's wait in seconds, sent as `Retry-After` as the JSON API's 429s do. */
      retryAfterSeconds?: number;
    }
  | { kind: 'redirect'; location: string; cookie?: string };

/** Before a form is known (the gate, a closed form), the page speaks the languages of its own words. */
const PAGE_WORDS = {
  language: 'en',
  translations: Object.fromEntries(CHROME_LANGUAGES.map((tag) => [tag, {}])),
};

/** The page's language, as the page's script picks it: `?lang=`, then Accept-Language, then the default. */
function languageOf(address: FillAddress, form?: FormLanguages): string {
  const query = new URLSearchParams(address.search).get('lang');
  return pickLanguage(form ?? PAGE_WORDS, { query, acceptLanguage: address.acceptLanguage });
}

const page = (
  address: FillAddress,
  status: number,
  view: FillView,
  form?: FormLanguages,
): Extract<FillAnswer, { kind: 'page' }> => ({
  kind: 'page',
  status,
  state: {
    identifier: address.identifier,
    embed: address.embed,
    language: languageOf(address, view.kind === 'form' ? view.form : form),
    view,
  },
});

/** A form's languages: what the page's language is chosen among. */
type FormLanguages = { language: string; translations: Translations };

/**
 * The form, or the page that turns the respondent away; a gate or a closed form is in the form's
 * languages (its title is shown), a form not found in the page's own.
 */
type Loaded =
  | { kind: 'form'; form: PublicFormView }
  | ({ kind: 'closed'; languages?: FormLanguages; retryAfterSeconds?: number } & ClosedPage);

/** The wait of a 429: from the refusal itself, or from the closed page that kept it. */
function waitOf(from: unknown): { retryAfterSeconds?: number } {
  const seconds =
    typeof from === 'object' && from !== null && 'retryAfterSeconds' in from
      ? from.retryAfterSeconds
      : undefined;
  return typeof seconds === 'number' ? { retryAfterSeconds: seconds } : {};
}

type PageForm = { formId: number; row: FormRow; form: PublicFormView };
const pageForms = new WeakMap<FastifyInstance, PublicFormCacheByKey<PageForm>>();

/**
 * The form a page address names, with its published version, from a short per-instance cache
 * (forms/public-cache.ts: forgotten on every write here, at most a few seconds old otherwise):
 * every page view would read the same rows. The same object comes back while it is current, so
 * the page's markup can be kept beside it (page-cache.ts).
 */
async function findPageForm(app: FastifyInstance, identifier: string): Promise<PageForm | null> {
  let cache = pageForms.get(app);
  if (!cache) {
    cache = new PublicFormCacheByKey();
    pageForms.set(app, cache);
  }
  return cache.get(identifier.trim().toLowerCase(), async () => {
    const row = await findFormBySlugParam(app, identifier);
    return row ? { formId: row.id, row, form: await livePublicForm(app, row) } : null;
  });
}

/**
 * The form as respondents get it with this access code, or the page that turns them away; its
 * access rules (publication, expiry, schedule, the code) are checked on every call.
 */
async function loadForm(
  app: FastifyInstance,
  input: { address: FillAddress; accessCode: string | undefined; ip: string },
): Promise<Loaded> {
  const { address } = input;
  let found: PageForm | null = null;
  try {
    found = await findPageForm(app, address.identifier);
    await assertPublicAccess(app, {
      form: found?.row ?? null,
      accessCode: input.accessCode,
      ip: input.ip,
      // What the gate and a closed form show of it (the title, the closed message) is in the
      // language the page is in.
      language: {
        lang: new URLSearchParams(address.search).get('lang'),
        acceptLanguage: address.acceptLanguage,
      },
    });
    return { kind: 'form', form: found!.form };
  } catch (err) {
    const closed = closedPageOf(err);
    if (closed) {
      // A form not found says nothing of the form, not even its languages.
      if (!found || closed.view.kind === 'unavailable') return { kind: 'closed', ...closed };
      const { language, translations } = found.form;
      return {
        kind: 'closed',
        ...brandedClosedPage(closed, found.form),
        languages: { language, translations },
      };
    }
    if (err instanceof AppError && err.code === 'RATE_LIMITED') {
      // Too many wrong codes from here: the gate says so, and says nothing else of the form.
      return {
        kind: 'closed',
        status: 429,
        view: { kind: 'gate', wrongCode: true, message: err.message },
        ...waitOf(err),
      };
    }
    throw err;
  }
}

/** The blank form, as a respondent opening the page gets it. */
function freshForm(kit: FillPageKit, form: PublicFormView, input: { search: string; accessCode?: string }) {
  return {
    kind: 'form',
    form,
    ...(input.accessCode ? { accessCode: input.accessCode } : {}),
    values: kit.renderer.startValues({ form, search: input.search }),
    stepId: null,
    errors: {},
    loadedAt: Date.now(),
    submitKey: randomUUID(),
  } satisfies FillFormView;
}

/** GET /form/<identifier>: the page as its first screen (the form, the gate, or why it is closed). */
export async function showFillPage(
  app: FastifyInstance,
  kit: FillPageKit,
  input: FillAddress & { ip: string },
): Promise<FillAnswer> {
  const loaded = await loadForm(app, { address: input, accessCode: undefined, ip: input.ip });
  if (loaded.kind === 'closed')
    return { ...page(input, loaded.status, loaded.view, loaded.languages), ...waitOf(loaded) };
  const answer = page(input, 200, freshForm(kit, loaded.form, { search: input.search }));
  return { ...answer, opens: loaded.form.id };
}

function actionOf(text: string | undefined): FillAction {
  if (text === 'access' || text === 'back' || text === 'submit') return text;
  if (text?.startsWith('remove:')) return { remove: text.slice('remove:'.length) };
  return 'next';
}

/**
 * A Remove button's file taken out of the values: 'field' removes a field's one file, and
 * 'field:upload' one of the files of a field that takes several.
 */
function removeFile(values: FieldValues, target: string): void {
  const [fieldId = '', uploadId] = target.split(':');
  const value = values[fieldId];
  values[fieldId] =
    uploadId && Array.isArray(value)
      ? value.flatMap((item) => (typeof item === 'object' && item.upload_id !== uploadId ? [item] : []))
      : null;
}

/** The posted form's load time (epoch ms) if it is one, else now. */
function loadedAtOf(text: string | undefined): number {
  const n = Number(text);
  return Number.isFinite(n) && n > 0 ? n : Date.now();
}

/**
 * Stores the files of a posted screen as they stream in, once the form's access allows it; a
 * file refused (too large, a type the field does not take) gets its message under the field.
 */
function fileStore(app: FastifyInstance, address: FillAddress, ip: string) {
  const files: Record<string, FileValue[]> = {};
  const errors: Record<string, string> = {};
  let loaded: Promise<Loaded> | null = null;
  const onFile = async (file: MultipartFile, before: PostedFields) => {
    loaded ??= loadForm(app, { address, ip, accessCode: first(before, 'access_code') });
    const form = await loaded;
    if (form.kind !== 'form') return;
    const field = form.form.fields.find(
      (f): f is FieldOf<'file'> => f.id === file.fieldname && f.type === 'file',
    );
    // A page without JavaScript cannot encrypt: an end-to-end encrypted form's file is not even
    // stored (the post is refused as a whole below).
    if (!field || form.form.encryption) return;
    try {
      await app.rateLimit('upload', ip);
      const words = chromeFor(languageOf(address, form.form));
      const stored = await storeFieldFile(app, { formId: form.form.id, field, file, words });
      files[field.id] = [...(files[field.id] ?? []), stored];
    } catch (err) {
      if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
      errors[field.id] = err.fields?.[field.id] ?? err.message;
    }
  };
  return { files, errors, onFile };
}

/**
 * Answers longer than their field allows (core's answer-length.ts), each cut to what it allows and
 * named with the validator's message. The page's inputs stop at that length, so only a client
 * that is not a browser sends more; the form's logic must not read such answers (the page is
 * drawn, and the steps worked out, with the form's logic), and the respondent sees the message
 * beside what is kept.
 */
function cutTooLong(fields: FormField[], values: FieldValues, messages: ValidationMessages) {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const value = values[field.id];
    const error = answerLengthError(field, value, messages);
    if (!error) continue;
    errors[field.id] = error;
    values[field.id] = typeof value === 'string' ? value.slice(0, answerMaxLength(field)) : null;
  }
  return errors;
}

/**
 * POST /form/<identifier>: the page's form sent without JavaScript. The gate's code opens the
 * form; Next and Back step through it (the same steps and checks as the page's script, answers so
 * far carried in the page); the last screen goes through the same submit as the JSON API (its
 * validation, logic, anti-spam, limits, access code and expiry). Whatever is refused comes back
 * with every answer kept and each message beside its field.
 */
export async function postFillPage(
  app: FastifyInstance,
  kit: FillPageKit,
  request: FastifyRequest,
  address: FillAddress,
): Promise<FillAnswer> {
  const { ip } = request;
  const uploads = fileStore(app, address, ip);
  const posted = await readPosted(request, uploads.onFile);
  const accessCode = first(posted, 'access_code') || undefined;
  const loaded = await loadForm(app, { address, accessCode, ip });
  if (loaded.kind === 'closed')
    return { ...page(address, loaded.status, loaded.view, loaded.languages), ...waitOf(loaded) };
  const { form } = loaded;
  const language = languageOf(address, form);
  const action = actionOf(first(posted, '_action'));
  if (action === 'access') {
    const opened = page(address, 200, freshForm(kit, form, { ...address, accessCode }));
    return { ...opened, opens: form.id };
  }

  // Moving between screens is limited like the page's saves as it goes; the submit has its own.
  await app.rateLimit('progressPerIp', ip);
  await app.rateLimit('progressPerForm', String(form.id));
  const values = kit.renderer.readPostedValues({ form, posted, files: uploads.files });
  if (typeof action === 'object') removeFile(values, action.remove);
  const screen = (view: Partial<FillFormView>): FillFormView => ({
    kind: 'form',
    form,
    ...(accessCode ? { accessCode } : {}),
    values,
    stepId: first(posted, '_step') ?? null,
    errors: {},
    loadedAt: loadedAtOf(first(posted, '_formLoadTime')),
    submitKey: first(posted, '_key')?.slice(0, 200) || randomUUID(),
    ...view,
  });
  if (form.encryption) {
    // Its answers must be encrypted in the browser: nothing posted here is checked or kept, and
    // the page (whose form is hidden without JavaScript) says what the respondent needs.
    const message = chromeFor(language).t('encryption.needsJavaScript');
    return page(address, 400, screen({ banner: message }));
  }
  if (Object.keys(uploads.errors).length > 0) {
    return page(address, 422, screen({ errors: uploads.errors }));
  }
  const tooLong = cutTooLong(form.fields, values, validationMessagesOf(chromeFor(language)));
  if (Object.keys(tooLong).length > 0) {
    const stepId = kit.renderer.stepWithErrors({ form, values, errors: tooLong });
    return page(address, 422, screen({ stepId, errors: tooLong }));
  }
  const plan = kit.renderer.planFillPost({
    form,
    values,
    stepId: first(posted, '_step') ?? null,
    action,
    language,
  });
  if (plan.kind === 'show') {
    const failed = Object.keys(plan.errors).length > 0;
    return page(address, failed ? 422 : 200, screen({ stepId: plan.stepId, errors: plan.errors }));
  }

  const cookie = respondedCookie(form.id, `/form`);
  try {
    const done = await submitForm(app, {
      formId: form.id,
      respondedBefore: hasCookie(request.headers.cookie, cookie.name),
      data: {
        ...plan.data,
        // The decoy comes last in the page's form (a field of the form may share its name).
        _honeypot: posted.website?.at(-1) ?? '',
        _formLoadTime: loadedAtOf(first(posted, '_formLoadTime')),
      },
      metadata: { timestamp: Date.now() },
      lang: language,
      accessCode,
      idempotencyKey: first(posted, '_key')?.slice(0, 200) || undefined,
      resumeToken: undefined,
      // The page without JavaScript cannot solve a proof-of-work challenge: time and decoy checks.
      noScript: true,
      ip,
      userAgent: request.headers['user-agent'],
      referer: request.headers.referer,
    });
    const set = done.oneResponsePerBrowser ? cookie.header : undefined;
    const redirect = done.ending?.redirect_url;
    if (redirect?.startsWith('https://')) return { kind: 'redirect', location: redirect, cookie: set };
    const answer = page(
      address,
      200,
      {
        kind: 'success',
        message:
          translatedText(form.translations, language, plainMessageKey(form.logic)) ?? form.success_message,
        ending: done.ending,
        ...(form.look ? { brand: { look: form.look, logo_url: form.logo_url } } : {}),
      },
      form,
    );
    return set ? { ...answer, cookie: set } : answer;
  } catch (err) {
    const closed = closedPageOf(err);
    if (closed) {
      const { status, view } = brandedClosedPage(closed, form);
      return page(address, status, view, view.kind === 'unavailable' ? undefined : form);
    }
    if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
    const errors = err.fields ?? {};
    const stepId = kit.renderer.stepWithErrors({ form, values, errors });
    const refused = page(
      address,
      err.statusCode,
      screen({
        ...(stepId ? { stepId } : {}),
        errors,
        banner: kit.renderer.submitErrorMessage(err, language),
      }),
    );
    return { ...refused, ...waitOf(err) };
  }
}
