import type { Condition, FormField } from '../forms/field.ts';
import { operatorHolds } from '../logic/conditions.ts';
import { AnswerReads } from './answer-reads.ts';

export type Answers = Record<string, unknown>;

/**
 * Whether one condition holds for an answer: the logic engine's operators, the same meaning in
 * both. `reads` caches what is read of each answer for one evaluation (see answer-reads.ts).
 */
export function conditionHolds(condition: Condition, answer: unknown, reads?: AnswerReads): boolean {
  return operatorHolds(condition.operator, answer, condition.value, reads);
}

/**
 * Which fields conditional logic shows, by id. A controlling field that is itself hidden by logic
 * counts as empty; a reference cycle counts as empty too, so evaluation always ends.
 */
export function computeVisibility(
  fields: FormField[],
  data: Answers,
  reads: AnswerReads = new AnswerReads(),
): Map<string, boolean> {
  const byId = new Map(fields.map((field) => [field.id, field]));
  const settled = new Map<string, boolean>();

  const visit = (id: string, path: Set<string>): boolean => {
    const known = settled.get(id);
    if (known !== undefined) return known;
    const field = byId.get(id);
    if (!field) return false;
    const logic = field.conditionalLogic;
    if (!logic || logic.conditions.length === 0) {
      settled.set(id, true);
      return true;
    }
    if (path.has(id)) return false;
    path.add(id);
    const results = logic.conditions.map((condition) => {
      const shown = byId.has(condition.fieldId) && visit(condition.fieldId, path);
      return conditionHolds(condition, shown ? data[condition.fieldId] : undefined, reads);
    });
    path.delete(id);
    const matched = logic.match === 'all' ? results.every(Boolean) : results.some(Boolean);
    const visible = logic.action === 'show' ? matched : !matched;
    // Memoised even inside a cycle: results then depend on field order, which both sides share.
    settled.set(id, visible);
    return visible;
  };

  const visibility = new Map<string, boolean>();
  for (const field of fields) {
    visibility.set(field.id, visit(field.id, new Set()));
  }
  return visibility;
}

function shownTo(field: FormField, visibility: Map<string, boolean>): boolean {
  return !field.isHidden && field.type !== 'hidden' && visibility.get(field.id) !== false;
}

/** The fields a respondent sees, in order. */
export function visibleFields(fields: FormField[], data: Answers): FormField[] {
  const visibility = computeVisibility(fields, data);
  return fields.filter((field) => shownTo(field, visibility));
}
