// The generator's own shapes; fields are core's canonical fields.
import type { FieldType, FieldValidation, FormField } from '@formsmith/core/forms/field';
import type { FormLogic } from '@formsmith/core/logic/definition';

export type { FieldType };

/** The description languages the generator reads and writes. */
export const LANGUAGES = ['en', 'es', 'fr', 'de', 'pt', 'it', 'nl'] as const;
export type Language = (typeof LANGUAGES)[number];

/** What the generator builds: a form of canonical fields, and the rules that show its follow-ups. */
export type GeneratedForm = { title: string; description: string; fields: FormField[]; logic: FormLogic };

/**
 * A question asked only after an answer to the one before it ('if yes, ask …', 'if no, ask why'):
 * the answer (yes, no or an option's label) and whether it asks for the reason.
 */
export type FollowUp = {
  answer: 'yes' | 'no' | { option: string };
  why?: boolean;
  /** The question's label as written by the generator ('Why not?', 'Please specify'). */
  label?: string;
};

/** A field as the parser understands it (options as plain labels), before it becomes a field. */
export type FieldDraft = Pick<FormField, 'label' | 'type' | 'placeholder' | 'helpText'> &
  Pick<FieldValidation, 'min' | 'max' | 'step'> & {
    required: boolean;
    options?: string[];
    /** An NPS scale's words under its ends. */
    lowLabel?: string;
    highLabel?: string;
    /** A matrix's columns (its rows are the options). */
    columns?: string[];
    /** A star rating's count of stars, and whether half stars may be given. */
    stars?: number;
    halfStars?: boolean;
    /** A picture choice that takes several picks. */
    multiple?: boolean;
    /** How many files a file field takes, when the request says several. */
    maxFiles?: number;
    followUp?: FollowUp;
  };
