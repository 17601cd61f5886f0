import type { FormField } from '@formsmith/core/forms/field';
import { foldText } from '../generator/text-utils.ts';

// Words that name a field by its kind rather than its label: 'the rating', 'the email'.
const TYPE_WORDS: [RegExp, FormField['type'][]][] = [
  [/\b(?:rating|scale|score|slider|stars?)\b/, ['range']],
  [/\be-?mail\b/, ['email']],
  [/\b(?:phone|mobile|telephone)\b/, ['phone']],
  [/\bdate\b/, ['date']],
  [/\btime\b/, ['time']],
  [/\b(?:upload|file|attachment)\b/, ['file']],
  [/\b(?:website|link|url)\b/, ['url']],
  [/\b(?:consent|agreement|terms)\b/, ['checkbox']],
];

const FILLER = /^(?:the|a|an|my|our|your)\s+|\s+(?:field|question|box|input)s?$/g;

/** The words of a reference, without articles or 'field': 'the email field' → 'email'. */
export function referenceWords(reference: string): string {
  return foldText(reference)
    .replace(/["'“”‘’.]/g, '')
    .replace(FILLER, '')
    .replace(FILLER, '')
    .trim();
}

/** The field a phrase refers to: by its label first, then by the kind of field it names. */
export function findField(reference: string, fields: FormField[]): FormField | undefined {
  const words = referenceWords(reference);
  if (!words) return undefined;
  const byLabel =
    fields.find((field) => foldText(field.label) === words) ??
    fields.find((field) => foldText(field.label).includes(words)) ??
    fields.find((field) => {
      const label = foldText(field.label).replace(/[?.!:]/g, '');
      return label.length > 2 && words.includes(label);
    });
  if (byLabel) return byLabel;
  for (const [pattern, types] of TYPE_WORDS) {
    if (pattern.test(words)) return fields.find((field) => types.includes(field.type));
  }
  return undefined;
}
