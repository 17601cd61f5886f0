import { AnswerReads, type ReadAnswer } from '../fields/answer-reads.ts';
import { numericAnswer } from '../fields/answers.ts';
import type { LogicOperator } from './definition.ts';

function sameValue(answer: string, number: number | undefined, expected: string): boolean {
  if (answer === expected) return true;
  const b = numericAnswer(expected);
  return number !== undefined && b !== undefined && number === b;
}

/** -1, 0 or 1 comparing an answer with the expected value: numerically, else as ISO text. */
function order(answer: ReadAnswer, expected: string | undefined): number | undefined {
  if (expected === undefined) return undefined;
  const a = answer.firstNumber();
  const b = numericAnswer(expected);
  if (a !== undefined && b !== undefined) return Math.sign(a - b);
  const text = answer.firstText();
  // Dates (2026-11-24), date-times and times (09:30) compare correctly as text.
  if (text === undefined || text === '' || !/^\d{1,4}[-:]/.test(expected)) return undefined;
  return text === expected ? 0 : text > expected ? 1 : -1;
}

function equalsAny(answer: ReadAnswer, expected: string): boolean {
  const strings = answer.strings();
  if (strings.length === 0) return false;
  const numbers = answer.numbers();
  return strings.some((a, i) => sameValue(a, numbers[i], expected));
}

/**
 * Whether an operator holds between an answer (or a variable's value) and the expected value.
 * `reads` is the evaluation's cache of answers read (answer-reads.ts): pass the same one to
 * every condition of a run, so that a long answer is lowercased and parsed once.
 */
export function operatorHolds(
  operator: LogicOperator,
  value: unknown,
  expected?: string,
  reads: AnswerReads = new AnswerReads(),
): boolean {
  const answer = reads.read(value);
  switch (operator) {
    case 'is_empty':
      return answer.empty();
    case 'is_not_empty':
      return !answer.empty();
    case 'equals':
      return expected !== undefined && equalsAny(answer, expected);
    case 'not_equals':
      return expected === undefined || !equalsAny(answer, expected);
    case 'contains':
    case 'not_contains': {
      if (expected === undefined || expected === '') return operator === 'not_contains';
      const needle = expected.toLowerCase();
      const found = answer.lowered().some((a) => a.includes(needle));
      return operator === 'contains' ? found : !found;
    }
    case 'starts_with': {
      // Spaces aside, so '+44' finds '+44 20 7183 8750' as typed and '+442071838750' as stored.
      const prefix = (expected ?? '').replace(/\s+/g, '').toLowerCase();
      return prefix !== '' && answer.lowered().some((a) => a.replace(/\s+/g, '').startsWith(prefix));
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
