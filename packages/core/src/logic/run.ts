import { AnswerReads } from '../fields/answer-reads.ts';
import { answerStrings, isEmptyAnswer, numericAnswer } from '../fields/answers.ts';
import type { MatrixGrid } from '../fields/matrix.ts';
import type { QuizResult } from '../submissions/quiz-result.ts';
import { operatorHolds } from './conditions.ts';
import type { FormLogic, LogicAction, LogicCondition, LogicRule } from './definition.ts';
import { type Expr, evaluateExpression, parseExpression } from './expression.ts';

/**
 * The logic engine: given a form's fields and logic and a respondent's answers, the path the
 * respondent takes (pages in order, the questions shown and required, variables, calculated
 * values, quiz score, the ending). The public page runs it as the respondent goes; the server runs
 * it again on the submitted answers and trusts nothing the browser computed.
 */

/** What the engine reads of a field; every member of the field union provides it. */
export type LogicField = {
  id: string;
  type: string;
  label?: string;
  required?: boolean;
  /** Hidden fields carry a value (from the owner or the URL) and are never shown. */
  hidden?: boolean;
  options?: readonly { value: string; label?: string; points?: number | undefined }[];
  /** A matrix's rows and columns, so recall can read its answer as text. */
  grid?: MatrixGrid;
  /** Calculated fields: the expression their value comes from. */
  expression?: string;
  /** Calculated fields: whether respondents see the value as they fill the form. */
  showResult?: boolean;
};

/** The block type that starts a new page. */
export const PAGE_BREAK_TYPE = 'page_break';
/** The id of the first page, which has no page-break block before it. */
export const FIRST_PAGE_ID = 'page_1';
/** The name the quiz score goes by in expressions, conditions and recall. */
export const SCORE_NAME = 'score';

export type Page = { id: string; title: string; fields: LogicField[] };

/** The form's pages: the field list split at page-break blocks (a break's id names its page). */
export function splitPages<F extends LogicField>(fields: readonly F[]): (Page & { fields: F[] })[] {
  const pages: (Page & { fields: F[] })[] = [{ id: FIRST_PAGE_ID, title: '', fields: [] }];
  for (const field of fields) {
    if (field.type === PAGE_BREAK_TYPE) pages.push({ id: field.id, title: field.label ?? '', fields: [] });
    else (pages[pages.length - 1] as Page & { fields: F[] }).fields.push(field);
  }
  // A break at the very start or two in a row would give an empty page nobody can answer.
  return pages.filter((page, i) => page.fields.length > 0 || (i === 0 && pages.length === 1));
}

export type FormRun = {
  /** Pages the respondent goes through, in order. */
  pages: string[];
  /** Questions shown on those pages. */
  visible: Set<string>;
  /** Questions that must be answered (required, or required by a rule), among the visible. */
  required: Set<string>;
  /** The answers that count: shown questions, hidden fields and calculated values. */
  values: Record<string, unknown>;
  /** Calculated fields' values (also in values). */
  calculated: Record<string, number | null>;
  variables: Record<string, number>;
  quiz: QuizResult | null;
  /** The ending reached: a rule's, else the plain one (the first); null for a form without endings. */
  ending: string | null;
  /** Questions answered in the input that the respondent could not have reached. */
  unreachable: string[];
};

type State = {
  values: Record<string, unknown>;
  variables: Map<string, number>;
  variableNames: Map<string, string>;
  score: number;
  quizOn: boolean;
  /** What this run read of each answer, once (answer-reads.ts). */
  reads: AnswerReads;
  /**
   * Each rule's result with the inputs it was worked out from: a rule is evaluated once per run,
   * and again only when something it reads has changed since (a variable, on a later page).
   */
  ruleResults: Map<LogicRule, { inputs: unknown[]; holds: boolean }>;
};

/** What a field-level rule does to one question: the rules acting on it, and whether any shows it. */
type FieldTargets = { rules: { rule: LogicRule; effects: LogicAction['type'][] }[]; hasShow: boolean };

/**
 * The rules of a form's logic arranged once per logic object (the server runs the same cached form
 * on every submit; the page on every answer): which rules act on each question, and which run
 * when a page is left.
 */
