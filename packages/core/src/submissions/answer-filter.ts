import { z } from 'zod';
import { quizResultOf } from './quiz-result.ts';

// Filters on a form's answers for the review table: the shape the server checks, the one matcher
// it runs over opened answers (they are sealed at rest, so SQL cannot read them), and the URL
// parameter that carries a filter in a link.

const fieldId = z.string().min(1, 'Choose a question').max(100);
const dateText = z.iso.date('Use a date such as 2026-03-31');

/** The choices an is / is not rule names: any of them, or none of them. */
const choiceValues = z
  .array(z.string().max(500))
  .min(1, 'Tick at least one value')
  .max(50, 'Tick at most 50 values');

/** Lower and upper bounds, either left open; at least one given and never crossing. */
const bounds = <T extends z.ZodType>(bound: T) => ({ min: bound.optional(), max: bound.optional() });

/** One condition on a question's answer (or, for `score`, on the quiz result). */
export const answerRuleSchema = z
  .discriminatedUnion('op', [
    /** The answer (or one of the choices picked) is one of `values`. */
    z.object({ op: z.literal('is'), field: fieldId, values: choiceValues }),
    /** None of the choices picked is one of `values` (an unanswered question matches). */
    z.object({ op: z.literal('is_not'), field: fieldId, values: choiceValues }),
    /** A number between the bounds, both included. */
    z.object({ op: z.literal('between'), field: fieldId, ...bounds(z.number()) }),
    /** Some text of the answer contains `text`, in any letter case. */
    z.object({ op: z.literal('contains'), field: fieldId, text: z.string().trim().min(1).max(200) }),
    /** The question was answered (for a file question: a file was uploaded). */
    z.object({ op: z.literal('present'), field: fieldId }),
    /** A date (a range's start) between the days, both included. */
    z.object({ op: z.literal('dates'), field: fieldId, ...bounds(dateText) }),
    /** The quiz score between the bounds, both included. */
    z.object({ op: z.literal('score'), ...bounds(z.number()) }),
  ])
  .superRefine((rule, ctx) => {
    if (rule.op !== 'between' && rule.op !== 'dates' && rule.op !== 'score') return;
    const { min, max } = rule;
    if (min === undefined && max === undefined)
      ctx.addIssue({ code: 'custom', message: 'Give a lower or an upper bound (or both)' });
    else if (min !== undefined && max !== undefined && min > max)
      ctx.addIssue({ code: 'custom', message: 'The lower bound is above the upper bound' });
  });
export type AnswerRule = z.infer<typeof answerRuleSchema>;
export type AnswerRuleOp = AnswerRule['op'];

export const ANSWER_JOINS = ['and', 'or'] as const;

/** Rules joined by AND (every rule) or OR (any rule). */
export const answerFilterSchema = z.object({
  join: z.enum(ANSWER_JOINS),
  rules: z.array(answerRuleSchema).min(1, 'A filter needs a rule').max(20, 'At most 20 rules'),
});
export type AnswerFilter = z.infer<typeof answerFilterSchema>;

/** The filter as a URL parameter's value (compact JSON; URLSearchParams escapes it). */
export function answerFilterParam(filter: AnswerFilter): string {
  return JSON.stringify(filter);
}

/** The filter a URL parameter holds, or the reason it holds none (for a 400 or a notice). */
export function readAnswerFilterParam(
  text: string,
): { ok: true; filter: AnswerFilter } | { ok: false; message: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, message: 'The answer filter is not readable JSON' };
  }
  const parsed = answerFilterSchema.safeParse(json);
  if (parsed.success) return { ok: true, filter: parsed.data };
  const issue = parsed.error.issues[0]!;
  const where = issue.path.length > 0 ? ` (at ${issue.path.join('.')})` : '';
  return { ok: false, message: `The answer filter is not valid: ${issue.message}${where}` };
}

/** The plain texts in an answer: strings, numbers and booleans, and those inside lists and records. */
export function answerTexts(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'number' || typeof value === 'boolean') return [String(value)];
  if (Array.isArray(value)) return value.flatMap(answerTexts);
  if (value && typeof value === 'object') return Object.values(value).flatMap(answerTexts);
  return [];
}

function isAnswered(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

/** The picked values of a choice answer (one, several, or with an "Other" text). */
function pickedValues(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(pickedValues);
  if (typeof value === 'string') return [value];
  if (typeof value === 'number' || typeof value === 'boolean') return [String(value)];
  return [];
}

function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

/** The day a date answer names (YYYY-MM-DD), or a date range's start. */
function dayOf(value: unknown): string | undefined {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value)) return value.slice(0, 10);
  if (value && typeof value === 'object' && !Array.isArray(value))
    return dayOf((value as Record<string, unknown>).start);
  return undefined;
}

function within<T extends number | string>(v: T | undefined, rule: { min?: T; max?: T }): boolean {
  if (v === undefined) return false;
  return (rule.min === undefined || v >= rule.min) && (rule.max === undefined || v <= rule.max);
}

/** Whether one submission's answers (and metadata, for the score) meet one rule. */
export function matchesAnswerRule(
  rule: AnswerRule,
  row: { answers: Record<string, unknown>; metadata?: Record<string, unknown> | null },
): boolean {
  if (rule.op === 'score') return within(quizResultOf(row.metadata)?.score, rule);
  const value = row.answers[rule.field];
  switch (rule.op) {
    case 'is':
      return pickedValues(value).some((v) => rule.values.includes(v));
    case 'is_not':
      return !pickedValues(value).some((v) => rule.values.includes(v));
    case 'between':
      return within(numberOf(value), rule);
    case 'contains': {
      const needle = rule.text.toLowerCase();
      return answerTexts(value).some((t) => t.toLowerCase().includes(needle));
    }
    case 'present':
      return isAnswered(value);
    case 'dates':
      return within(dayOf(value), rule);
    default: {
      const unknownOp: never = rule;
      return unknownOp;
    }
  }
}

/** Whether a submission meets the filter: every rule (and) or any rule (or). */
export function matchesAnswerFilter(
  filter: AnswerFilter,
  row: { answers: Record<string, unknown>; metadata?: Record<string, unknown> | null },
): boolean {
  return filter.join === 'and'
    ? filter.rules.every((rule) => matchesAnswerRule(rule, row))
    : filter.rules.some((rule) => matchesAnswerRule(rule, row));
}

/** The conditions a question of this type can be filtered by (each also by `present`). */
export function answerRuleOps(type: string): AnswerRuleOp[] {
  switch (type) {
    case 'checkbox':
    case 'radio':
    case 'select':
    case 'yes_no':
    case 'picture_choice':
      return ['is', 'is_not', 'present'];
    case 'number':
    case 'range':
    case 'nps':
    case 'rating':
    case 'calculated':
      return ['between', 'present'];
    case 'date':
    case 'date_range':
      return ['dates', 'present'];
    case 'file':
    case 'image':
    case 'signature':
      return ['present'];
    default:
      return ['contains', 'present'];
  }
}

/** What each condition is called in the filter panel. */
export const ANSWER_RULE_LABELS: Record<AnswerRuleOp, string> = {
  is: 'is any of',
  is_not: 'is none of',
  between: 'is between',
  contains: 'contains',
  present: 'is answered (file present)',
  dates: 'is between the days',
  score: 'is between',
};
