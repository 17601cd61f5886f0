import * as z from 'zod/mini';
import { LIMITS } from '../limits.ts';
import { languageTagSchema } from './language-fields.ts';

/** Texts one 'Translate with AI' request may carry (a large form's every text fits). */
export const TRANSLATE_MAX_TEXTS = 2000;

const NO_TEXTS = 'There is nothing to translate: every text of this language is already translated.';
const TOO_MANY = `Please translate at most ${TRANSLATE_MAX_TEXTS} texts at a time.`;
const TOO_LONG = `A text to translate is longer than ${LIMITS.descriptionMaxLength} characters.`;

/**
 * POST /api/forms/:id/translate: the texts (by key) of the form as the editor holds it now, in
 * the language `from`, to be translated into `to` for the owner to review.
 */
export const translateBodySchema = z.object({
  from: languageTagSchema,
  to: languageTagSchema,
  texts: z
    .record(
      z.string().check(z.minLength(1), z.maxLength(300)),
      z.string().check(z.maxLength(LIMITS.descriptionMaxLength, TOO_LONG)),
    )
    .check(
      z.refine((texts) => Object.keys(texts).length > 0, NO_TEXTS),
      z.refine((texts) => Object.keys(texts).length <= TRANSLATE_MAX_TEXTS, TOO_MANY),
    ),
});
export type TranslateBody = z.input<typeof translateBodySchema>;

/** The proposed translations by key (only keys that were asked for) and the model that wrote them. */
export const translationProposalSchema = z.object({
  language: z.string(),
  translations: z.record(z.string(), z.string()),
  model: z.string(),
});
export type TranslationProposal = z.infer<typeof translationProposalSchema>;
