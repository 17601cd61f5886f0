import type { FieldType } from '@formsmith/core/forms/field';
import type { LogicOperator } from '@formsmith/core/logic/definition';

export const OPERATOR_NAMES: Record<LogicOperator, string> = {
  equals: 'equals',
  not_equals: 'does not equal',
  contains: 'contains',
  not_contains: 'does not contain',
  is_empty: 'is empty',
  is_not_empty: 'is answered',
  greater_than: 'is greater than',
  less_than: 'is less than',
  greater_or_equal: 'is at least',
  less_or_equal: 'is at most',
  before: 'is before',
  after: 'is after',
  starts_with: 'starts with',
};

const PRESENCE: LogicOperator[] = ['is_empty', 'is_not_empty'];
const TEXT: LogicOperator[] = ['equals', 'not_equals', 'contains', 'not_contains', ...PRESENCE];
const NUMBER: LogicOperator[] = [
  'equals',
  'not_equals',
  'greater_than',
  'less_than',
  'greater_or_equal',
  'less_or_equal',
];
const DATE: LogicOperator[] = ['equals', 'not_equals', 'before', 'after', ...PRESENCE];

/** How a condition's value is typed: free text, a number, a date or time, or one of the options. */
export type ValueInput = 'text' | 'number' | 'date' | 'time' | 'option' | 'none';

/** The operators that make sense for an answer of this type, and the value input they need. */
export function operatorsFor(type: FieldType | 'variable'): {
  operators: LogicOperator[];
  input: ValueInput;
} {
  switch (type) {
    case 'variable':
      return { operators: NUMBER, input: 'number' };
    case 'number':
    case 'range':
    case 'nps':
    case 'rating':
    case 'calculated':
      return { operators: [...NUMBER, ...PRESENCE], input: 'number' };
    case 'date':
      return { operators: DATE, input: 'date' };
    case 'time':
      return { operators: DATE, input: 'time' };
    case 'radio':
    case 'select':
    case 'yes_no':
    // A picture choice's answer equals an option when that option is picked (one of several too).
    case 'picture_choice':
      return { operators: ['equals', 'not_equals', ...PRESENCE], input: 'option' };
    case 'checkbox':
    // Whether an option is among those ranked (the top N) or not.
    case 'ranking':
      return { operators: ['contains', 'not_contains', ...PRESENCE], input: 'option' };
    // A grid is many questions: only whether it was answered is one condition.
    case 'matrix':
      return { operators: PRESENCE, input: 'none' };
    // Signed or not: 'is not empty' and 'is empty'.
    case 'signature':
    // A date range: answered (both dates) or not.
    case 'date_range':
    case 'file':
    case 'image':
    case 'page_break':
    case 'statement':
      return { operators: PRESENCE, input: 'none' };
    // An address is compared by its country (an ISO code, like GB).
    case 'address':
      return { operators: ['equals', 'not_equals', ...PRESENCE], input: 'text' };
    // A number is one thing, but its country code (+44) says where it is.
    case 'phone':
      return { operators: ['starts_with', ...PRESENCE], input: 'text' };
    case 'text':
    case 'textarea':
    case 'email':
    case 'url':
    case 'password':
    case 'color':
    case 'hidden':
      return { operators: TEXT, input: 'text' };
    default: {
      const unknown: never = type;
      return unknown;
    }
  }
}
