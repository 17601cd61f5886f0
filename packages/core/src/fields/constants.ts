/**
 * The field model's plain constants, without zod: the public form page imports these through
 * normalize.ts and must not pull the zod schemas of types.ts into its small bundle.
 */

/** The field types of the product. Order is the order used in pickers. */
export const FIELD_TYPES = [
  'text',
  'textarea',
  'checkbox',
  'radio',
  'select',
  'date',
  'email',
  'phone',
  'file',
  'image',
  'number',
  'password',
  'url',
  'range',
  'time',
  'color',
  'hidden',
  /** A value computed from answers and variables by an expression; never typed by the respondent. */
  'calculated',
  /** Not a question: starts a new page, its label is the page's title. */
  'page_break',
] as const;

/** Types whose answer is picked from options. */
export const CHOICE_TYPES = [
  'checkbox',
  'radio',
  'select',
] as const satisfies readonly (typeof FIELD_TYPES)[number][];

export const CONDITION_OPERATORS = [
  'equals',
  'not_equals',
  'contains',
  'is_empty',
  'is_not_empty',
  'greater_than',
  'less_than',
] as const;

export const ACCESS_RESTRICTIONS = ['public', 'password', 'private'] as const;

export const FORM_DEFAULTS = {
  title: 'Untitled Form',
  generatedTitle: 'Generated Form',
  submitButtonText: 'Submit',
  successMessage: 'Thank you for your submission!',
  theme: 'default',
} as const;
