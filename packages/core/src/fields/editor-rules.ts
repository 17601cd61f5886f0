import { type FieldType, type FormField, fieldSchema } from '../forms/field.ts';
import { defaultFieldLabel } from '../forms/read-field.ts';
import { newMatrixColumns, newMatrixRows } from './matrix.ts';
import { isChoiceType, newFieldOptions } from './options.ts';

export { isChoiceType, newFieldOptions } from './options.ts';

/** Which validation inputs the editor offers for a field type. */
export type ApplicableRules = {
  length: boolean;
  value: boolean;
  pattern: boolean;
  options: boolean;
};

/** The rules that apply to a type; exhaustive so a new type must be placed. */
export function applicableRules(type: FieldType): ApplicableRules {
  switch (type) {
    case 'text':
    case 'email':
    case 'password':
    case 'url':
      return { length: true, value: false, pattern: true, options: false };
    case 'textarea':
      return { length: true, value: false, pattern: false, options: false };
    case 'phone':
      return { length: false, value: false, pattern: true, options: false };
    case 'number':
    case 'range':
      return { length: false, value: true, pattern: false, options: false };
    case 'checkbox':
    case 'radio':
    case 'select':
      return { length: false, value: false, pattern: false, options: true };
    case 'date':
    case 'file':
    case 'signature':
    case 'image':
    case 'nps':
    case 'yes_no':
    case 'matrix':
    case 'address':
    case 'date_range':
    case 'rating':
    case 'ranking':
    case 'picture_choice':
    case 'statement':
    case 'time':
    case 'color':
    case 'hidden':
    case 'calculated':
    case 'page_break':
      return { length: false, value: false, pattern: false, options: false };
    default: {
      const unknown: never = type;
      return unknown;
    }
  }
}

/** Every type's name in the editor's palette, in palette order; a new type must be named here. */
const PALETTE_NAMES = {
  text: 'Text',
  textarea: 'Paragraph',
  number: 'Number',
  email: 'Email',
  phone: 'Phone',
  address: 'Address',
  url: 'Website link',
  checkbox: 'Checkbox',
  radio: 'Radio',
  select: 'Dropdown',
  date: 'Date',
  date_range: 'Date range',
  time: 'Time',
  range: 'Scale',
  nps: 'NPS (0–10)',
  yes_no: 'Yes / No',
  rating: 'Star rating',
  matrix: 'Matrix / grid',
  ranking: 'Ranking',
  picture_choice: 'Picture choice',
  statement: 'Heading / text',
  file: 'File upload',
  signature: 'Signature',
  image: 'Image',
  color: 'Colour',
  password: 'Password',
  hidden: 'Hidden value',
  calculated: 'Calculation',
  page_break: 'Page break',
} as const satisfies Record<FieldType, string>;

/** The types the editor's palette offers, in order, with their names there: all of them. */
export const PALETTE_TYPES: ReadonlyArray<{ type: FieldType; name: string }> = (
  Object.keys(PALETTE_NAMES) as FieldType[]
).map((type) => ({ type, name: PALETTE_NAMES[type] }));

/** True for labels the editor generated ('Field <n>'), which must be replaced before saving. */
export function isDefaultLabel(label: string): boolean {
  return /^Field \d+$/.test(label.trim());
}

export const LABEL_REQUIRED_MESSAGE = 'This field must have a label. Please provide one or delete the field.';
export const LABEL_DEFAULT_MESSAGE = 'Please update the label to a more descriptive title.';

/** The editor's label check: null when the label can be saved. */
export function labelError(label: string): string | null {
  if (label.trim() === '') return LABEL_REQUIRED_MESSAGE;
  if (isDefaultLabel(label)) return LABEL_DEFAULT_MESSAGE;
  return null;
}

/** A numeric validation input: only parseable numbers are kept, otherwise the value is unset. */
export function parseNumericInput(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

/** A field as the editor adds it: default label, choice fields with Option 1..3. */
export function createField(input: { type: FieldType; index: number; id: string }): FormField {
  return fieldSchema.parse({
    id: input.id,
    type: input.type,
    // A page break's label is its page's title, which respondents read: not a 'Field n' to replace.
    label: input.type === 'page_break' ? 'New page' : defaultFieldLabel(input.index),
    // A scale starts as 0 to 10, the shape people expect of one.
    validation: input.type === 'range' ? { required: false, min: 0, max: 10 } : { required: false },
    position: input.index,
    ...(isChoiceType(input.type) || input.type === 'ranking' || input.type === 'picture_choice'
      ? { options: newFieldOptions() }
      : {}),
    ...(input.type === 'matrix' ? { rows: newMatrixRows(), columns: newMatrixColumns() } : {}),
    ...(input.type === 'calculated' ? { expression: '' } : {}),
  });
}