type CompiledLogic = {
  targets: Map<string, FieldTargets>;
  exitRules: LogicRule[];
};

const compiledLogic = new WeakMap<FormLogic, CompiledLogic>();

function compile(logic: FormLogic): CompiledLogic {
  let compiled = compiledLogic.get(logic);
  if (compiled) return compiled;
  const targets = new Map<string, FieldTargets>();
  for (const rule of logic.rules) {
    const byField = new Map<string, LogicAction['type'][]>();
    for (const action of rule.actions) {
      if (action.type !== 'show' && action.type !== 'hide' && action.type !== 'require') continue;
      const effects = byField.get(action.field) ?? [];
      effects.push(action.type);
      byField.set(action.field, effects);
    }
    for (const [field, effects] of byField) {
      const entry = targets.get(field) ?? { rules: [], hasShow: false };
      entry.rules.push({ rule, effects });
      if (effects.includes('show')) entry.hasShow = true;
      targets.set(field, entry);
    }
  }
  const exitRules = logic.rules.filter((r) =>
    r.actions.some((a) => a.type === 'jump' || a.type === 'end' || a.type === 'variable'),
  );
  compiled = { targets, exitRules };
  compiledLogic.set(logic, compiled);
  return compiled;
}

const expressionCache = new Map<string, Expr | null>();
function compiled(src: string): Expr | null {
  let expr = expressionCache.get(src);
  if (expr === undefined) {
    const parsed = parseExpression(src);
    expr = parsed.ok ? parsed.expr : null;
    if (expressionCache.size > 1000) expressionCache.clear();
    expressionCache.set(src, expr);
  }
  return expr;
}

/** A name in an expression: a variable by name, the quiz score, or an answer by field id. */
function lookupName(state: State, name: string): number | null {
  const variableId = state.variableNames.get(name);
  if (variableId !== undefined) return state.variables.get(variableId) ?? null;
  if (name === SCORE_NAME && state.quizOn) return state.score;
  if (!Object.hasOwn(state.values, name)) return null;
  const value = state.values[name];
  if (Array.isArray(value)) return value.length;
  return numericAnswer(value) ?? null;
}

export function evaluateIn(state: State, src: string): number | null {
  const expr = compiled(src);
  return expr ? evaluateExpression(expr, (name) => lookupName(state, name)) : null;
}

function conditionValue(state: State, condition: LogicCondition): unknown {
  if (condition.source === 'variable') {
    const value =
      state.variables.get(condition.ref) ??
      (condition.ref === SCORE_NAME && state.quizOn ? state.score : undefined);
    return value === undefined ? undefined : String(value);
  }
  return Object.hasOwn(state.values, condition.ref) ? state.values[condition.ref] : undefined;
}

function ruleHolds(state: State, rule: LogicRule): boolean {
  if (rule.conditions.length === 0) return true;
  const inputs = rule.conditions.map((c) => conditionValue(state, c));
  const known = state.ruleResults.get(rule);
  if (known?.inputs.every((input, i) => input === inputs[i])) return known.holds;
  const check = (c: LogicCondition, i: number) => operatorHolds(c.operator, inputs[i], c.value, state.reads);
  const holds = rule.match === 'all' ? rule.conditions.every(check) : rule.conditions.some(check);
  state.ruleResults.set(rule, { inputs, holds });
  return holds;
}

function applyVariable(state: State, action: Extract<LogicAction, { type: 'variable' }>): void {
  const current = state.variables.get(action.variable);
  if (current === undefined) return;
  const operand = evaluateIn(state, action.value);
  if (operand === null) return;
  const next = {
    set: operand,
    add: current + operand,
    subtract: current - operand,
    multiply: current * operand,
    divide: operand === 0 ? current : current / operand,
  }[action.operation];
  if (Number.isFinite(next)) state.variables.set(action.variable, next);
}

