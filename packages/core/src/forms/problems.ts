import * as z from 'zod/mini';
import { labelError } from '../fields/editor-rules.ts';
import { checkPattern } from '../fields/pattern.ts';
import {
  foreignPictureMessage,
  missingAltMessage,
  optionsMissingAlt,
  optionsWithForeignPicture,
} from '../fields/picture-choice.ts';
import { checkLogic } from '../logic/check.ts';
import type { FormLogic } from '../logic/definition.ts';
import { logicFieldsOf } from '../logic/form-fields.ts';
import { logicLimitProblems } from '../logic/limits.ts';
import { PAGE_BREAK_TYPE } from '../logic/run.ts';
import { type FormField, rulesOf } from './field.ts';

/**
 * Something in a form that keeps it from being published. A draft is saved with its problems
 * (nothing the owner typed is refused); publishing refuses while there are any.
 */
export type FormProblem = {
  /** Where it is: `fields.<i>.<property>` (wire names), `logic.rules.<i>…`, or `fields` for the form. */
  path: string;
  /** The field it concerns (the one at the path, or the question a rule acts on or reads), or null. */
  fieldId: string | null;
  /** That field's label as the owner wrote it, or null. */
  label: string | null;
  /** The rule it concerns, for a problem of the logic. */
  ruleId: string | null;
  message: string;
};

export const NO_FIELDS_MESSAGE = 'Add at least one field before publishing.';

/** The problems of one field's own settings: its label and its rules. */
function fieldProblems(field: FormField, index: number): Omit<FormProblem, 'fieldId' | 'label' | 'ruleId'>[] {
  const problems: Omit<FormProblem, 'fieldId' | 'label' | 'ruleId'>[] = [];
  const at = (property: string) => `fields.${index}.${property}`;
  // A page's title is optional; questions need a label.
  const label = field.type === PAGE_BREAK_TYPE ? null : labelError(field.label);
  if (label) problems.push({ path: at('label'), message: label });
  const { minLength, maxLength, min, max, pattern } = rulesOf(field);
  if (minLength !== undefined && maxLength !== undefined && minLength > maxLength)
    problems.push({
      path: at('min_length'),
      message: 'Minimum length cannot be greater than maximum length',
    });
  if (min !== undefined && max !== undefined && min > max)
    problems.push({ path: at('min'), message: 'Minimum value cannot be greater than maximum value' });
  const patternError = pattern ? checkPattern(pattern) : null;
  if (patternError) problems.push({ path: at('pattern'), message: patternError });
  if (field.type === 'picture_choice') {
    const optionAt = (option: (typeof field.options)[number], property: string) =>
      at(`options.${field.options.indexOf(option)}.${property}`);
    for (const option of optionsWithForeignPicture(field))
      problems.push({ path: optionAt(option, 'image'), message: foreignPictureMessage(option) });
    for (const option of optionsMissingAlt(field))
      problems.push({ path: optionAt(option, 'alt'), message: missingAltMessage(option) });
  }
  return problems;
}

/** The field a logic problem's path is about: the field at `fields.<i>`, or what its rule acts on or reads. */
function fieldOfPath(path: string, fields: readonly FormField[], logic: FormLogic): FormField | undefined {
  const byId = (id: string | undefined) => fields.find((f) => f.id === id);
  const field = /^fields\.(\d+)(?:\.|$)/.exec(path)?.[1];
  if (field !== undefined) return fields[Number(field)];
  const match = /^logic\.rules\.(\d+)(?:\.(actions|conditions)\.(\d+))?/.exec(path);
  const rule = match ? logic.rules[Number(match[1])] : undefined;
  if (!rule || !match) return undefined;
  if (match[2] === 'conditions') return byId(rule.conditions[Number(match[3])]?.ref);
  const action = match[2] === 'actions' ? rule.actions[Number(match[3])] : undefined;
  if (action) return 'field' in action ? byId(action.field) : undefined;
  const targets = rule.actions.flatMap((a) => ('field' in a ? [a.field] : []));
  return targets.map(byId).find((f) => f !== undefined);
}

/**
 * Everything that keeps a form from being published, each named by where it is and the field it
 * concerns: no fields, questions without a proper label, rules the wrong way round or patterns
 * that do not compile, and the logic's problems (logic/check.ts: calculations that do not parse,
 * rules pointing at what does not exist, loops). The editor lists these as the owner works and
 * the server refuses to publish while there are any; a draft is saved with them.
 */
export function formProblems(form: { fields: readonly FormField[]; logic: FormLogic }): FormProblem[] {
  const { fields, logic } = form;
  if (fields.length === 0)
    return [{ path: 'fields', fieldId: null, label: null, ruleId: null, message: NO_FIELDS_MESSAGE }];
  const problems: FormProblem[] = fields.flatMap((field, index) =>
    fieldProblems(field, index).map((p) => ({ ...p, fieldId: field.id, label: field.label, ruleId: null })),
  );
  // The logic's soundness, then the work it may ask of the server per submission.
  for (const problem of [...checkLogic(logicFieldsOf(fields), logic), ...logicLimitProblems(fields, logic)]) {
    const field = fieldOfPath(problem.path, fields, logic);
    const rule = /^logic\.rules\.(\d+)/.exec(problem.path)?.[1];
    problems.push({
      ...problem,
      fieldId: field?.id ?? null,
      label: field?.label ?? null,
      ruleId: rule === undefined ? null : (logic.rules[Number(rule)]?.id ?? null),
    });
  }
  return problems;
}

/** A problem as the API names it in publish's refusal (422, beside `fields` by path). */
export const wireProblemSchema = z.object({
  path: z.string(),
  field_id: z.nullable(z.string()),
  label: z.nullable(z.string()),
  rule_id: z.nullable(z.string()),
  message: z.string(),
});
export type WireProblem = z.infer<typeof wireProblemSchema>;

export function toWireProblem(problem: FormProblem): WireProblem {
  return {
    path: problem.path,
    field_id: problem.fieldId,
    label: problem.label,
    rule_id: problem.ruleId,
    message: problem.message,
  };
}
