// The form field, defined once. Written against zod/mini so the public form page, which parses
// forms with these schemas, stays small.
import * as z from 'zod/mini';
import { ADDRESS_PARTS, type CHOICE_TYPES, CONDITION_OPERATORS, FIELD_TYPES } from '../fields/constants.ts';

export const fieldTypeSchema = z.enum(FIELD_TYPES);
export type FieldType = z.infer<typeof fieldTypeSchema>;

export const optionSchema = z.object({
  id: z.string(),
  label: z.string(),
  value: z.string(),
  /** Quiz points the option earns when picked (negative for a penalty). */
  points: z.optional(z.number()),
  /** Whether the option is a correct answer of the quiz. */
  correct: z.optional(z.boolean()),
});
export type FieldOption = z.infer<typeof optionSchema>;

/**
 * A picture choice's option: `image` is where the instance serves the picture the owner uploaded
 * for it (a path under the form, see fields/picture-choice.ts), `alt` its text for people who
 * cannot see it (publishing needs one for every picture).
 */
export const pictureOptionSchema = z.extend(optionSchema, {
  image: z.optional(z.string()),
  alt: z.optional(z.string()),
});
export type PictureOption = z.infer<typeof pictureOptionSchema>;

export const conditionSchema = z.object({
  fieldId: z.string(),
  operator: z.enum(CONDITION_OPERATORS),
  value: z.optional(z.string()),
});
export type Condition = z.infer<typeof conditionSchema>;

/** Show or hide this field when all (or any) of the conditions hold. */
export const conditionalLogicSchema = z.object({
  action: z.enum(['show', 'hide']),
  match: z.enum(['all', 'any']),
  conditions: z.array(conditionSchema),
});
export type ConditionalLogic = z.infer<typeof conditionalLogicSchema>;

/**
 * Whether the field takes its value from a URL parameter (`?ref=…`), named by `param` or else the
 * field's id. Hidden fields always do; a visible field only where the owner allows it.
 */
export const prefillSchema = z.object({ fromUrl: z.boolean(), param: z.optional(z.string()) });
export type Prefill = z.infer<typeof prefillSchema>;

/** What every field has, whatever its type. */
const fieldBase = {
  id: z.string(),
  label: z.string(),
  placeholder: z.optional(z.string()),
  helpText: z.optional(z.string()),
  defaultValue: z.optional(z.string()),
  isHidden: z.optional(z.boolean()),
  isReadOnly: z.optional(z.boolean()),
  parentId: z.optional(z.nullable(z.string())),
  conditionalLogic: z.optional(z.nullable(conditionalLogicSchema)),
  prefill: z.optional(prefillSchema),
  position: z.number(),
};

const required = { required: z.boolean() };
const plainRulesSchema = z.object(required);
/** Typed answers: length bounds, and a pattern with its own message. */
const textRulesSchema = z.object({
  ...required,
  minLength: z.optional(z.number()),
  maxLength: z.optional(z.number()),
  pattern: z.optional(z.string()),
  customError: z.optional(z.string()),
});
const numberRulesSchema = z.object({
  ...required,
  min: z.optional(z.number()),
  max: z.optional(z.number()),
  step: z.optional(z.number()),
});
/**
 * A date range's rules: the earliest start and latest end (YYYY-MM-DD), and how many days the
 * range spans at least and at most (the days from the start to the end: 1 to 4 May is 3).
 */
const dateRangeRulesSchema = z.object({
  ...required,
  minDate: z.optional(z.string()),
  maxDate: z.optional(z.string()),
  minDays: z.optional(z.number()),
  maxDays: z.optional(z.number()),
});
/**
 * File fields: accepted MIME types or extensions, the size limit of each file in bytes, and, for
 * a field that takes several files (fields/files.ts), how many at most and their total size.
 */
const fileRulesSchema = z.object({
  ...required,
  accept: z.optional(z.array(z.string())),
  maxFileSize: z.optional(z.number()),
  maxFiles: z.optional(z.number()),
  maxTotalSize: z.optional(z.number()),
});

