import { describe, expect, it, vi } from 'vitest';
import { ANSWER_MAX_LENGTH } from '../fields/answer-length.ts';
import { VALIDATION_MESSAGES, validateSubmission } from '../fields/validate.ts';
import { normalizeFields } from '../forms/read-field.ts';
import { checkLogic } from './check.ts';
import { EMPTY_LOGIC, formLogicSchema } from './definition.ts';
import { foldFieldConditions } from './field-rules.ts';
import { logicFieldsOf } from './form-fields.ts';
import { LOGIC_LIMITS, logicLimitProblems } from './limits.ts';
import { runForm } from './run.ts';
import { timeEvaluation, worstCaseLogicForm } from './test-worst-case.ts';

describe('finding 5: the work form logic may ask per submission', () => {
  const worst = worstCaseLogicForm();
  const fields = normalizeFields(worst.wireFields);
  const logic = formLogicSchema.parse(worst.logic);

  it('finding 5: the worst case the limits allow, with the longest answers, is evaluated within 50 ms', () => {
    expect(checkLogic(logicFieldsOf(fields), logic)).toEqual([]);
    expect(logicLimitProblems(fields, logic)).toEqual([]);
    const conditions = logic.rules.reduce((n, r) => n + r.conditions.length, 0);
    expect(conditions).toBe(LOGIC_LIMITS.conditions);
    expect(logic.rules.reduce((n, r) => n + r.actions.length, 0)).toBe(LOGIC_LIMITS.fieldActions);

    const { timings, run, errors } = timeEvaluation(fields, logic, worst.answers, 10);
    // Every rule held (each read all its conditions): every target is shown, half required.
    expect(run.visible.size).toBe(fields.length);
    expect(run.required.size).toBe(LOGIC_LIMITS.actionsPerRule / 2);
    expect(errors).toEqual({});
    // The fastest of ten runs: what the evaluation costs, not what other processes on a busy
    // machine took from it meanwhile (the work itself is a few milliseconds).
    expect(Math.min(...timings), `runs took ${timings.map((t) => t.toFixed(1)).join(', ')} ms`).toBeLessThan(
      50,
    );
  });

  it('finding 5: a rule acting on many questions lowercases a long answer once per run, not once per question', () => {
    const long = 'a'.repeat(ANSWER_MAX_LENGTH.textarea);
    const rules = formLogicSchema.parse({
      rules: [
        {
          id: 'r',
          conditions: Array.from({ length: 50 }, (_, i) => ({
            ref: 'long',
            operator: 'contains',
            value: `x${i}`,
          })),
          actions: Array.from({ length: 20 }, (_, i) => ({ type: 'hide', field: `t${i}` })),
        },
      ],
    });
    const someFields = normalizeFields([
      { id: 'long', type: 'textarea', label: 'Long' },
      ...Array.from({ length: 20 }, (_, i) => ({ id: `t${i}`, type: 'text', label: `T${i}` })),
    ]);
    const lowercase = vi.spyOn(String.prototype, 'toLowerCase');
    try {
      const run = runForm(logicFieldsOf(someFields), rules, { long });
      expect(run.visible.size).toBe(someFields.length);
      const ofTheAnswer = lowercase.mock.contexts.filter((s) => String(s).length === long.length);
      expect(ofTheAnswer).toHaveLength(1);
    } finally {
      lowercase.mockRestore();
    }
  });

  it('finding 5: refuses logic past the limits when saved, naming what to change', () => {
    const many = formLogicSchema.parse({
      rules: Array.from({ length: 21 }, (_, r) => ({
        id: `r${r}`,
        conditions: Array.from({ length: 50 }, () => ({ ref: 'short', operator: 'is_not_empty' })),
        actions: Array.from({ length: 50 }, (_, i) => ({ type: 'show', field: `t${i % 2}` })),
      })),
    });
    const someFields = normalizeFields([
      { id: 'long', type: 'textarea', label: 'Long' },
      { id: 'short', type: 'text', label: 'Short' },
      { id: 't0', type: 'text', label: 'T0' },
      { id: 't1', type: 'text', label: 'T1' },
    ]);
    const problems = logicLimitProblems(someFields, many).map((p) => p.message);
    expect(problems).toEqual([
      expect.stringContaining('at most 1,000 conditions in all'),
      expect.stringContaining('at most 1,000 times in all'),
    ]);

    const searching = formLogicSchema.parse({
      rules: [
        {
          id: 'r',
          conditions: Array.from({ length: 11 }, (_, i) => ({
            ref: 'long',
            operator: 'contains',
            value: `w${i}`,
          })),
          actions: [{ type: 'show', field: 't0' }],
        },
      ],
    });
    expect(logicLimitProblems(someFields, searching)).toEqual([
      {
        path: 'logic.rules.0.conditions.10',
        message: expect.stringContaining("'Contains' conditions may search at most 500,000 characters"),
      },
    ]);
    // A lower maximum length on the question makes room for them.
    const capped = someFields.map((f) =>
      f.id === 'long' && f.type === 'textarea'
        ? { ...f, validation: { ...f.validation, maxLength: 5000 } }
        : f,
    );
    expect(logicLimitProblems(capped, searching)).toEqual([]);
  });

  it("finding 5: counts a question's own show/hide condition as the rule it is folded into", () => {
    const someFields = normalizeFields([
      { id: 'long', type: 'textarea', label: 'Long' },
      {
        id: 't0',
        type: 'text',
        label: 'T0',
        conditional_logic: {
          action: 'show',
          match: 'any',
          conditions: Array.from({ length: 11 }, (_, i) => ({
            field_id: 'long',
            operator: 'contains',
            value: `w${i}`,
          })),
        },
      },
    ]);
    const folded = foldFieldConditions(someFields, EMPTY_LOGIC);
    expect(folded.logic.rules.map((r) => r.id)).toEqual(['field-t0']);
    expect(logicLimitProblems(folded.fields, folded.logic)).toEqual([
      {
        path: 'logic.rules.0.conditions.10',
        message: expect.stringContaining("'Contains' conditions may search at most 500,000 characters"),
      },
    ]);
  });
});

