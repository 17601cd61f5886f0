// A change to a form proposed from an instruction ('add a phone field after email'): a list of
// operations that can say whatever the editor can do, checked against the form and applied by
// applyEditPatch, the one function the editor, the server and the tests use.
import * as z from 'zod/mini';
import { PATTERN_NAMES } from '../fields/named-patterns.ts';
import type { Translations } from '../i18n/texts.ts';
import { type FormLogic, LOGIC_OPERATORS, type LogicAction } from '../logic/definition.ts';
import { type FormField, fieldTypeSchema } from './field.ts';

const optionalText = z.optional(z.string());
const label = z.string().check(z.minLength(1), z.maxLength(500));
const id = z.string().check(z.minLength(1), z.maxLength(100));
const count = z.number().check(z.int(), z.minimum(0));
/** A bound to set, or null to clear it. */
const bound = z.optional(z.nullable(z.number()));
const countBound = z.optional(z.nullable(count));

export const patternNameSchema = z.enum(PATTERN_NAMES);

/** A question to add, in the few words a person (or a model) would use. */
export const newFieldSchema = z.object({
  /** The new field's id, so later operations of the same patch can name it; a fresh one when left out. */
  id: z.optional(id),
  /** For a page break, the title of the page it starts. */
  label,
  type: fieldTypeSchema,
  required: z.boolean(),
  /** Choice fields: the options' labels in order. */
  options: z.optional(z.array(label)),
  min: z.optional(z.number()),
  max: z.optional(z.number()),
  minLength: z.optional(count),
  maxLength: z.optional(count),
  pattern: z.optional(patternNameSchema),
  /** File fields: accepted extensions ('.pdf') or MIME types ('image/*'). */
  accept: z.optional(z.array(z.string())),
  /** File fields: the largest file in bytes. */
  maxFileSize: z.optional(count),
  /** File fields: how many files at most (more than 1 makes the answer a list) and their total bytes. */
  maxFiles: z.optional(count),
  maxTotalSize: z.optional(count),
  /** Star ratings: how many stars (1 to 10; 5 when left out) and whether half stars can be picked. */
  stars: z.optional(z.number()),
  halfStars: z.optional(z.boolean()),
  placeholder: optionalText,
  helpText: optionalText,
  /** Calculated fields: the expression, naming answers by field id. */
  expression: optionalText,
});
export type NewField = z.infer<typeof newFieldSchema>;

/** What may change on an existing field; null clears a rule. */
export const fieldChangesSchema = z.object({
  label: z.optional(label),
  /** A new type; choice fields keep their options unless `options` is given. */
  type: z.optional(fieldTypeSchema),
  required: z.optional(z.boolean()),
  /** Every option label, in order (options that keep their label keep their id and value). */
  options: z.optional(z.array(label)),
  min: bound,
  max: bound,
  minLength: countBound,
  maxLength: countBound,
  pattern: z.optional(z.nullable(patternNameSchema)),
  accept: z.optional(z.nullable(z.array(z.string()))),
  maxFileSize: countBound,
  maxFiles: countBound,
  maxTotalSize: countBound,
  /** Star ratings: how many stars (1 to 10; null goes back to 5) and whether half stars can be picked. */
  stars: bound,
  halfStars: z.optional(z.boolean()),
  /** Empty text removes the placeholder or help text. */
  placeholder: optionalText,
  helpText: optionalText,
  expression: optionalText,
});
export type FieldChanges = z.infer<typeof fieldChangesSchema>;

/** A condition of a new rule: an answer (by field id) compared with a value (an option's value). */
export const ruleConditionSchema = z.object({
  field: id,
  operator: z.enum(LOGIC_OPERATORS),
  value: z.optional(z.string().check(z.maxLength(1000))),
});
export type RuleCondition = z.infer<typeof ruleConditionSchema>;

