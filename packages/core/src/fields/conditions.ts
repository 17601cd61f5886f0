import type { Condition, FormField } from '../forms/field.ts';
import { answerStrings, isEmptyAnswer, numericAnswer } from './answers.ts';

export type Answers = Record<string, unknown>;

function sameValue(answer: string, expected: string): boolean {
  if (answer === expected) return true;
  const a = numericAnswer(answer);
  const b = numericAnswer(expected);
  return a !== undefined && b !== undefined && a === b;
}

function compare(answer: unknown, expected: string | undefined, sign: 1 | -1): boolean {
  if (expected === undefined) return false;
  const a = numericAnswer(Array.isArray(answer) ? answer[0] : answer);
  const b = numericAnswer(expected);
  if (a !== undefined && b !== undefined) return sign === 1 ? a > b : a < b;
  // ISO dates and times compare correctly as text.
  const text = answerStrings(answer)[0];
  if (text === undefined || text === '' || !/^\d{1,4}[-:]/.test(expected)) return false;
  return sign === 1 ? text > expected : text < expected;
}

/** Whether one condition holds for an answer. */
export function conditionHolds(condition: Condition, answer: unknown): boolean {
  const expected = condition.value;
  switch (condition.operator) {
    case 'is_empty':
      return isEmptyAnswer(answer);
    case 'is_not_empty':
      return !isEmptyAnswer(answer);
    case 'equals':
      return expected !== undefined && answerStrings(answer).some((a) => sameValue(a, expected));
    case 'not_equals':
      return expected === undefined || !answerStrings(answer).some((a) => sameValue(a, expected));
    case 'contains': {
      if (expected === undefined || expected === '') return false;
      const needle = expected.toLowerCase();
      return answerStrings(answer).some((a) => a.toLowerCase().includes(needle));
    }
    case 'greater_than':
      return compare(answer, expected, 1);
    case 'less_than':
      return compare(answer, expected, -1);
    default: {
      const unknown: never = condition.operator;
      return unknown;
    }
  }
}

/**
 * Which fields conditional logic shows, by id. A controlling field that is itself hidden by logic
 * counts as empty; a reference cycle counts as empty too, so evaluation always ends.
 */
export function computeVisibility(fields: FormField[], data: Answers): Map<string, boolean> {
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
      return conditionHolds(condition, shown ? data[condition.fieldId] : undefined);
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
