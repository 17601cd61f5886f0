import * as z from 'zod/mini';
import { ACCESS_RESTRICTIONS, FORM_DEFAULTS } from '../fields/constants.ts';
import { DEFAULT_LANGUAGE } from '../i18n/language.ts';
import { translationsSchema } from '../i18n/language-fields.ts';
import { EMPTY_LOGIC, formDisplaySchema, formLogicSchema } from '../logic/definition.ts';
import { endingFromMessage } from '../logic/endings.ts';
import { fieldSchema } from './field.ts';

export const accessRestrictionSchema = z.enum(ACCESS_RESTRICTIONS);
export type AccessRestriction = z.infer<typeof accessRestrictionSchema>;

/** Sharing settings as the editor and the publish page hold them. */
export const sharingSchema = z.object({
  slug: z.optional(z.string()),
  /** Only the slug opens the form; its numbered address answers like a missing form. */
  slugOnly: z.optional(z.boolean()),
  /** Only ever typed by the owner: the server never sends a code back. */
  accessCode: z.optional(z.string()),
  expirationDate: z.optional(z.nullable(z.string())),
  accessRestriction: accessRestrictionSchema,
  shareCount: z.optional(z.number()),
  publishedAt: z.optional(z.nullable(z.string())),
  shareUrl: z.optional(z.string()),
});
export type Sharing = z.infer<typeof sharingSchema>;

/** A form as the web app holds it: the editor's draft, the renderer's input. */
export const formSchema = z.object({
  id: z.optional(z.number()),
  title: z.string(),
  description: z.string(),
  fields: z.array(fieldSchema),
  lastSaved: z.optional(z.string()),
  logoUrl: z.optional(z.string()),
  themeConfig: z.record(z.string(), z.unknown()),
  isPublished: z.boolean(),
  submissions: z.number(),
  submitButtonText: z.string(),
  successMessage: z.string(),
  /** Rules, variables, endings and the quiz; empty logic is a one-page form as before. */
  logic: formLogicSchema,
  display: formDisplaySchema,
  /** The default language (a BCP 47 tag): the language of the texts above. */
  language: z.string(),
  /** Texts in the other languages, by tag then text key (core i18n/texts). */
  translations: translationsSchema,
  sharing: sharingSchema,
});
export type Form = z.infer<typeof formSchema>;

/** An empty form with the product's defaults: the editor's starting point in create mode. */
export function blankForm(title: string = FORM_DEFAULTS.title): Form {
  return {
    title,
    description: '',
    fields: [],
    themeConfig: { theme: FORM_DEFAULTS.theme },
    isPublished: false,
    submissions: 0,
    submitButtonText: FORM_DEFAULTS.submitButtonText,
    successMessage: FORM_DEFAULTS.successMessage,
    // The success message is the text of the form's plain ending, which every form has.
    logic: { ...EMPTY_LOGIC, endings: [endingFromMessage(FORM_DEFAULTS.successMessage, [])] },
    display: 'classic',
    language: DEFAULT_LANGUAGE,
    translations: {},
    sharing: { accessRestriction: 'public' },
  };
}
