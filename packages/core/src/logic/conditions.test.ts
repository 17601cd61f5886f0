import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeField } from '../fields/test-fields.ts';
import { operatorHolds } from './conditions.ts';
import { LOGIC_OPERATORS } from './definition.ts';
import { ownRule, shownIds } from './test-rules.ts';

describe('operatorHolds', () => {
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
    expect(operatorHolds(operator, answer, value)).toBe(expected);
  });

  it('tells empty answers', () => {
    for (const empty of [undefined, null, '', ' ', [], false]) {
      expect(operatorHolds('is_empty', empty)).toBe(true);
      expect(operatorHolds('is_not_empty', empty)).toBe(false);
    }
    expect(operatorHolds('is_not_empty', 'x')).toBe(true);
  });
});

describe("visibility by questions' own rules", () => {
  const a = makeField('text', { id: 'a' });
  const b = makeField('text', { id: 'b' });
  const c = makeField('text', { id: 'c' });
  const rules = [
    ownRule('b', 'show', 'all', [{ ref: 'a', operator: 'equals', value: 'go' }]),
    ownRule('c', 'hide', 'any', [{ ref: 'b', operator: 'is_not_empty' }]),
  ];

  it('shows and hides by the answers', () => {
    expect(shownIds([a, b, c], rules, { a: 'go' })).toContain('b');
    expect(shownIds([a, b, c], rules, { a: 'stop' })).not.toContain('b');
  });

  it('treats the answer of a question a rule hides as empty', () => {
    expect(shownIds([a, b, c], rules, { a: 'go', b: 'x' })).not.toContain('c');
    expect(shownIds([a, b, c], rules, { a: 'stop', b: 'x' })).toContain('c');
  });

  it('leaves out hidden fields from what respondents see', () => {
    const hidden = makeField('text', { id: 'h', isHidden: true });
    const hiddenType = makeField('hidden', { id: 'ht' });
    expect(shownIds([a, hidden, hiddenType, b], rules, { a: 'stop' })).toEqual(['a']);
  });

  it('reads a question not reached yet, or the question itself, as empty', () => {
    const x = makeField('text', { id: 'x' });
    const y = makeField('text', { id: 'y' });
    const self = makeField('text', { id: 's' });
    const cycle = [
      ownRule('x', 'show', 'all', [{ ref: 'y', operator: 'is_empty' }]),
      ownRule('y', 'show', 'all', [{ ref: 'x', operator: 'is_empty' }]),
      ownRule('s', 'show', 'all', [{ ref: 's', operator: 'is_empty' }]),
    ];
    expect(shownIds([x, y, self], cycle, {})).toEqual(['x', 'y', 's']);
    expect(shownIds([x, y, self], cycle, { x: 'v', y: 'w', s: 'z' })).toEqual(['x', 's']);
  });

  it('is total and fast on arbitrary rules between questions', () => {
    const specsArb = fc.array(
      fc.record({
        ref: fc.array(fc.nat({ max: 30 }), { maxLength: 4 }),
        op: fc.constantFrom(...LOGIC_OPERATORS),
        action: fc.constantFrom('show' as const, 'hide' as const),
        match: fc.constantFrom('all' as const, 'any' as const),
      }),
      { maxLength: 30 },
    );
    fc.assert(
      fc.property(specsArb, fc.dictionary(fc.string(), fc.anything()), (specs, data) => {
        const fields = specs.map((_, i) => makeField('text', { id: String(i) }));
        const rules = specs.map((spec, i) =>
          ownRule(
            String(i),
            spec.action,
            spec.match,
            spec.ref.map((r) => ({ ref: String(r), operator: spec.op, value: '1' })),
          ),
        );
        expect(shownIds(fields, rules, data).length).toBeLessThanOrEqual(fields.length);
      }),
      { numRuns: 200 },
    );
  });
});
