import { answerChoices } from '@formsmith/core/fields/options';
import type { FormField } from '@formsmith/core/forms/field';
import type { FormLogic, LogicCondition, LogicRule } from '@formsmith/core/logic/definition';
import { SCORE_NAME } from '@formsmith/core/logic/run';
import { OPERATOR_NAMES } from './operators.ts';

function describeCondition(c: LogicCondition, fields: readonly FormField[], logic: FormLogic): string {
  const field = c.source === 'field' ? fields.find((f) => f.id === c.ref) : undefined;
  const subject =
    c.source === 'variable'
      ? c.ref === SCORE_NAME
        ? 'the score'
        : (logic.variables.find((v) => v.id === c.ref)?.name ?? 'a missing variable')
      : (field?.label ?? 'a missing question');
  const option = field ? answerChoices(field)?.find((o) => o.value === c.value) : undefined;
  const value = c.value === undefined ? '' : ` ${option?.label ?? c.value}`;
  return `${subject} ${OPERATOR_NAMES[c.operator]}${value}`;
}

/** A rule's conditions in words: "Age is less than 18 and Country equals France", or "always". */
export function describeConditions(rule: LogicRule, fields: readonly FormField[], logic: FormLogic): string {
  if (rule.conditions.length === 0) return 'always';
  return rule.conditions
    .map((c) => describeCondition(c, fields, logic))
    .join(rule.match === 'all' ? ' and ' : ' or ');
}
