import type { ValidationMessages } from '@formsmith/core/fields/validate';
import type { FormField } from '@formsmith/core/forms/field';
import type { FieldValues } from '../../../components/form-renderer/values.ts';
import { answerOf } from './answers.ts';

type ValidateFieldValue = (field: FormField, value: unknown, messages?: ValidationMessages) => string | null;

let loaded: ValidateFieldValue | null = null;
let loading: Promise<ValidateFieldValue | null> | null = null;

/**
 * Core's validator, loaded after the form shows: it carries re2js (linear-time patterns, ~45 KB
 * gzip), which would otherwise double the page's JavaScript. The server validates regardless.
 */
export function loadValidator(): Promise<ValidateFieldValue | null> {
  loading ??= import('@formsmith/core/fields/validate')
    .then((m) => {
      loaded = m.validateFieldValue;
      return loaded;
    })
    .catch(() => {
      loading = null;
      return null;
    });
  return loading;
}

/** The validator when already loaded, else null (the field is then checked on submit). */
export function currentValidator(): ValidateFieldValue | null {
  return loaded;
}

/** Messages of a screen's fields that `which` picks, in the page's language (by core's validator once loaded, or the one given). */
export function errorsFor(
  fields: FormField[],
  values: FieldValues,
  which: (id: string) => boolean,
  messages?: ValidationMessages,
  validate: ValidateFieldValue | null = currentValidator(),
) {
  const errors: Record<string, string> = {};
  if (!validate) return errors;
  for (const field of fields) {
    if (field.isReadOnly || field.type === 'calculated' || !which(field.id)) continue;
    const error = validate(field, answerOf(field, values), messages);
    if (error) errors[field.id] = error;
  }
  return errors;
}
