import { ANSWER_MAX_LENGTH, answerLengthError } from '../fields/answer-length.ts';
import { VALIDATION_MESSAGES, validateSubmission } from '../fields/validate.ts';
import type { FormField } from '../forms/field.ts';
import type { FormLogic, LogicCondition } from './definition.ts';
import { logicFieldsOf } from './form-fields.ts';
import { LOGIC_LIMITS } from './limits.ts';
import { type FormRun, runForm } from './run.ts';

/**
 * For tests (core's and the API's): the form whose logic asks the most work the save limits allow,
 * and answers that make that work as slow as it gets. A long-text question takes the longest answer
 * allowed, all one letter, and 'does not contain' looks in it for that letter repeated and then
 * another (the slowest search there is); as many such conditions as the searched-characters limit
 * allows, and the other conditions up to the limit hold too, so every rule reads all of its
 * conditions. Every rule acts on as many questions as the limits allow, each question targeted by
 * many rules.
 */
export function worstCaseLogicForm() {
  const perRule = LOGIC_LIMITS.conditionsPerRule;
  const ruleCount = Math.min(LOGIC_LIMITS.rules, Math.floor(LOGIC_LIMITS.conditions / perRule));
  const actionsPerRule = Math.min(
    LOGIC_LIMITS.actionsPerRule,
    Math.floor(LOGIC_LIMITS.fieldActions / ruleCount),
  );
  const searches = Math.floor(LOGIC_LIMITS.searchedCharacters / ANSWER_MAX_LENGTH.textarea);
  const targets = Array.from({ length: actionsPerRule }, (_, i) => `t${i}`);

  const wireFields = [
    { id: 'long', type: 'textarea', label: 'Tell us everything' },
    { id: 'short', type: 'text', label: 'In a line' },
    ...targets.map((id) => ({ id, type: 'text', label: `Question ${id}` })),
  ];
  const needleLengths = [6, 7, 30, 1000];
  let made = 0;
  const condition = (): LogicCondition => {
    const n = made++;
    if (n < searches) {
      const length = needleLengths[n % needleLengths.length] as number;
      return { source: 'field', ref: 'long', operator: 'not_contains', value: `${'a'.repeat(length - 1)}b` };
    }
    const kinds: LogicCondition[] = [
      { source: 'field', ref: 'long', operator: 'is_not_empty' },
      { source: 'field', ref: 'long', operator: 'not_equals', value: `${'a'.repeat(999)}b` },
      { source: 'field', ref: 'long', operator: 'greater_or_equal', value: '9999-12-31' },
      { source: 'field', ref: 'short', operator: 'equals', value: 'a'.repeat(ANSWER_MAX_LENGTH.text) },
    ];
    return kinds[n % kinds.length] as LogicCondition;
  };
  const rules = Array.from({ length: ruleCount }, (_, r) => ({
    id: `r${r}`,
    name: `Rule ${r}`,
    match: 'all' as const,
    conditions: Array.from({ length: perRule }, condition),
    actions: targets.map((field, i) => ({
      type: (i % 2 === 0 ? 'show' : 'require') as 'show' | 'require',
      field,
    })),
  }));
  const logic = {
    rules,
    variables: [],
    endings: [],
    quiz: { enabled: false, passMark: null },
    unreachableAnswers: 'drop' as const,
  };
  const answers: Record<string, unknown> = {
    long: 'a'.repeat(ANSWER_MAX_LENGTH.textarea),
    short: 'a'.repeat(ANSWER_MAX_LENGTH.text),
    ...Object.fromEntries(targets.map((id) => [id, 'x'])),
  };
  return { wireFields, logic, answers };
}

/**
 * Times what the server runs of core on a submission's answers before it stores them (the length
 * check, the logic run, validation of the questions it shows), `runs` times: each run's milliseconds,
 * and the last run's results to check.
 */
export function timeEvaluation(
  fields: FormField[],
  logic: FormLogic,
  answers: Record<string, unknown>,
  runs: number,
): { timings: number[]; run: FormRun; errors: Record<string, string> } {
  const timings: number[] = [];
  let last: { run: FormRun; errors: Record<string, string> } | undefined;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    for (const field of fields) answerLengthError(field, answers[field.id], VALIDATION_MESSAGES);
    const run = runForm(logicFieldsOf(fields), logic, answers);
    const errors = validateSubmission(fields, answers, VALIDATION_MESSAGES, run.visible);
    timings.push(performance.now() - start);
    last = { run, errors };
  }
  return { timings, ...(last as { run: FormRun; errors: Record<string, string> }) };
}
