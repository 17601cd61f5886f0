// A workspace's own templates (/api/workspaces/:id/templates): forms its editors saved for the
// team to start from, shown on the gallery's first shelf beside the built-in ones (catalog.ts).
import * as z from 'zod/mini';
import { templateFormSchema } from './template.ts';

/** How long a saved template's title and summary may be, and how many a workspace keeps. */
export const SAVED_TEMPLATE_LIMITS = {
  titleMaxLength: 100,
  summaryMaxLength: 300,
  maxPerWorkspace: 200,
  /** What a form's save may carry (the API's body limit): a template's form is never larger. */
  formMaxBytes: 1024 * 1024,
} as const;

export const SAVED_TEMPLATE_MESSAGES = {
  notFound: 'Template not found',
  titleRequired: 'Give the template a title',
  titleTooLong: `A template title can be at most ${SAVED_TEMPLATE_LIMITS.titleMaxLength} characters`,
  summaryTooLong: `A template summary can be at most ${SAVED_TEMPLATE_LIMITS.summaryMaxLength} characters`,
  nothingToChange: 'Send a new title or summary',
  noQuestions: 'Add a question to the form before saving it as a template',
  formTooLarge: 'This form is too large to save as a template',
  limitReached: `This workspace has ${SAVED_TEMPLATE_LIMITS.maxPerWorkspace} templates, the most it can keep. Delete one to make room.`,
} as const;

/** A template a workspace saved from one of its forms; `form` is what a new draft starts from. */
export const savedTemplateSchema = z.object({
  /** A uuid: also its key in the gallery's `?preview=` (built-in ids are words, never uuids). */
  id: z.string(),
  workspace_id: z.number().check(z.int()),
  title: z.string(),
  /** One sentence for the card; empty when the editor gave none. */
  summary: z.string(),
  form: templateFormSchema,
  /** The member who saved it; null once their account is gone. */
  created_by: z.nullable(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SavedTemplate = z.infer<typeof savedTemplateSchema>;

export const savedTemplateListSchema = z.object({ templates: z.array(savedTemplateSchema) });
export type SavedTemplateList = z.infer<typeof savedTemplateListSchema>;

const trimmed = z.pipe(
  z.string(),
  z.transform((value) => value.trim()),
);
const title = trimmed.check(
  z.refine((value) => value !== '', SAVED_TEMPLATE_MESSAGES.titleRequired),
  z.refine(
    (value) => value.length <= SAVED_TEMPLATE_LIMITS.titleMaxLength,
    SAVED_TEMPLATE_MESSAGES.titleTooLong,
  ),
);
const summary = trimmed.check(
  z.refine(
    (value) => value.length <= SAVED_TEMPLATE_LIMITS.summaryMaxLength,
    SAVED_TEMPLATE_MESSAGES.summaryTooLong,
  ),
);

/** POST …/templates: the form to save (one of the workspace's), its title and an optional summary. */
export const createTemplateBodySchema = z.object({
  form_id: z
    .number({ error: 'Name the form to save as a template' })
    .check(z.int(), z.positive(), z.maximum(2_147_483_647)),
  title,
  summary: z.optional(summary),
});
export type CreateTemplateBody = z.output<typeof createTemplateBodySchema>;

/** PATCH …/templates/:templateId: a new title, a new summary, or both. */
export const updateTemplateBodySchema = z
  .object({ title: z.optional(title), summary: z.optional(summary) })
  .check(
    z.refine(
      (body) => body.title !== undefined || body.summary !== undefined,
      SAVED_TEMPLATE_MESSAGES.nothingToChange,
    ),
  );
export type UpdateTemplateBody = z.output<typeof updateTemplateBodySchema>;

export const templateParamsSchema = z.object({ id: z.string(), templateId: z.string() });
