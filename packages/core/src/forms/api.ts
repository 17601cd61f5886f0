// Request and response shapes of the /api/forms routes. The server validates with them and its
// serializer encodes with them; the web parses every forms response with them.
import * as z from 'zod/mini';
import { FORM_DEFAULTS } from '../fields/constants.ts';
import { DEFAULT_LANGUAGE } from '../i18n/language.ts';
import { languageTagSchema, translationsBodySchema, translationsSchema } from '../i18n/language-fields.ts';
import { LIMITS } from '../limits.ts';
import { EMPTY_LOGIC, formDisplaySchema, formLogicSchema } from '../logic/definition.ts';
import { editPatchSchema } from './edit-patch.ts';
import { wireFieldCodec } from './field-wire.ts';
import { accessRestrictionSchema, type Form } from './form.ts';
import { publicFormSchema, wireFormSchema } from './form-wire.ts';
import { checkFieldLimits, tooLong } from './limits.ts';
import { readFieldList, snakeCaseKeys } from './read-body.ts';

/** An entry of the owner's form list: the form without its fields (they can be large), with their count. */
export const formListEntrySchema = z.extend(z.omit(wireFormSchema, { fields: true }), {
  field_count: z.number().check(z.int()),
});
export type FormListEntry = z.output<typeof formListEntrySchema>;
export const formListSchema = z.object({ forms: z.array(formListEntrySchema) });
/** The sharing answer: the owner's form, with the sharing figures also at the top for older clients. */
export const sharingResponseSchema = z.extend(wireFormSchema, {
  share_url: z.string(),
  published_at: z.nullable(z.string()),
  share_count: z.number().check(z.int()),
});
/** GET /api/forms/:id: the owner's view for the owner, the public view for anyone else. */
export const formViewSchema = z.union([wireFormSchema, publicFormSchema]);

export const formIdParamsSchema = z.object({ id: z.string() });
export const slugParamsSchema = z.object({ slug: z.string() });
export const accessQuerySchema = z.pipe(
  z.transform(snakeCaseKeys),
  z.object({
    access_code: z.optional(z.string()),
    /** The respondent's language: a refusal (the gate's title, a closed message) is in it. */
    lang: z.optional(z.string().check(z.maxLength(35))),
  }),
);

const text = z.optional(z.nullable(z.string()));
const trimmed = z.pipe(
  z.string(),
  z.transform((value) => value.trim()),
);
const URL_MAX_LENGTH = 2048;
const THEME_MAX_CHARS = 10_000;
const BUTTON_MAX_LENGTH = 100;

/** Sharing settings, in snake_case or camelCase (snake_case wins when both are sent). */
const sharingShape = {
  slug: text,
  /** Only the slug opens the form (it needs one); the numbered address answers like a missing form. */
  slug_only: z.optional(z.boolean()),
  access_restriction: z.optional(accessRestrictionSchema),
  access_code: text,
  expiration_date: text,
};
export const sharingBodySchema = z.pipe(z.transform(snakeCaseKeys), z.object(sharingShape));
export type SharingBody = z.output<typeof sharingBodySchema>;

/** Empty or missing text becomes the default; the rest is trimmed and bounded. */
const textOr = (fallback: string, max: number, what: string) =>
  z.optional(
    z
      .pipe(
        z.nullable(z.string()),
        z.transform((value) => value?.trim() || fallback),
      )
      .check(tooLong(max, what)),
  );

/**
 * The body of POST /api/forms and PUT /api/forms/:id, read at the door: camelCase names, fields
 * in any shape a client or an older release sends (see read-field.ts), then checked against the
 * limits with an error per field. Keys left out keep what is stored.
 */
export const formSaveBodySchema = z.pipe(
  z.transform(snakeCaseKeys),
  z.object({
    ...sharingShape,
    title: z.optional(
      trimmed.check(
        z.refine((title) => title !== '', 'Title is required'),
        tooLong(LIMITS.titleMaxLength, 'Title'),
      ),
    ),
    description: z.optional(
      z
        .pipe(
          z.nullable(z.string()),
          z.transform((value) => value ?? ''),
        )
        .check(tooLong(LIMITS.descriptionMaxLength, 'Description')),
    ),
    fields: z.optional(
      z
        .pipe(
          z
            .array(z.record(z.string(), z.unknown()))
            .check(
              z.refine(
                (list) => list.length <= LIMITS.maxFields,
                `A form can have at most ${LIMITS.maxFields} fields`,
              ),
            ),
          z.transform(readFieldList),
        )
        .check(checkFieldLimits),
    ),
    logo_url: z.optional(
      z
        .pipe(
          z.nullable(z.string()),
          z.transform((value) => value?.trim() || null),
        )
        .check(
          tooLong(URL_MAX_LENGTH, 'The logo URL'),
          z.refine(
            (url) => url === null || /^(https?:\/\/|\/(?!\/))/i.test(url),
            'The logo URL must start with http://, https:// or /',
          ),
        ),
    ),
    theme_config: z.optional(
      z
        .pipe(
          z.nullable(z.record(z.string(), z.unknown())),
          z.transform((theme) => {
            const config = { ...(theme ?? {}) };
            if (typeof config.theme !== 'string' || config.theme === '') config.theme = FORM_DEFAULTS.theme;
            return config;
          }),
        )
        .check(
          z.refine(
            (config) => JSON.stringify(config).length <= THEME_MAX_CHARS,
            `The theme settings must be at most ${THEME_MAX_CHARS} characters`,
          ),
        ),
    ),
    submit_button_text: textOr(FORM_DEFAULTS.submitButtonText, BUTTON_MAX_LENGTH, 'The submit button text'),
    success_message: textOr(FORM_DEFAULTS.successMessage, LIMITS.descriptionMaxLength, 'The success message'),
    /** The draft revision this save was made against (like If-Match); a stale one gets 409. */
    version: z.optional(z.number().check(z.int(), z.minimum(1))),
    logic: z.optional(formLogicSchema),
    display: z.optional(formDisplaySchema),
    language: z.optional(languageTagSchema),
    translations: z.optional(translationsBodySchema),
  }),
);
export type SaveBody = z.output<typeof formSaveBodySchema>;

