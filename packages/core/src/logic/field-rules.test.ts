import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONDITION_OPERATORS } from '../fields/constants.ts';
import type { ConditionalLogic } from '../forms/field.ts';
import { operatorHolds } from './conditions.ts';
import { EMPTY_LOGIC, type FormLogic, LOGIC_OPERATORS, type LogicRule } from './definition.ts';
import { foldFieldConditions, questionRuleId, questionRuleOf } from './field-rules.ts';
import { type LogicField, runForm } from './run.ts';

type OldField = { id: string; conditionalLogic?: ConditionalLogic };

/**
 * How a question's own condition decided, as it did before conditions became rules: kept here
 * as the reference the conversion is checked against. A question read by a condition counts as
 * empty when its own condition hides it, or when the conditions go round in a circle.
 */
function oldVisibility(fields: OldField[], data: Record<string, unknown>): Map<string, boolean> {
  const byId = new Map(fields.map((f) => [f.id, f]));
  const settled = new Map<string, boolean>();
  const visit = (id: string, path: Set<string>): boolean => {
    const known = settled.get(id);
    if (known !== undefined) return known;
    const logic = byId.get(id)?.conditionalLogic;
    if (!logic || logic.conditions.length === 0) {
      settled.set(id, true);
      return true;
    }
    if (path.has(id)) return false;
    path.add(id);
    const results = logic.conditions.map((c) => {
      const shown = byId.has(c.fieldId) && visit(c.fieldId, path);
      return operatorHolds(c.operator, shown ? data[c.fieldId] : undefined, c.value);
    });
    path.delete(id);
    const matched = logic.match === 'all' ? results.every(Boolean) : results.some(Boolean);
    const visible = logic.action === 'show' ? matched : !matched;
    settled.set(id, visible);
    return visible;
  };
  return new Map(fields.map((f) => [f.id, visit(f.id, new Set())]));
}

/** The questions shown, as the server decided before: conditions first, then the rules. */
function shownBefore(fields: OldField[], logic: FormLogic, answers: Record<string, unknown>): string[] {
  const visibility = oldVisibility(fields, answers);
  const kept = Object.fromEntries(Object.entries(answers).filter(([id]) => visibility.get(id) !== false));
  const run = runForm(asLogicFields(fields), logic, kept);
  return fields.filter((f) => visibility.get(f.id) !== false && run.visible.has(f.id)).map((f) => f.id);
}

function shownNow(fields: OldField[], logic: FormLogic, answers: Record<string, unknown>): string[] {
  const folded = foldFieldConditions(fields, logic);
  expect(folded.fields.every((f) => f.conditionalLogic === undefined)).toBe(true);
  const run = runForm(asLogicFields(folded.fields), folded.logic, answers);
  return folded.fields.filter((f) => run.visible.has(f.id)).map((f) => f.id);
}

const asLogicFields = (fields: OldField[]): LogicField[] =>
  fields.map((f) => ({ id: f.id, type: 'text', label: f.id }));

const VALUES = [undefined, '', 'a', 'b', 'A b', '5', '10', '2026-01-01'];
const ANSWERS = [undefined, null, '', ' ', 'a', 'b', 'A b', '5', '12', 7, '2026-03-01', ['a', '5'], []];

const idOf = (i: number) => `f${i}`;

/**
 * A form of up to seven questions, each maybe with its own condition on questions up to itself
 * (or on one that does not exist), and rules of the logic tab acting on questions no condition
 * reads, as the editors allow.
 */
const formArb = fc.integer({ min: 1, max: 7 }).chain((n) => {
  const conditionArb = (i: number) =>
    fc.record(
      {
        fieldId: fc.oneof(fc.integer({ min: 0, max: i }).map(idOf), fc.constant('gone')),
        operator: fc.constantFrom(...CONDITION_OPERATORS),
        value: fc.constantFrom(...VALUES),
      },
      { requiredKeys: ['fieldId', 'operator'] },
    );
  const ownArb = (i: number) =>
    fc.option(
      fc.record({
        action: fc.constantFrom('show' as const, 'hide' as const),
        match: fc.constantFrom('all' as const, 'any' as const),
        conditions: fc.array(conditionArb(i), { maxLength: 3 }),
      }),
      { nil: undefined },
    );
  const ruleArb = fc.record({
    target: fc.integer({ min: 0, max: n - 1 }),
    effect: fc.constantFrom('show' as const, 'hide' as const, 'require' as const),
    match: fc.constantFrom('all' as const, 'any' as const),
    conditions: fc.array(
      fc.record({
        at: fc.nat(),
        operator: fc.constantFrom(...LOGIC_OPERATORS),
        value: fc.constantFrom(...VALUES),
      }),
      { maxLength: 3 },
    ),
  });
  return fc.record({
    own: fc.tuple(...Array.from({ length: n }, (_, i) => ownArb(i))),
    rules: fc.array(ruleArb, { maxLength: 4 }),
    answers: fc.tuple(...Array.from({ length: n }, () => fc.constantFrom(...ANSWERS))),
  });
});

