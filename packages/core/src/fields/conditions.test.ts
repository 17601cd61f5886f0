import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Condition, FormField } from '../forms/field.ts';
import { conditionHolds, visibleFields } from './conditions.ts';
import { CONDITION_OPERATORS } from './constants.ts';
import { makeField } from './test-fields.ts';

const cond = (operator: Condition['operator'], value?: string): Condition => ({
  fieldId: 'a',
  operator,
  value,
});

describe('conditionHolds', () => {
  it.each([
    ['equals', 'yes', 'yes', true],
    ['equals', 'yes', 'no', false],
    ['equals', '5', 5, true],
    ['equals', 'red', ['blue', 'red'], true],
    ['not_equals', 'yes', 'no', true],
    ['not_equals', 'yes', 'yes', false],
    ['not_equals', 'yes', undefined, true],
    ['contains', 'ell', 'Hello', true],
    ['contains', 'xyz', 'Hello', false],
    ['contains', 'ed', ['red'], true],
    ['greater_than', '10', '11', true],
    ['greater_than', '10', '9', false],
    ['greater_than', '10', 'abc', false],
    ['less_than', '10', 9, true],
    ['less_than', '2025-01-01', '2024-12-31', true],
  ] as const)('%s %j against %j is %s', (operator, value, answer, expected) => {
    expect(conditionHolds(cond(operator, value), answer)).toBe(expected);
  });

  it('tells empty answers', () => {
    for (const empty of [undefined, null, '', ' ', [], false]) {
      expect(conditionHolds(cond('is_empty'), empty)).toBe(true);
      expect(conditionHolds(cond('is_not_empty'), empty)).toBe(false);
    }
    expect(conditionHolds(cond('is_not_empty'), 'x')).toBe(true);
  });
});

describe('visibility', () => {
  const a = makeField('text', { id: 'a' });
  const b = makeField('text', {
    id: 'b',
    conditionalLogic: {
      action: 'show',
      match: 'all',
      conditions: [{ fieldId: 'a', operator: 'equals', value: 'go' }],
    },
  });
  const c = makeField('text', {
    id: 'c',
    conditionalLogic: {
      action: 'hide',
      match: 'any',
      conditions: [{ fieldId: 'b', operator: 'is_not_empty' }],
    },
  });

  it('shows and hides by the answers', () => {
    const shown = (data: Record<string, unknown>) => visibleFields([a, b, c], data).map((f) => f.id);
    expect(shown({ a: 'go' })).toContain('b');
    expect(shown({ a: 'stop' })).not.toContain('b');
  });

  it('treats the answer of a field hidden by logic as empty', () => {
    const shown = (data: Record<string, unknown>) => visibleFields([a, b, c], data).map((f) => f.id);
    expect(shown({ a: 'go', b: 'x' })).not.toContain('c');
    expect(shown({ a: 'stop', b: 'x' })).toContain('c');
  });

  it('leaves out hidden fields from what respondents see', () => {
    const hidden = makeField('text', { id: 'h', isHidden: true });
    const hiddenType = makeField('hidden', { id: 'ht' });
    expect(visibleFields([a, hidden, hiddenType, b], { a: 'stop' }).map((f) => f.id)).toEqual(['a']);
  });

  it('ends on reference cycles', () => {
    const logic = (id: string) => ({
      action: 'show' as const,
      match: 'all' as const,
      conditions: [{ fieldId: id, operator: 'is_empty' as const }],
    });
    const x = makeField('text', { id: 'x', conditionalLogic: logic('y') });
    const y = makeField('text', { id: 'y', conditionalLogic: logic('x') });
    const self = makeField('text', { id: 's', conditionalLogic: logic('s') });
    expect(visibleFields([x, y, self], {}).length).toBeLessThanOrEqual(3);
    expect(visibleFields([x, y, self], { x: 'v' }).length).toBeLessThanOrEqual(3);
  });

  it('is total and fast on arbitrary logic graphs', () => {
    const fieldsArb = fc.array(
      fc.record({
        ref: fc.array(fc.nat({ max: 30 }), { maxLength: 4 }),
        op: fc.constantFrom(...CONDITION_OPERATORS),
        action: fc.constantFrom('show' as const, 'hide' as const),
        match: fc.constantFrom('all' as const, 'any' as const),
      }),
      { maxLength: 30 },
    );
    fc.assert(
      fc.property(fieldsArb, fc.dictionary(fc.string(), fc.anything()), (specs, data) => {
        const fields: FormField[] = specs.map((spec, i) =>
          makeField('text', {
            id: String(i),
            conditionalLogic: {
              action: spec.action,
              match: spec.match,
              conditions: spec.ref.map((r) => ({ fieldId: String(r), operator: spec.op, value: '1' })),
            },
          }),
        );
        const shown = visibleFields(fields, data);
        expect(shown.length).toBeLessThanOrEqual(fields.length);
      }),
      { numRuns: 200 },
    );
  });
});