/** The body the editor sends: every key, canonical fields encoded to the wire shape. */
export const savePayloadSchema = z.object({
  title: z.string(),
  description: z.string(),
  fields: z.array(wireFieldCodec),
  logo_url: z.nullable(z.string()),
  theme_config: z.record(z.string(), z.unknown()),
  slug: z.nullable(z.string()),
  /** Empty unless the restriction is password. */
  access_code: z.string(),
  expiration_date: z.nullable(z.string()),
  access_restriction: accessRestrictionSchema,
  submit_button_text: z.string(),
  success_message: z.string(),
  logic: formLogicSchema,
  display: formDisplaySchema,
  language: z.string(),
  translations: translationsSchema,
});
export type SavePayload = z.input<typeof savePayloadSchema>;

/** The save payload of a form; positions follow the order of the fields. */
export function toSavePayload(form: Form): SavePayload {
  const { sharing } = form;
  return z.encode(savePayloadSchema, {
    title: form.title,
    description: form.description,
    fields: form.fields.map((field, position) => ({ ...field, position })),
    logo_url: form.logoUrl ?? null,
    theme_config: form.themeConfig,
    slug: sharing.slug ?? null,
    access_code: sharing.accessRestriction === 'password' ? (sharing.accessCode ?? '') : '',
    expiration_date: sharing.expirationDate ?? null,
    access_restriction: sharing.accessRestriction,
    submit_button_text: form.submitButtonText,
    success_message: form.successMessage,
    logic: form.logic,
    display: form.display,
    language: form.language,
    translations: form.translations,
  });
}

/**
 * Which generator answered: the built-in one (offline) or the configured model, by name. When a
 * model is configured but the built-in generator answered, `fallback` says why, for the owner.
 */
export const generatorSourceSchema = z.object({
  generator: z.enum(['builtin', 'model']),
  model: z.nullable(z.string()),
  fallback: z.nullable(z.string()),
});
export type GeneratorSource = z.output<typeof generatorSourceSchema>;

/** GET /api/forms/generate/source: which generator will answer (before anything is generated). */
export const generatorInfoSchema = z.pick(generatorSourceSchema, { generator: true, model: true });

/**
 * POST /api/forms/generate: a form made from a description, not saved yet, and who made it. Its
 * follow-up questions are shown by rules of its logic (each question's own rule).
 */
export const generatedFormSchema = z.object({
  form: z.object({
    title: z.string(),
    description: z.string(),
    fields: z.array(wireFieldCodec),
    logic: z._default(formLogicSchema, EMPTY_LOGIC),
  }),
  source: generatorSourceSchema,
});
export type GeneratedFormBody = z.output<typeof generatedFormSchema>;

/**
 * The part of a form an edit reads and changes, on the wire: its texts, fields, logic and
 * languages (clients that send only the fields get empty logic and no translations).
 */
const editableFormSchema = z.object({
  title: z.string(),
  description: z.string(),
  fields: z.array(wireFieldCodec),
  logic: z._default(formLogicSchema, EMPTY_LOGIC),
  language: z._default(z.string(), DEFAULT_LANGUAGE),
  translations: z._default(translationsSchema, {}),
});

/** POST /api/forms/edit-instruction: an instruction about the form as the editor holds it now. */
export const editInstructionBodySchema = z.object({
  instruction: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Please say what to change.'),
      z.maxLength(500, 'Please keep the instruction under 500 characters.'),
    ),
  form: editableFormSchema,
});

/** The proposed change (the owner accepts or rejects it), the form it gives, and who proposed it. */
export const editProposalSchema = z.object({
  patch: editPatchSchema,
  form: editableFormSchema,
  source: generatorSourceSchema,
});
export type EditProposal = z.output<typeof editProposalSchema>;

/**
 * What the built-in interpreter asks when it is not sure of an instruction (the body of its 422
 * answer carries it as `question`, beside the usual error): what it understood of the clauses
 * before, the words it could not read, the fields they could name, and instructions that work on
 * this form.
 */
export const editQuestionSchema = z.object({
  message: z.string(),
  understood: z.array(z.string()),
  unsure: z.string(),
  /** The words, as typed, that could name several fields: a client may replace them with one's label. */
  phrase: z.nullable(z.string()),
  candidates: z.array(z.object({ id: z.string(), label: z.string() })),
  examples: z.array(z.string()),
});
export type EditQuestion = z.output<typeof editQuestionSchema>;

/**
 * The events of POST /api/forms/generate/stream (server-sent events, JSON data): each field as
 * soon as it is complete; `retry` when the model is asked again and `fallback` when it failed
 * (both void the fields sent so far; the built-in generator's follow a fallback); then the
 * whole form, or an error.
 */
export const generateStreamEventSchemas = {
  field: z.object({ field: wireFieldCodec }),
  retry: z.object({}),
  fallback: z.object({ reason: z.string() }),
  form: generatedFormSchema,
  error: z.object({ error: z.string(), code: z.string() }),
};
