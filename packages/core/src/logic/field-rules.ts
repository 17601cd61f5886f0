import type { ConditionalLogic } from '../forms/field.ts';
import type { FormLogic, LogicCondition, LogicOperator, LogicRule } from './definition.ts';

/**
 * Questions once carried their own "show (or hide) this question when…" conditions beside the
 * form's rules. A form is read in with those conditions turned into rules of its logic, so that
 * one engine (run.ts) and one list of operators decide what is shown. The rule shows or hides the
 * question exactly when its conditions did:
 *
 * - a "hide when" becomes a rule that hides the question: hide rules add up the same way;
 * - a "show when" becomes a rule that shows it, unless another rule already shows the question:
 *   shows add up as "any of them", whereas the question's own condition had to hold as well, so
 *   it then becomes a rule that hides the question when the condition does not hold (each
 *   operator negated, all and any swapped), which adds up as "both"; where an operator has no
 *   opposite, each rule that shows the question shows it only with the condition added instead.
 *
 * A question's condition could read a question that comes later; a rule cannot (check.ts names
 * it, and the form is not published until the rule reads an earlier question).
 */

/** Each operator's exact opposite, where the list has one (greater and less have none: a text answer is neither). */
const NEGATED: Partial<Record<LogicOperator, LogicOperator>> = {
  equals: 'not_equals',
  not_equals: 'equals',
  contains: 'not_contains',
  not_contains: 'contains',
  is_empty: 'is_not_empty',
  is_not_empty: 'is_empty',
};

const RULE_ID_PREFIX = 'field-';

/**
 * The id of a question's own rule: the one its properties panel edits ("show this question
 * when…"), and the one a question's condition is folded into.
 */
export function questionRuleId(fieldId: string): string {
  return `${RULE_ID_PREFIX}${fieldId}`;
}

/**
 * A question's own rule and its place in the rules, when it is one the properties panel edits
 * whole: it only shows or only hides that question. Null otherwise.
 */
export function questionRuleOf(
  logic: Pick<FormLogic, 'rules'>,
  fieldId: string,
): { rule: LogicRule; index: number } | null {
  const index = logic.rules.findIndex((r) => r.id === questionRuleId(fieldId));
  const rule = logic.rules[index];
  const action = rule?.actions.length === 1 ? rule.actions[0] : undefined;
  if (!rule || !action || (action.type !== 'show' && action.type !== 'hide') || action.field !== fieldId)
    return null;
  return { rule, index };
}

function conditionOf(fieldId: string, operator: LogicOperator, value: string | undefined): LogicCondition {
  return value === undefined
    ? { source: 'field', ref: fieldId, operator }
    : { source: 'field', ref: fieldId, operator, value };
}

function uniqueId(wanted: string, taken: Set<string>): string {
  const base = wanted.slice(0, 90);
  let id = base;
  for (let n = 2; taken.has(id); n += 1) id = `${base}-${n}`;
  taken.add(id);
  return id;
}

/**
 * The rule a question's own condition becomes; `alsoShownByRules` says whether another rule of
 * the form already shows the question (see above). Null when the condition has nothing to test.
 */
export function ruleFromFieldCondition(
  fieldId: string,
  condition: ConditionalLogic,
  alsoShownByRules: boolean,
  ruleId: string = questionRuleId(fieldId),
): LogicRule | null {
  if (condition.conditions.length === 0) return null;
  const negatable = condition.conditions.every((c) => NEGATED[c.operator] !== undefined);
  if (condition.action === 'show' && alsoShownByRules && negatable) {
    return {
      id: ruleId,
      match: condition.match === 'all' ? 'any' : 'all',
      conditions: condition.conditions.map((c) =>
        conditionOf(c.fieldId, NEGATED[c.operator] as LogicOperator, c.value),
      ),
      actions: [{ type: 'hide', field: fieldId }],
    };
  }
  return {
    id: ruleId,
    match: condition.match,
    conditions: condition.conditions.map((c) => conditionOf(c.fieldId, c.operator, c.value)),
    actions: [{ type: condition.action, field: fieldId }],
  };
}

type WithCondition = { id: string; conditionalLogic?: ConditionalLogic | null | undefined };

/** The ways a rule's conditions can hold, each a list that must all hold. */
function alternatives(match: 'all' | 'any', conditions: LogicCondition[]): LogicCondition[][] {
  return match === 'all' || conditions.length <= 1 ? [conditions] : conditions.map((c) => [c]);
}

/**
 * The rules with every rule that shows `fieldId` showing it only when `condition` holds too: the
 * show moves out of each such rule into one rule per way both can hold.
 */
function showOnlyWith(
  rules: LogicRule[],
  fieldId: string,
  condition: ConditionalLogic,
  newId: () => string,
): LogicRule[] {
  const own = alternatives(
    condition.match,
    condition.conditions.map((c) => conditionOf(c.fieldId, c.operator, c.value)),
  );
  return rules.flatMap((rule) => {
    const shows = (a: LogicRule['actions'][number]) => a.type === 'show' && a.field === fieldId;
    if (!rule.actions.some(shows)) return [rule];
    const rest = rule.actions.filter((a) => !shows(a));
    const both = alternatives(rule.match, rule.conditions).flatMap((theirs) =>
      own.map(
        (ours): LogicRule => ({
          id: newId(),
          match: 'all',
          conditions: [...theirs, ...ours],
          actions: [{ type: 'show', field: fieldId }],
        }),
      ),
    );
    return rest.length > 0 ? [{ ...rule, actions: rest }, ...both] : both;
  });
}

/**
 * The form with every question's own condition moved into its logic as rules (after the rules
 * it had), and the questions carrying none. The same form when none has one.
 */
export function foldFieldConditions<F extends WithCondition>(
  fields: readonly F[],
  logic: FormLogic,
): { fields: F[]; logic: FormLogic } {
  if (!fields.some((f) => f.conditionalLogic != null)) return { fields: [...fields], logic };
  const taken = new Set(logic.rules.map((rule) => rule.id));
  let rules = logic.rules;
  const added: LogicRule[] = [];
  const plain = fields.map((field) => {
    if (field.conditionalLogic == null) return field;
    const { conditionalLogic, ...rest } = field;
    const newId = () => uniqueId(questionRuleId(field.id), taken);
    const shownByRules = rules.some((r) => r.actions.some((a) => a.type === 'show' && a.field === field.id));
    const negatable = conditionalLogic.conditions.every((c) => NEGATED[c.operator] !== undefined);
    if (
      conditionalLogic.conditions.length > 0 &&
      conditionalLogic.action === 'show' &&
      shownByRules &&
      !negatable
    ) {
      rules = showOnlyWith(rules, field.id, conditionalLogic, newId);
    } else {
      const rule = ruleFromFieldCondition(field.id, conditionalLogic, shownByRules, newId());
      if (rule) added.push(rule);
    }
    return rest as F;
  });
  return { fields: plain, logic: { ...logic, rules: [...rules, ...added] } };
}
