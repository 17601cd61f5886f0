import * as z from 'zod/mini';
import { LOGIC_LIMITS } from './limits.ts';

/**
 * Form logic: pages (split by page-break blocks in the field list), rules, number variables,
 * endings and quiz scoring. One definition, read by the editor, the public page and the server;
 * the engine (run.ts) evaluates it the same way on both sides. Written against zod/mini so the
 * public page, which parses forms with it, stays small.
 */

export const LOGIC_OPERATORS = [
  'equals',
  'not_equals',
  'contains',
  'not_contains',
  'is_empty',
  'is_not_empty',
  'greater_than',
  'less_than',
  'greater_or_equal',
  'less_or_equal',
  'before',
  'after',
  /** The answer begins with the value, spaces aside: a phone number's country code (+44). */
  'starts_with',
] as const;
export type LogicOperator = (typeof LOGIC_OPERATORS)[number];

/** Operators that compare with a value; the others (is_empty, is_not_empty) take none. */
export const VALUE_OPERATORS: readonly LogicOperator[] = LOGIC_OPERATORS.filter(
  (op) => op !== 'is_empty' && op !== 'is_not_empty',
);

const bounded = (min: number, max: number) => z.string().check(z.minLength(min), z.maxLength(max));
const id = () => bounded(1, 100);
/**
 * What a condition or an action points at. A draft may point at nothing yet (an action added
 * before its ending exists) or at something since deleted: that is stored as typed, and
 * logic/check.ts names it as a problem that keeps the form from being published.
 */
const ref = () => bounded(0, 100);

export const logicConditionSchema = z.object({
  /** What the condition reads: an answer (a field, hidden fields included) or a variable. */
  source: z._default(z.enum(['field', 'variable']), 'field'),
  ref: ref(),
  operator: z.enum(LOGIC_OPERATORS),
  value: z.optional(bounded(0, 1000)),
});
export type LogicCondition = z.infer<typeof logicConditionSchema>;

export const VARIABLE_OPERATIONS = ['set', 'add', 'subtract', 'multiply', 'divide'] as const;

export const logicActionSchema = z.discriminatedUnion('type', [
  /** Leaving the rule's page, go to this page instead of the next one. */
  z.object({ type: z.literal('jump'), page: ref() }),
  /** Leaving the rule's page, finish the form with this ending. */
  z.object({ type: z.literal('end'), ending: ref() }),
  z.object({ type: z.literal('show'), field: ref() }),
  z.object({ type: z.literal('hide'), field: ref() }),
  z.object({ type: z.literal('require'), field: ref() }),
  /** Leaving the rule's page, change a variable by an expression ('add 5 to score'). */
  z.object({
    type: z.literal('variable'),
    variable: ref(),
    operation: z.enum(VARIABLE_OPERATIONS),
    value: bounded(0, 2000),
  }),
]);
export type LogicAction = z.infer<typeof logicActionSchema>;

/** Actions that run when the respondent leaves a page; the others hold while the form is open. */
export const PAGE_EXIT_ACTIONS = ['jump', 'end', 'variable'] as const;

export const logicRuleSchema = z.object({
  id: id(),
  name: z.optional(bounded(0, 200)),
  /** The page whose exit runs this rule's jump, end and variable actions. */
  page: z.optional(bounded(0, 100)),
  match: z._default(z.enum(['all', 'any']), 'all'),
  /** No conditions: the rule always applies. */
  conditions: z._default(
    z.array(logicConditionSchema).check(z.maxLength(LOGIC_LIMITS.conditionsPerRule)),
    [],
  ),
  /** A draft's rule may have none yet; check.ts names it, and such a form is not published. */
  actions: z.array(logicActionSchema).check(z.maxLength(LOGIC_LIMITS.actionsPerRule)),
});
export type LogicRule = z.infer<typeof logicRuleSchema>;

/** What a variable's name must be for expressions and recall to read it. */
export const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,49}$/;
export const VARIABLE_NAME_MESSAGE = 'Use letters, digits and underscores, starting with a letter';

export const variableSchema = z.object({
  id: id(),
  /** The name expressions and recall use (VARIABLE_NAME); a half-typed one is saved and checked on publish. */
  name: bounded(0, 100),
  initial: z._default(z.number(), 0),
});
export type Variable = z.infer<typeof variableSchema>;

export const endingSchema = z.object({
  id: id(),
  title: z._default(bounded(0, 200), ''),
  message: z._default(bounded(0, 5000), ''),
  /** https only; checked when the form is saved. */
  redirectUrl: z.optional(bounded(0, 2000)),
  /** Answers appended to the redirect URL as query parameters, by field id: only those picked. */
  redirectParams: z._default(z.array(bounded(0, 100)).check(z.maxLength(50)), []),
});
export type Ending = z.infer<typeof endingSchema>;

export const quizSchema = z.object({
  enabled: z._default(z.boolean(), false),
  /** Points needed to pass; null means the quiz has no pass mark. */
  passMark: z._default(z.nullable(z.number()), null),
});

export const formLogicSchema = z.object({
  rules: z._default(z.array(logicRuleSchema).check(z.maxLength(LOGIC_LIMITS.rules)), []),
  variables: z._default(z.array(variableSchema).check(z.maxLength(100)), []),
  endings: z._default(z.array(endingSchema).check(z.maxLength(50)), []),
  quiz: z._default(quizSchema, { enabled: false, passMark: null }),
  /** What the server does with answers to questions the respondent could not have reached. */
  unreachableAnswers: z._default(z.enum(['drop', 'reject']), 'drop'),
});
export type FormLogic = z.infer<typeof formLogicSchema>;

export const EMPTY_LOGIC: FormLogic = {
  rules: [],
  variables: [],
  endings: [],
  quiz: { enabled: false, passMark: null },
  unreachableAnswers: 'drop',
};

/** How the public page lays a form out: every question of a page at once, or one per screen. */
export const FORM_DISPLAYS = ['classic', 'one_at_a_time'] as const;
export const formDisplaySchema = z.enum(FORM_DISPLAYS);
export type FormDisplay = z.infer<typeof formDisplaySchema>;