const member = <T extends FieldType, R extends z.ZodMiniObject>(type: T, validation: R) =>
  z.object({ ...fieldBase, type: z.literal(type), validation });
const choiceField = <T extends (typeof CHOICE_TYPES)[number]>(type: T) =>
  z.object({
    ...fieldBase,
    type: z.literal(type),
    validation: plainRulesSchema,
    options: z.array(optionSchema),
    /** An 'Other, please specify' choice after the options, with a text box (fields/other.ts). */
    allowOther: z.optional(z.boolean()),
  });

/** The words under the two ends of a scale (see hasEndLabels). */
const endLabels = { lowLabel: z.optional(z.string()), highLabel: z.optional(z.string()) };

/**
 * A form field: one member per type, each with only its own properties and rules. This is the
 * editor's and the renderer's field, the stored JSONB and (through wire.ts) the API's.
 */
export const fieldSchema = z.discriminatedUnion('type', [
  member('text', textRulesSchema),
  member('textarea', textRulesSchema),
  member('email', textRulesSchema),
  /** An international number; the country picker starts at `defaultCountry` (ISO 3166 alpha-2), if any. */
  z.object({
    ...fieldBase,
    type: z.literal('phone'),
    validation: textRulesSchema,
    defaultCountry: z.optional(z.string()),
  }),
  /**
   * A postal address (fields/address.ts): the answer is an object of parts. `parts` are those
   * shown (none: all), `requiredParts` those a respondent fills (none: line 1, city, postal code
   * and country), `defaultCountry` where the picker starts (ISO 3166 alpha-2).
   */
  z.object({
    ...fieldBase,
    type: z.literal('address'),
    validation: plainRulesSchema,
    parts: z.optional(z.array(z.enum(ADDRESS_PARTS))),
    requiredParts: z.optional(z.array(z.enum(ADDRESS_PARTS))),
    defaultCountry: z.optional(z.string()),
  }),
  member('password', textRulesSchema),
  member('url', textRulesSchema),
  member('number', numberRulesSchema),
  /** A slider from min to max in steps; its two ends may carry words ('Cold', 'Hot'). */
  z.object({
    ...fieldBase,
    type: z.literal('range'),
    validation: numberRulesSchema,
    ...endLabels,
  }),
  choiceField('checkbox'),
  choiceField('radio'),
  choiceField('select'),
  member('date', plainRulesSchema),
  /**
   * A start and an end date (fields/date-range.ts): the answer is { start, end }, both
   * YYYY-MM-DD. `startLabel` and `endLabel` name the two inputs (none: the page's words).
   */
  z.object({
    ...fieldBase,
    type: z.literal('date_range'),
    validation: dateRangeRulesSchema,
    startLabel: z.optional(z.string()),
    endLabel: z.optional(z.string()),
  }),
  member('time', plainRulesSchema),
  member('color', plainRulesSchema),
  member('hidden', plainRulesSchema),
  member('file', fileRulesSchema),
  /** A 0 to 10 scale whose ends may carry words ('Not likely', 'Very likely'). */
  z.object({
    ...fieldBase,
    type: z.literal('nps'),
    validation: plainRulesSchema,
    ...endLabels,
  }),
  member('yes_no', plainRulesSchema),
  /**
   * A grid of rows (the questions) and columns (the answers every row offers). The answer is an
   * object keyed by row value: one column value per row, or a list of them when `multiple`.
   */
  z.object({
    ...fieldBase,
    type: z.literal('matrix'),
    validation: plainRulesSchema,
    rows: z.array(optionSchema),
    columns: z.array(optionSchema),
    /** Several columns per row (checkboxes) rather than one (radios). */
    multiple: z.optional(z.boolean()),
  }),
  /** Stars; the answer is the number of stars picked (a half when `halfStars`). */
  z.object({
    ...fieldBase,
    type: z.literal('rating'),
    validation: plainRulesSchema,
    /** How many stars (1 to 10); none: 5. */
    stars: z.optional(z.number()),
    halfStars: z.optional(z.boolean()),
  }),
  /** The options put in order; the answer is the list of option values, first ranked first. */
  z.object({
    ...fieldBase,
    type: z.literal('ranking'),
    validation: plainRulesSchema,
    options: z.array(optionSchema),
    /** Rank only the top N of the options; none: all of them. */
    rankTop: z.optional(z.number()),
  }),
  /**
   * Options shown as pictures; the answer is the picked option's value, or the list of them when
   * `multiple` (fields/picture-choice.ts).
   */
  z.object({
    ...fieldBase,
    type: z.literal('picture_choice'),
    validation: plainRulesSchema,
    options: z.array(pictureOptionSchema),
    /** Several options may be picked (checkboxes) rather than one (radios). */
    multiple: z.optional(z.boolean()),
  }),
  /** A signature: drawn or typed, kept as a PNG upload with how and when it was signed (fields/signature.ts). */
  member('signature', plainRulesSchema),
  /** A heading (the label) and its text (the help text); it takes no answer (the door keeps it unrequired). */
  member('statement', plainRulesSchema),
  /** Image fields show a picture. */
  z.object({
    ...fieldBase,
    type: z.literal('image'),
    validation: plainRulesSchema,
    imageUrl: z.optional(z.string()),
  }),
  /** Calculated fields: the value of an expression over answers and variables, recomputed by the server. */
  z.object({
    ...fieldBase,
    type: z.literal('calculated'),
    validation: plainRulesSchema,
    expression: z.string(),
    /** Whether respondents see the result as they fill the form. */
    showResult: z.optional(z.boolean()),
  }),
  member('page_break', plainRulesSchema),
]);
export type FormField = z.infer<typeof fieldSchema>;

