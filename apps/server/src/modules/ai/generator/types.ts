// The generator's own shapes; field types come from the shared field model.
import type { FieldType } from '@formsmith/core/fields/types';

export type { FieldType };

export type Language = 'en' | 'es' | 'fr' | 'de';

export type GeneratedOption = { label: string; value: string };

export type ValidationRules = {
  required: boolean;
  min?: number;
  max?: number;
  step?: number;
  options?: GeneratedOption[];
};

/** A field in the snake_case wire shape the API returns and the editor loads. */
export type GeneratedField = {
  label: string;
  type: FieldType;
  field_type: FieldType;
  required: boolean;
  is_required: boolean;
  placeholder?: string;
  help_text?: string;
  options?: GeneratedOption[];
  min?: number;
  max?: number;
  validation_rules: ValidationRules;
};

export type GeneratedForm = {
  title: string;
  description: string;
  fields: GeneratedField[];
};

/** A field as the parser understands it, before it is put in wire shape. */
export type FieldDraft = {
  label: string;
  type: FieldType;
  required: boolean;
  options?: string[];
  min?: number;
  max?: number;
  step?: number;
  placeholder?: string;
  helpText?: string;
};
