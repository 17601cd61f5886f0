// Forms as the API sends them. Kept apart from the request schemas so the public form page, which
// parses the public view, does not bundle the save-body reader.
import * as z from 'zod/mini';
import { languageShape } from '../i18n/language-fields.ts';
import { formDisplaySchema, formLogicSchema } from '../logic/definition.ts';
import { publicPageLookSchema } from '../themes/api.ts';
import { wireFieldCodec } from './field-wire.ts';
import { accessRestrictionSchema } from './form.ts';

export const wireSharingSchema = z.object({
  slug: z.nullable(z.string()),
  /** Opened only by its slug: the numbered address answers 404 like a missing form. */
  slug_only: z.boolean(),
  access_restriction: accessRestrictionSchema,
  has_access_code: z.boolean(),
  expiration_date: z.nullable(z.string()),
  share_url: z.string(),
  published_at: z.nullable(z.string()),
  share_count: z.number().check(z.int()),
});

/** What the owner and a respondent both see of a form. */
const formContent = {
  id: z.number().check(z.int()),
  title: z.string(),
  description: z.string(),
  fields: z.array(wireFieldCodec),
  logo_url: z.nullable(z.string()),
  theme_config: z.record(z.string(), z.unknown()),
  submit_button_text: z.string(),
  success_message: z.string(),
  logic: formLogicSchema,
  display: formDisplaySchema,
  ...languageShape,
};

/** The content alone, read from either view (the owner's preview of a form respondents cannot open). */
export const formContentSchema = z.object(formContent);

/** A form as the owner API sends it (the list, one form, every owner write). */
export const wireFormSchema = z.object({
  ...formContent,
  is_published: z.boolean(),
  submissions: z.number().check(z.int()),
  last_edited: z.string(),
  created_at: z.string(),
  sharing: wireSharingSchema,
  /** The owner's folder the form is filed in; null when unfiled. */
  folder_id: z.nullable(z.number().check(z.int())),
  /** The draft's revision: every save bumps it; a save naming an older one gets 409. */
  version: z.number().check(z.int(), z.minimum(1)),
  /** The published version respondents get (null until the first publish). */
  published_version: z.nullable(z.number().check(z.int(), z.minimum(1))),
  /** The draft differs from the published version (edits wait for 'Publish changes'). */
  has_unpublished_changes: z.boolean(),
});
/** The JSON of an owner's form, aliases included. */
export type WireForm = z.input<typeof wireFormSchema>;
/** An owner's form with canonical fields: what the server answers and the web reads. */
export type OwnerForm = z.output<typeof wireFormSchema>;

/** What an anonymous respondent gets: no owner data. */
export const publicFormSchema = z.object({
  ...formContent,
  is_published: z.literal(true),
  slug: z.nullable(z.string()),
  access_restriction: accessRestrictionSchema,
  expiration_date: z.nullable(z.string()),
  /** Answers are saved as the respondent goes and can be resumed (absent from older servers). */
  save_partials: z.optional(z.boolean()),
  /**
   * Present when answers are encrypted end to end: the browser seals them to `public_key` before
   * sending (null while the owner has not set the form's passphrase: it takes no answers yet).
   */
  encryption: z.optional(z.object({ public_key: z.nullable(z.string()) })),
  /** The page's theme, footer and branding (absent from older servers: the page as it was). */
  look: z.optional(publicPageLookSchema),
});
export type PublicForm = z.input<typeof publicFormSchema>;
export type PublicFormView = z.output<typeof publicFormSchema>;
