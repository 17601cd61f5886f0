// The generator's own shapes; fields are core's canonical fields.
import type { FieldType, FieldValidation, FormField } from '@formsmith/core/forms/field';

export type { FieldType };

/** The description languages the generator reads and writes. */
export const LANGUAGES = ['en', 'es', 'fr', 'de', 'pt', 'it', 'nl'] as const;
export type Language = (typeof LANGUAGES)[number];

/** What the generator builds: a form of canonical fields. */
export type GeneratedForm = { title: string; description: string; fields: FormField[] };

/** A field as the parser understands it (options as plain labels), before it becomes a field. */
export type FieldDraft = Pick<FormField, 'label' | 'type' | 'placeholder' | 'helpText'> &
  Pick<FieldValidation, 'min' | 'max' | 'step'> & { required: boolean; options?: string[] };
