import { answerStrings, isEmptyAnswer, numericAnswer } from '../fields/answers.ts';
import type { LogicOperator } from './schema.ts';

function sameValue(answer: string, expected: string): boolean {
  if (answer === expected) return true;
  const a = numericAnswer(answer);
  const b = numericAnswer(expected);
  return a !== undefined && b !== undefined && a === b;
}

/** -1, 0 or 1 comparing an answer with the expected value: numerically, else as ISO text. */
function order(answer: unknown, expected: string | undefined): number | undefined {
  if (expected === undefined) return undefined;
  const first = Array.isArray(answer) ? answer[0] : answer;
  const a = numericAnswer(first);
  const b = numericAnswer(expected);
  if (a !== undefined && b !== undefined) return Math.sign(a - b);
  const text = answerStrings(first)[0];
  // Dates (2026-11-24), date-times and times (09:30) compare correctly as text.
  if (text === undefined || text === '' || !/^\d{1,4}[-:]/.test(expected)) return undefined;
  return text === expected ? 0 : text > expected ? 1 : -1;
}

/** Whether an operator holds between an answer (or a variable's value) and the expected value. */
export function operatorHolds(operator: LogicOperator, answer: unknown, expected?: string): boolean {
  switch (operator) {
    case 'is_empty':
      return isEmptyAnswer(answer);
    case 'is_not_empty':
      return !isEmptyAnswer(answer);
    case 'equals':
      return expected !== undefined && answerStrings(answer).some((a) => sameValue(a, expected));
    case 'not_equals':
      return expected === undefined || !answerStrings(answer).some((a) => sameValue(a, expected));
    case 'contains':
    case 'not_contains': {
      if (expected === undefined || expected === '') return operator === 'not_contains';
      const needle = expected.toLowerCase();
      const found = answerStrings(answer).some((a) => a.toLowerCase().includes(needle));
      return operator === 'contains' ? found : !found;
    }
    case 'greater_than':
    case 'after':
      return order(answer, expected) === 1;
    case 'less_than':
    case 'before':
      return order(answer, expected) === -1;
    case 'greater_or_equal': {
      const o = order(answer, expected);
      return o === 1 || o === 0;
    }
    case 'less_or_equal': {
      const o = order(answer, expected);
      return o === -1 || o === 0;
    }
    default: {
      const never: never = operator;
      return never;
    }
  }
}
