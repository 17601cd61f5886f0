import type { FormField } from '../forms/field.ts';
import { EMPTY_LOGIC, type FormLogic, type LogicCondition, type LogicRule } from './definition.ts';
import { questionRuleId } from './field-rules.ts';
import { logicFieldsOf } from './form-fields.ts';
import { runForm } from './run.ts';

/** For tests: a question's own rule, showing (or hiding) it when the conditions on answers hold. */
export function ownRule(
  fieldId: string,
  action: 'show' | 'hide',
  match: 'all' | 'any',
  conditions: Omit<LogicCondition, 'source'>[],
): LogicRule {
  return {
    id: questionRuleId(fieldId),
    match,
    conditions: conditions.map((c) => ({ source: 'field', ...c })),
    actions: [{ type: action, field: fieldId }],
  };
}

/** For tests: the questions the form's logic shows for these answers, by id in order. */
export function shownIds(
  fields: readonly FormField[],
  logic: FormLogic | LogicRule[],
  answers: Record<string, unknown>,
): string[] {
  const whole = Array.isArray(logic) ? { ...EMPTY_LOGIC, rules: logic } : logic;
  const run = runForm(logicFieldsOf(fields), whole, answers);
  return fields.filter((f) => run.visible.has(f.id)).map((f) => f.id);
}