/** What a rule of an edit can do: show, hide or require a field, jump to a page, end the form. */
export const ruleActionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('show'), field: id }),
  z.object({ type: z.literal('hide'), field: id }),
  z.object({ type: z.literal('require'), field: id }),
  /** Leaving the rule's page, go to this page (a page break's id) instead of the next one. */
  z.object({ type: z.literal('jump'), page: id }),
  /** Leaving the rule's page, finish the form with this ending. */
  z.object({ type: z.literal('end'), ending: id }),
]);
export type RuleAction = z.infer<typeof ruleActionSchema>;
// Fails to compile when a rule action of an edit is not one the logic engine runs.
const runsAsLogic = (action: RuleAction): LogicAction => action;
void runsAsLogic;

export const newRuleSchema = z.object({
  id: z.optional(id),
  name: z.optional(z.string().check(z.maxLength(200))),
  match: z._default(z.enum(['all', 'any']), 'all'),
  conditions: z.array(ruleConditionSchema).check(z.maxLength(50)),
  actions: z.array(ruleActionSchema).check(z.minLength(1), z.maxLength(50)),
  /** The page whose exit runs a jump or an end; when left out, the page of its last condition. */
  page: z.optional(id),
});
export type NewRule = z.infer<typeof newRuleSchema>;

const newEndingSchema = z.object({
  id: z.optional(id),
  title: z.string().check(z.maxLength(200)),
  message: z.string().check(z.maxLength(5000)),
});

/** `after`: the id of the field it follows; null puts it first; left out, it goes last. */
export const editOperationSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('add_field'), field: newFieldSchema, after: z.optional(z.nullable(id)) }),
  z.object({ op: z.literal('update_field'), id, changes: fieldChangesSchema }),
  z.object({ op: z.literal('remove_field'), id }),
  z.object({ op: z.literal('move_field'), id, after: z.nullable(id) }),
  /** Options added to a choice field, after the option labelled `after` (null: first; left out: last). */
  z.object({
    op: z.literal('add_options'),
    id,
    options: z.array(label).check(z.minLength(1)),
    after: z.optional(z.nullable(label)),
  }),
  z.object({ op: z.literal('remove_options'), id, options: z.array(label).check(z.minLength(1)) }),
  /** The option keeps its stored value, so answers given before still count as it. */
  z.object({ op: z.literal('rename_option'), id, from: label, to: label }),
  /** Every option label of the field, in the new order. */
  z.object({ op: z.literal('reorder_options'), id, options: z.array(label).check(z.minLength(1)) }),
  z.object({ op: z.literal('add_rule'), rule: newRuleSchema }),
  z.object({ op: z.literal('remove_rule'), id }),
  z.object({ op: z.literal('add_ending'), ending: newEndingSchema }),
  z.object({
    op: z.literal('update_ending'),
    id,
    title: z.optional(z.string().check(z.maxLength(200))),
    message: z.optional(z.string().check(z.maxLength(5000))),
  }),
  z.object({ op: z.literal('remove_ending'), id }),
  /** A field's label in another of the form's languages (an empty text removes the translation). */
  z.object({
    op: z.literal('translate_label'),
    id,
    language: z.string().check(z.minLength(2), z.maxLength(35)),
    text: z.string().check(z.maxLength(500)),
  }),
  z.object({ op: z.literal('update_form'), title: optionalText, description: optionalText }),
]);
export type EditOperation = z.infer<typeof editOperationSchema>;

/** A proposed change: what it does in one sentence, and its operations (none when nothing needs to change). */
export const editPatchSchema = z.object({
  summary: z.string(),
  operations: z.array(editOperationSchema).check(z.maxLength(500)),
});
export type EditPatch = z.infer<typeof editPatchSchema>;

/** The part of a form an edit reads and changes. */
export type EditableForm = {
  title: string;
  description: string;
  fields: FormField[];
  logic: FormLogic;
  /** The default language: the language of the labels themselves. */
  language: string;
  translations: Translations;
};

/** A patch that does not fit the form it was made for; the message says what does not fit. */
export class EditPatchError extends Error {}