function build(input: {
  own: (ConditionalLogic | undefined)[];
  rules: {
    target: number;
    effect: 'show' | 'hide' | 'require';
    match: 'all' | 'any';
    conditions: { at: number; operator: LogicRule['conditions'][number]['operator']; value?: string }[];
  }[];
  answers: unknown[];
}) {
  const fields: OldField[] = input.own.map((own, i) =>
    own ? { id: idOf(i), conditionalLogic: own } : { id: idOf(i) },
  );
  const read = new Set(input.own.flatMap((own) => own?.conditions.map((c) => c.fieldId) ?? []));
  const rules: LogicRule[] = input.rules
    .filter((r) => !read.has(idOf(r.target)))
    .map((r, k) => ({
      id: `r${k}`,
      match: r.match,
      conditions: r.conditions.map((c) => ({
        source: 'field' as const,
        ref: idOf(c.at % (r.target + 1)),
        operator: c.operator,
        ...(c.value === undefined ? {} : { value: c.value }),
      })),
      actions: [{ type: r.effect, field: idOf(r.target) }],
    }));
  const answers = Object.fromEntries(input.answers.map((a, i) => [idOf(i), a]));
  return { fields, logic: { ...EMPTY_LOGIC, rules }, answers };
}

describe('a question’s own condition read in as a rule', () => {
  it('shows and hides exactly the questions the condition did, for every operator', () => {
    fc.assert(
      fc.property(formArb, (input) => {
        const { fields, logic, answers } = build(input);
        expect(shownNow(fields, logic, answers)).toEqual(shownBefore(fields, logic, answers));
      }),
      { numRuns: 600 },
    );
    // Six hundred forms take a few seconds on a busy machine.
  }, 30_000);

  it.each(CONDITION_OPERATORS)(
    'keeps %s, shown alone or beside a rule that shows the question',
    (operator) => {
      const own: ConditionalLogic = {
        action: 'show',
        match: 'all',
        conditions: [{ fieldId: 'f0', operator, value: '5' }],
      };
      const fields: OldField[] = [{ id: 'f0' }, { id: 'f1' }, { id: 'f2', conditionalLogic: own }];
      const alsoShown: FormLogic = {
        ...EMPTY_LOGIC,
        rules: [
          {
            id: 'r',
            match: 'any',
            conditions: [
              { source: 'field', ref: 'f1', operator: 'equals', value: 'a' },
              { source: 'field', ref: 'f1', operator: 'equals', value: 'b' },
            ],
            actions: [
              { type: 'show', field: 'f2' },
              { type: 'require', field: 'f1' },
            ],
          },
        ],
      };
      for (const logic of [EMPTY_LOGIC, alsoShown]) {
        for (const f0 of ANSWERS) {
          for (const f1 of ['a', 'b', 'c']) {
            const answers = { f0, f1 };
            expect(shownNow(fields, logic, answers), JSON.stringify(answers)).toEqual(
              shownBefore(fields, logic, answers),
            );
          }
        }
      }
    },
  );

  it('leaves a form without conditions as it was', () => {
    const logic = { ...EMPTY_LOGIC };
    const folded = foldFieldConditions([{ id: 'a' }], logic);
    expect(folded.logic).toBe(logic);
    expect(folded.fields).toEqual([{ id: 'a' }]);
  });

  it('names the rule after the question, apart from the rules already there', () => {
    const logic: FormLogic = {
      ...EMPTY_LOGIC,
      rules: [{ id: 'field-b', match: 'all', conditions: [], actions: [{ type: 'hide', field: 'a' }] }],
    };
    const own: ConditionalLogic = {
      action: 'hide',
      match: 'any',
      conditions: [{ fieldId: 'a', operator: 'is_empty' }],
    };
    const folded = foldFieldConditions([{ id: 'a' }, { id: 'b', conditionalLogic: own }], logic);
    expect(folded.logic.rules.map((r) => r.id)).toEqual(['field-b', 'field-b-2']);
    expect(folded.logic.rules[1]).toEqual({
      id: 'field-b-2',
      match: 'any',
      conditions: [{ source: 'field', ref: 'a', operator: 'is_empty' }],
      actions: [{ type: 'hide', field: 'b' }],
    });
  });
});

describe("a question's own rule, as its properties edit it", () => {
  const rule = (actions: LogicRule['actions'], id = 'field-b'): LogicRule => ({
    id,
    match: 'all',
    conditions: [{ source: 'field', ref: 'a', operator: 'is_not_empty' }],
    actions,
  });
  const logicOf = (...rules: LogicRule[]): FormLogic => ({ ...EMPTY_LOGIC, rules });

  it('is the rule named after the question that only shows or only hides it', () => {
    const shows = rule([{ type: 'show', field: 'b' }]);
    const hides = rule([{ type: 'hide', field: 'b' }]);
    expect(questionRuleOf(logicOf(rule([], 'r1'), shows), 'b')).toEqual({ rule: shows, index: 1 });
    expect(questionRuleOf(logicOf(hides), 'b')?.rule).toBe(hides);
  });

  it('is none when that rule does more, acts on another question, or is not there', () => {
    expect(questionRuleOf(logicOf(rule([{ type: 'require', field: 'b' }])), 'b')).toBeNull();
    expect(questionRuleOf(logicOf(rule([{ type: 'show', field: 'c' }])), 'b')).toBeNull();
    expect(
      questionRuleOf(
        logicOf(
          rule([
            { type: 'show', field: 'b' },
            { type: 'require', field: 'b' },
          ]),
        ),
        'b',
      ),
    ).toBeNull();
    expect(questionRuleOf(logicOf(rule([{ type: 'show', field: 'b' }], 'r1')), 'b')).toBeNull();
  });

  it('is where a folded condition lands', () => {
    const own: ConditionalLogic = {
      action: 'show',
      match: 'all',
      conditions: [{ fieldId: 'a', operator: 'is_empty' }],
    };
    const folded = foldFieldConditions([{ id: 'a' }, { id: 'b', conditionalLogic: own }], EMPTY_LOGIC);
    expect(questionRuleOf(folded.logic, 'b')?.rule.id).toBe(questionRuleId('b'));
  });
});
