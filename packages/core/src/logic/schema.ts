import { z } from 'zod';

/**
 * Form logic: pages (split by page-break blocks in the field list), rules, number variables,
 * endings and quiz scoring. One definition, read by the editor, the public page and the server;
 * the engine (run.ts) evaluates it the same way on both sides.
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
] as const;
export type LogicOperator = (typeof LOGIC_OPERATORS)[number];

/** Operators that compare with a value; the others (is_empty, is_not_empty) take none. */
export const VALUE_OPERATORS: readonly LogicOperator[] = LOGIC_OPERATORS.filter(
  (op) => op !== 'is_empty' && op !== 'is_not_empty',
);

export const logicConditionSchema = z.object({
  /** What the condition reads: an answer (a field, hidden fields included) or a variable. */
  source: z.enum(['field', 'variable']).default('field'),
  ref: z.string().min(1).max(100),
  operator: z.enum(LOGIC_OPERATORS),
  value: z.string().max(1000).optional(),
});
export type LogicCondition = z.infer<typeof logicConditionSchema>;

export const VARIABLE_OPERATIONS = ['set', 'add', 'subtract', 'multiply', 'divide'] as const;

export const logicActionSchema = z.discriminatedUnion('type', [
  /** Leaving the rule's page, go to this page instead of the next one. */
  z.object({ type: z.literal('jump'), page: z.string().min(1).max(100) }),
  /** Leaving the rule's page, finish the form with this ending. */
  z.object({ type: z.literal('end'), ending: z.string().min(1).max(100) }),
  z.object({ type: z.literal('show'), field: z.string().min(1).max(100) }),
  z.object({ type: z.literal('hide'), field: z.string().min(1).max(100) }),
  z.object({ type: z.literal('require'), field: z.string().min(1).max(100) }),
  /** Leaving the rule's page, change a variable by an expression ('add 5 to score'). */
  z.object({
    type: z.literal('variable'),
    variable: z.string().min(1).max(100),
    operation: z.enum(VARIABLE_OPERATIONS),
    value: z.string().min(1).max(2000),
  }),
]);
export type LogicAction = z.infer<typeof logicActionSchema>;

/** Actions that run when the respondent leaves a page; the others hold while the form is open. */
export const PAGE_EXIT_ACTIONS = ['jump', 'end', 'variable'] as const;

export const logicRuleSchema = z.object({
  id: z.string().min(1).max(100),
  name: z.string().max(200).optional(),
  /** The page whose exit runs this rule's jump, end and variable actions. */
  page: z.string().max(100).optional(),
  match: z.enum(['all', 'any']).default('all'),
  /** No conditions: the rule always applies. */
  conditions: z.array(logicConditionSchema).max(50).default([]),
  actions: z.array(logicActionSchema).min(1).max(50),
});
export type LogicRule = z.infer<typeof logicRuleSchema>;

export const variableSchema = z.object({
  id: z.string().min(1).max(100),
  /** The name expressions and recall use: letters, digits and underscores. */
  name: z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_]{0,49}$/, 'Use letters, digits and underscores, starting with a letter'),
  initial: z.number().finite().default(0),
});
export type Variable = z.infer<typeof variableSchema>;

export const endingSchema = z.object({
  id: z.string().min(1).max(100),
  title: z.string().max(200).default(''),
  message: z.string().max(5000).default(''),
  /** https only; checked when the form is saved. */
  redirectUrl: z.string().max(2000).optional(),
  /** Answers appended to the redirect URL as query parameters, by field id: only those picked. */
  redirectParams: z.array(z.string().max(100)).max(50).default([]),
});
export type Ending = z.infer<typeof endingSchema>;

export const quizSchema = z.object({
  enabled: z.boolean().default(false),
  /** Points needed to pass; null means the quiz has no pass mark. */
  passMark: z.number().finite().nullable().default(null),
});

export const formLogicSchema = z.object({
  rules: z.array(logicRuleSchema).max(500).default([]),
  variables: z.array(variableSchema).max(100).default([]),
  endings: z.array(endingSchema).max(50).default([]),
  quiz: quizSchema.default({ enabled: false, passMark: null }),
  /** What the server does with answers to questions the respondent could not have reached. */
  unreachableAnswers: z.enum(['drop', 'reject']).default('drop'),
});
export type FormLogic = z.infer<typeof formLogicSchema>;

export const EMPTY_LOGIC: FormLogic = {
  rules: [],
  variables: [],
  endings: [],
  quiz: { enabled: false, passMark: null },
  unreachableAnswers: 'drop',
};
