// The public form page as the server renders it: what the page shows, handed to the renderer on
// the server and to the page's script in the browser, which takes over from there.
import * as z from 'zod/mini';
import { publicFormSchema } from '../forms/form-wire.ts';
import { submitEndingSchema } from '../submissions/submit-answer.ts';
import { publicPageLookSchema } from '../themes/api.ts';

/** A file field's answer once uploaded (what the submit sends); a signature's PNG says how and when too. */
export const fileValueSchema = z.object({
  upload_id: z.optional(z.string()),
  name: z.string(),
  size: z.number(),
  type: z.string(),
  /** Names an end-to-end encrypted file in its envelope's associated data. */
  file_id: z.optional(z.string()),
  /** A signature's: drawn or typed, when (ISO 8601), and the name typed (fields/signature.ts). */
  method: z.optional(z.enum(['drawn', 'typed'])),
  signed_at: z.optional(z.string()),
  typed_name: z.optional(z.string()),
});
export type FileValue = z.infer<typeof fileValueSchema>;

/** A matrix's answer: each answered row's column (or columns), keyed by row value. */
export const matrixValueSchema = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

/**
 * What a control holds: text for most, a list for multiple checkboxes (and a ranking's order), a
 * flag for one checkbox, a file, the files of a field that takes several, or a matrix's rows.
 */
export const fieldValueSchema = z.union([
  z.string(),
  z.array(z.string()),
  z.boolean(),
  fileValueSchema,
  z.array(fileValueSchema),
  matrixValueSchema,
  z.null(),
]);
export type FieldValue = z.infer<typeof fieldValueSchema>;
export type FieldValues = Record<string, FieldValue>;

/** The fillable form on one of its screens, with the answers and errors so far. */
export const fillFormViewSchema = z.object({
  kind: z.literal('form'),
  form: publicFormSchema,
  accessCode: z.optional(z.string()),
  values: z.record(z.string(), fieldValueSchema),
  /** The screen shown; null: the first. */
  stepId: z.nullable(z.string()),
  errors: z.record(z.string(), z.string()),
  /** A message over the form (why the submit failed). */
  banner: z.optional(z.string()),
  /** When the respondent first opened the form (epoch ms), for the anti-spam timing. */
  loadedAt: z.number(),
  /** The submit's idempotency key: sending the same page twice stores one submission. */
  submitKey: z.string(),
});
export type FillFormView = z.infer<typeof fillFormViewSchema>;

/**
 * The form's look on a page without the form (the gate, a closed form, its ending): its theme and
 * logo, so the page is the owner's brand; a form not found has none, which would say it exists.
 */
export const turnedAwayBrandSchema = z.object({
  look: publicPageLookSchema,
  logo_url: z.nullable(z.string()),
});
export type TurnedAwayBrand = z.infer<typeof turnedAwayBrandSchema>;

export const fillViewSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('unavailable') }),
  z.object({
    kind: z.literal('gate'),
    title: z.optional(z.string()),
    wrongCode: z.boolean(),
    /** Why the code was refused when it was not wrong (too many tries). */
    message: z.optional(z.string()),
    brand: z.optional(turnedAwayBrandSchema),
  }),
  z.object({
    kind: z.literal('expired'),
    title: z.optional(z.string()),
    /** Closed by the owner's limits or schedule (with their message, if any), not expired. */
    closed: z.optional(z.object({ message: z.optional(z.string()) })),
    brand: z.optional(turnedAwayBrandSchema),
  }),
  fillFormViewSchema,
  z.object({
    kind: z.literal('success'),
    message: z.string(),
    ending: submitEndingSchema,
    /** The ending drawn in the form's theme, with its logo (the page after a post without JavaScript). */
    brand: z.optional(turnedAwayBrandSchema),
  }),
]);
export type FillView = z.infer<typeof fillViewSchema>;

/** Everything the page needs to show its first screen without asking the server again. */
export const fillPageStateSchema = z.object({
  /** /form/<identifier>: the address the page's own form posts to. */
  identifier: z.string(),
  embed: z.boolean(),
  /** The language the page was rendered in (chosen by ?lang= and Accept-Language); none: English. */
  language: z.optional(z.string()),
  view: fillViewSchema,
});
export type FillPageState = z.infer<typeof fillPageStateSchema>;

export { FILL_STATE_ELEMENT_ID } from './element-id.ts';

/** The button a respondent pressed in the page's form (its `_action`). */
export type FillAction = 'access' | 'next' | 'back' | 'submit' | { remove: string };

/** What the server does with a posted screen: show a screen (with errors), or send the answers. */
export type FillPlan =
  | { kind: 'show'; stepId: string | null; errors: Record<string, string> }
  | { kind: 'submit'; data: Record<string, unknown> };

/**
 * A control that always holds a value (a slider, a colour picker) is not an answer until the
 * respondent moves it or confirms it. Without JavaScript the page cannot see a touch, so beside
 * such a control it posts where the control was drawn (`shownValueName`: a different value was
 * moved there) and a box that confirms the value it shows (posted under ANSWERED_NAME with the
 * field's id). Neither: nothing is stored for it.
 */
export const ANSWERED_NAME = '_answered';
export function shownValueName(fieldId: string): string {
  return `_shown.${fieldId}`;
}

/** Answers as the page's form posts them: each name with its values, in order. */
export type PostedFields = Record<string, string[]>;

/** What the server-side build of the public page offers the server (fill-ssr.js). */
export type FillRenderer = {
  /** The page's markup for this state (the inside of its root element) and its title. */
  renderFillPage: (state: FillPageState) => Promise<{ markup: string; title: string }>;
  /** The values of a posted screen (files arrive separately, already stored, each field's in order). */
  readPostedValues: (input: {
    form: z.output<typeof publicFormSchema>;
    posted: PostedFields;
    files: Record<string, FileValue[]>;
  }) => FieldValues;
  /** The blank form's values, with what the page's address prefills. */
  startValues: (input: { form: z.output<typeof publicFormSchema>; search: string }) => FieldValues;
  /** Where a posted screen leads, by the same steps and validation as the page's script. */
  planFillPost: (input: {
    form: z.output<typeof publicFormSchema>;
    values: FieldValues;
    stepId: string | null;
    action: FillAction;
    /** The page's language: its validation messages are in it. */
    language?: string;
  }) => FillPlan;
  /** The first screen showing one of these fields (the server refused their answers); null: none. */
  stepWithErrors: (input: {
    form: z.output<typeof publicFormSchema>;
    values: FieldValues;
    errors: Record<string, string>;
  }) => string | null;
  /** The message over the form for a refused submit, as the page's script words it. */
  submitErrorMessage: (
    error: { statusCode: number; code: string; message: string },
    language?: string,
  ) => string;
};