describe('answer lengths per field type', () => {
  const fields = normalizeFields([
    { id: 'short', type: 'text', label: 'Short' },
    { id: 'long', type: 'textarea', label: 'Long' },
    { id: 'email', type: 'email', label: 'Email' },
    { id: 'url', type: 'url', label: 'Site' },
    { id: 'tight', type: 'text', label: 'Tight', validation_rules: { maxLength: 10 } },
    { id: 'pick', type: 'checkbox', label: 'Pick', options: [{ label: 'A' }, { label: 'B' }] },
  ]);
  const byId = new Map(fields.map((f) => [f.id, f]));
  const check = (id: string, value: unknown) => validateSubmission([byId.get(id)!], { [id]: value })[id];

  it('refuses an answer past its type limit with the maximum-length message, on both sides alike', () => {
    expect(check('short', 'a'.repeat(1000))).toBeUndefined();
    expect(check('short', 'a'.repeat(1001))).toBe('Maximum length is 1000 characters');
    expect(check('long', 'a'.repeat(50_000))).toBeUndefined();
    expect(check('long', 'a'.repeat(50_001))).toBe('Maximum length is 50000 characters');
    expect(check('email', `${'a'.repeat(250)}@b.co`)).toBe('Maximum length is 254 characters');
    expect(check('url', `https://example.com/${'a'.repeat(2048)}`)).toBe('Maximum length is 2048 characters');
    expect(check('tight', 'a'.repeat(11))).toBe('Maximum length is 10 characters');
    expect(check('pick', ['A', 'B', 'A'])).toBe(VALIDATION_MESSAGES.option);
  });
});
