import { ANSWER_MAX_LENGTH, answerMaxLength } from '../fields/answer-length.ts';
import type { FormField } from '../forms/field.ts';
import type { LogicProblem } from './check.ts';
import type { FormLogic } from './definition.ts';

/**
 * How much work a form's logic may ask of the server per submission, checked when the form is
 * published (a draft keeps what the owner typed, and the editor lists what is over). The engine reads each answer once per run and works each rule out once (answer-reads.ts,
 * run.ts), so what remains is one pass per condition: the number of conditions, the number of
 * questions rules act on, and for 'contains' the characters searched (each such condition scans
 * the whole answer it reads, up to that question's maximum length).
 */
export const LOGIC_LIMITS = {
  rules: 500,
  conditionsPerRule: 50,
  actionsPerRule: 50,
  /** Every rule's conditions together. */
  conditions: 1000,
  /** Show, hide and require actions over all the rules. */
  fieldActions: 1000,
  /** Characters 'contains' and 'does not contain' may search in one submission's answers. */
  searchedCharacters: 500_000,
} as const;

const SEARCHING = new Set(['contains', 'not_contains']);

const count = (n: number) => n.toLocaleString('en-US');

/**
 * The limits above a form's logic passes, as problems under the path of the part that passes them
 * (the rules, or the condition at which the search goes over), with what to do about it. A
 * question's own show/hide condition is one of the rules (logic/field-rules.ts): forms are read in
 * with those folded, so the fields' legacy `conditionalLogic` is not read here.
 */
export function logicLimitProblems(fields: readonly FormField[], logic: FormLogic): LogicProblem[] {
  const problems: LogicProblem[] = [];
  const byId = new Map(fields.map((field) => [field.id, field]));
  const conditions = logic.rules.reduce((n, rule) => n + rule.conditions.length, 0);
  if (conditions > LOGIC_LIMITS.conditions) {
    problems.push({
      path: 'logic.rules',
      message: `A form may have at most ${count(LOGIC_LIMITS.conditions)} conditions in all (over every rule, questions' own show/hide rules included); this one has ${count(conditions)}`,
    });
  }
  const fieldActions = logic.rules.reduce(
    (n, rule) =>
      n + rule.actions.filter((a) => a.type === 'show' || a.type === 'hide' || a.type === 'require').length,
    0,
  );
  if (fieldActions > LOGIC_LIMITS.fieldActions) {
    problems.push({
      path: 'logic.rules',
      message: `Rules may show, hide or require questions at most ${count(LOGIC_LIMITS.fieldActions)} times in all; this form's rules do ${count(fieldActions)}`,
    });
  }

  let searched = 0;
  let over: string | null = null;
  const search = (fieldId: string, path: string) => {
    const field = byId.get(fieldId);
    if (!field) return;
    searched += answerMaxLength(field);
    if (over === null && searched > LOGIC_LIMITS.searchedCharacters) over = path;
  };
  logic.rules.forEach((rule, i) => {
    rule.conditions.forEach((c, j) => {
      if (c.source === 'field' && SEARCHING.has(c.operator))
        search(c.ref, `logic.rules.${i}.conditions.${j}`);
    });
  });
  if (over !== null) {
    problems.push({
      path: over,
      message: `'Contains' conditions may search at most ${count(LOGIC_LIMITS.searchedCharacters)} characters of answers per response, and this form's search up to ${count(searched)} (each counts its question's longest answer: ${count(ANSWER_MAX_LENGTH.textarea)} for a long text, ${count(ANSWER_MAX_LENGTH.text)} for a short one). Use fewer of them on long answers, or give those questions a lower maximum length`,
    });
  }
  return problems;
}
