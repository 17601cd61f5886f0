import * as z from 'zod/mini';
import { FORM_DEFAULTS } from '../fields/constants.ts';
import { fieldSchema } from '../forms/field.ts';
import { blankForm, type Form } from '../forms/form.ts';
import { formDisplaySchema, formLogicSchema } from '../logic/definition.ts';
import { settleEndings } from '../logic/endings.ts';
import { type DraftField, logicOf } from './build.ts';

/** The gallery's shelves, in the order it shows them. */
export const TEMPLATE_CATEGORIES = [
  'Contact & leads',
  'Events',
  'Feedback & surveys',
  'Orders & bookings',
  'Work & HR',
  'Education & quizzes',
  'Community & nonprofits',
  'Support',
] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];

/**
 * What a template keeps of a form, built in or saved by a workspace: its questions, logic,
 * display and texts; never its answers, sharing (access code, address) or webhooks.
 */
export const templateFormSchema = z.object({
  title: z.string().check(z.minLength(1)),
  description: z.string(),
  fields: z.array(fieldSchema).check(z.minLength(1)),
  logic: formLogicSchema,
  display: formDisplaySchema,
  submitButtonText: z.string(),
  successMessage: z.string(),
});
export type TemplateForm = z.infer<typeof templateFormSchema>;

/** A gallery template: what the card shows, and the form a draft starts from. */
export const formTemplateSchema = z.object({
  /** Stable and URL-safe: the gallery links to `/templates?preview=<id>`. */
  id: z.string().check(z.regex(/^[a-z0-9-]+$/)),
  category: z.enum(TEMPLATE_CATEGORIES),
  title: z.string().check(z.minLength(1)),
  /** One sentence for the card. */
  summary: z.string().check(z.minLength(1)),
  form: templateFormSchema,
});
export type FormTemplate = z.infer<typeof formTemplateSchema>;

/**
 * What the gallery shows and searches of any template: a built-in one (FormTemplate) or one a
 * workspace saved (saved.ts), which has no category and may have an empty summary.
 */
export type GalleryTemplate = {
  id: string;
  title: string;
  summary: string;
  category?: string;
  form: TemplateForm;
};

type TemplateInput = {
  id: string;
  category: TemplateCategory;
  title: string;
  summary: string;
  /** The form's title; the template's title when left out. */
  formTitle?: string;
  /** What respondents read under the title. */
  description: string;
  fields: DraftField[];
  logic?: Parameters<typeof logicOf>[0];
  display?: Form['display'];
  submitButtonText?: string;
  successMessage?: string;
};

/** A template with positions and defaults filled in. */
export function defineTemplate(input: TemplateInput): FormTemplate {
  return {
    id: input.id,
    category: input.category,
    title: input.title,
    summary: input.summary,
    form: {
      title: input.formTitle ?? input.title,
      description: input.description,
      fields: input.fields.map(
        (field, position) => ({ ...field, position }) as FormTemplate['form']['fields'][number],
      ),
      logic: logicOf(input.logic),
      display: input.display ?? 'classic',
      submitButtonText: input.submitButtonText ?? FORM_DEFAULTS.submitButtonText,
      successMessage: input.successMessage ?? FORM_DEFAULTS.successMessage,
    },
  };
}

/** The draft a template starts: its form with the product's defaults for everything else. */
export function formFromTemplate(template: Pick<GalleryTemplate, 'form'>): Form {
  const form: Form = { ...blankForm(template.form.title), ...structuredClone(template.form) };
  // The template's success message is its plain ending, first, before the endings its rules lead to.
  const logic = settleEndings({
    logic: form.logic,
    successMessage: form.successMessage,
    logicSent: true,
    fallbackMessage: form.successMessage,
  });
  return { ...form, logic };
}

/** Questions a template asks (its fields that take an answer), for the card's count. */
export function questionCount(template: Pick<GalleryTemplate, 'form'>): number {
  return template.form.fields.filter(
    (f) => !['statement', 'page_break', 'image', 'hidden', 'calculated'].includes(f.type),
  ).length;
}

function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/**
 * Templates matching every word of `query` in their title, summary, description, category or a
 * field's label, in their given order; an empty query matches all.
 */
export function searchTemplates<T extends GalleryTemplate>(templates: readonly T[], query: string): T[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...templates];
  return templates.filter((template) => {
    const haystack = fold(
      [
        template.title,
        template.summary,
        template.category ?? '',
        template.form.description,
        ...template.form.fields.map((f) => f.label),
      ].join('\n'),
    );
    return words.every((word) => haystack.includes(word));
  });
}