/** The member of the union for one type (or several). */
export type FieldOf<T extends FieldType> = Extract<FormField, { type: T }>;
export type ChoiceField = FieldOf<(typeof CHOICE_TYPES)[number]>;

/** Every rule some type carries, all optional: what code that reads any field's rules sees. */
export type FieldValidation = Partial<
  z.infer<typeof textRulesSchema> &
    z.infer<typeof numberRulesSchema> &
    z.infer<typeof fileRulesSchema> &
    z.infer<typeof dateRangeRulesSchema>
>;

/** The types whose two ends may carry words: the 0 to 10 scale and the slider. */
export function hasEndLabels(field: FormField): field is FieldOf<'nps' | 'range'> {
  return field.type === 'nps' || field.type === 'range';
}

// Fails to compile when FIELD_TYPES and the union's members drift apart.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const everyTypeHasAMember: Same<FormField['type'], FieldType> = true;
void everyTypeHasAMember;

/** A field's rules, read without knowing its type. */
export function rulesOf(field: FormField): FieldValidation {
  return field.validation;
}

/** The options of a choice field; undefined for other types. */
export function optionsOf(field: FormField): FieldOption[] | undefined {
  return 'options' in field ? field.options : undefined;
}

/** Any change the editor makes to a field (its type and id stay). */
export type FieldPatch = Partial<Omit<FieldOf<'text'>, 'id' | 'type' | 'validation'>> & {
  validation?: FieldValidation;
  /** Options; a picture choice's carry their picture and its alt text. */
  options?: PictureOption[];
  allowOther?: boolean;
  imageUrl?: string;
  lowLabel?: string;
  highLabel?: string;
  expression?: string;
  showResult?: boolean;
  rows?: FieldOption[];
  columns?: FieldOption[];
  multiple?: boolean;
  stars?: number;
  halfStars?: boolean;
  rankTop?: number;
  defaultCountry?: string;
  parts?: (typeof ADDRESS_PARTS)[number][];
  requiredParts?: (typeof ADDRESS_PARTS)[number][];
  startLabel?: string;
  endLabel?: string;
};

/**
 * The field with the patch applied (a patch's validation replaces the rules whole, so a rule can
 * be unset); properties its type does not carry are dropped.
 */
export function patchField(field: FormField, patch: FieldPatch): FormField {
  const validation = { required: field.validation.required, ...(patch.validation ?? field.validation) };
  return fieldSchema.parse({ ...field, ...patch, validation });
}