function quizPoints(field: LogicField, answer: unknown): { points: number; max: number } {
  const scored = field.options?.filter((o) => typeof o.points === 'number') ?? [];
  if (scored.length === 0) return { points: 0, max: 0 };
  const chosen = new Set(answerStrings(answer));
  const points = scored.reduce((sum, o) => sum + (chosen.has(o.value) ? (o.points as number) : 0), 0);
  const all = scored.map((o) => o.points as number);
  const max =
    field.type === 'checkbox' ? all.filter((p) => p > 0).reduce((a, b) => a + b, 0) : Math.max(0, ...all);
  return { points, max };
}

/** Runs the form's logic over a respondent's answers (answers of unreachable questions are ignored). */
export function runForm(
  fields: readonly LogicField[],
  logic: FormLogic,
  answers: Record<string, unknown>,
): FormRun {
  const pages = splitPages(fields.filter((f) => !f.hidden));
  const pageIndex = new Map(pages.map((page, i) => [page.id, i]));
  const state: State = {
    values: Object.create(null),
    variables: new Map(logic.variables.map((v) => [v.id, v.initial])),
    variableNames: new Map(logic.variables.map((v) => [v.name, v.id])),
    score: 0,
    quizOn: logic.quiz.enabled,
    reads: new AnswerReads(),
    ruleResults: new Map(),
  };
  // Hidden fields hold their value everywhere: they come from the owner or the URL, not a page.
  for (const field of fields) {
    if (field.hidden && answers[field.id] !== undefined) state.values[field.id] = answers[field.id];
  }
  const { targets, exitRules } = compile(logic);

  const run: FormRun = {
    pages: [],
    visible: new Set(),
    required: new Set(),
    values: state.values,
    calculated: {},
    variables: {},
    quiz: null,
    ending: null,
    unreachable: [],
  };
  let maxScore = 0;
  let index: number | undefined = pages.length > 0 ? 0 : undefined;
  while (index !== undefined) {
    const page = pages[index] as Page;
    run.pages.push(page.id);
    for (const field of page.fields) {
      const targeting = targets.get(field.id);
      const effects = new Set<LogicAction['type']>();
      for (const { rule, effects: its } of targeting?.rules ?? []) {
        if (ruleHolds(state, rule)) for (const effect of its) effects.add(effect);
      }
      const hasShow = targeting?.hasShow === true;
      const shown = !effects.has('hide') && (!hasShow || effects.has('show'));
      if (!shown) continue;
      run.visible.add(field.id);
      if (field.required || effects.has('require')) run.required.add(field.id);
      if (field.expression !== undefined) {
        const value = evaluateIn(state, field.expression);
        run.calculated[field.id] = value;
        if (value !== null) state.values[field.id] = value;
      } else if (answers[field.id] !== undefined) {
        state.values[field.id] = answers[field.id];
      }
      if (state.quizOn) {
        const { points, max } = quizPoints(field, state.values[field.id]);
        state.score += points;
        maxScore += max;
      }
    }
    let next: number | undefined = index + 1 < pages.length ? index + 1 : undefined;
    let decided = false;
    for (const rule of exitRules) {
      if (rule.page !== page.id || !ruleHolds(state, rule)) continue;
      for (const action of rule.actions) {
        if (action.type === 'variable') applyVariable(state, action);
        else if (!decided && action.type === 'jump') {
          const target = pageIndex.get(action.page);
          // Jumps only go forward (checked when saved); anything else falls through.
          if (target !== undefined && target > index) {
            next = target;
            decided = true;
          }
        } else if (!decided && action.type === 'end') {
          run.ending = action.ending;
          next = undefined;
          decided = true;
        }
      }
    }
    index = next;
  }

  // The last page leads to the plain ending unless a rule ended the form elsewhere.
  run.ending ??= logic.endings[0]?.id ?? null;
  for (const [id, value] of state.variables) run.variables[id] = value;
  if (state.quizOn) {
    const passMark = logic.quiz.passMark;
    run.quiz = {
      score: state.score,
      max: maxScore,
      passed: passMark === null ? null : state.score >= passMark,
    };
  }
  for (const field of fields) {
    if (field.hidden || field.type === PAGE_BREAK_TYPE || run.visible.has(field.id)) continue;
    if (!isEmptyAnswer(answers[field.id])) run.unreachable.push(field.id);
  }
  return run;
}
