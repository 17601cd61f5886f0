import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AnswerFilter,
  answerFilterParam,
  answerFilterSchema,
  matchesAnswerFilter,
  readAnswerFilterParam,
} from './answer-filter.ts';
import { listQuerySchema } from './api.ts';

const row = {
  answers: {
    role: 'design',
    skills: ['figma', 'css'],
    years: 7,
    notes: 'Worked at ACME for years',
    cv: [{ upload_id: 'u1', name: 'cv.pdf' }],
    start: '2026-03-10',
    empty: '',
  },
  metadata: { quiz: { score: 8, max: 10, passed: true } },
};
const one = (rule: AnswerFilter['rules'][number]) => matchesAnswerFilter({ join: 'and', rules: [rule] }, row);

describe('answer filter rules', () => {
  it('matches a choice that is, or is not, one of the values', () => {
    expect(one({ op: 'is', field: 'role', values: ['design', 'sales'] })).toBe(true);
    expect(one({ op: 'is', field: 'skills', values: ['css'] })).toBe(true);
    expect(one({ op: 'is', field: 'role', values: ['sales'] })).toBe(false);
    expect(one({ op: 'is_not', field: 'skills', values: ['css'] })).toBe(false);
    expect(one({ op: 'is_not', field: 'role', values: ['sales'] })).toBe(true);
    expect(one({ op: 'is_not', field: 'missing', values: ['sales'] })).toBe(true);
  });

  it('matches a choice that is any of several values, or none of them', () => {
    const anyOf = (values: string[]) => one({ op: 'is', field: 'skills', values });
    const noneOf = (values: string[]) => one({ op: 'is_not', field: 'skills', values });
    expect(anyOf(['sql', 'css'])).toBe(true);
    expect(anyOf(['sql', 'go'])).toBe(false);
    expect(noneOf(['sql', 'go'])).toBe(true);
    expect(noneOf(['sql', 'figma'])).toBe(false);
    expect(one({ op: 'is_not', field: 'role', values: ['sales', 'design'] })).toBe(false);
    expect(one({ op: 'is_not', field: 'role', values: ['sales', 'support'] })).toBe(true);
  });

  it('matches numbers, dates and the score within bounds, both included', () => {
    expect(one({ op: 'between', field: 'years', min: 7, max: 7 })).toBe(true);
    expect(one({ op: 'between', field: 'years', min: 8 })).toBe(false);
    expect(one({ op: 'between', field: 'missing', max: 8 })).toBe(false);
    expect(one({ op: 'dates', field: 'start', min: '2026-03-01', max: '2026-03-10' })).toBe(true);
    expect(one({ op: 'dates', field: 'start', min: '2026-03-11' })).toBe(false);
    expect(one({ op: 'score', min: 8 })).toBe(true);
    expect(one({ op: 'score', max: 7 })).toBe(false);
  });

  it('matches text in any letter case, and answered questions', () => {
    expect(one({ op: 'contains', field: 'notes', text: 'acme' })).toBe(true);
    expect(one({ op: 'contains', field: 'notes', text: 'globex' })).toBe(false);
    expect(one({ op: 'present', field: 'cv' })).toBe(true);
    expect(one({ op: 'present', field: 'empty' })).toBe(false);
    expect(one({ op: 'present', field: 'missing' })).toBe(false);
  });

  it('joins rules with AND or OR', () => {
    const rules: AnswerFilter['rules'] = [
      { op: 'is', field: 'role', values: ['sales'] },
      { op: 'between', field: 'years', min: 5 },
    ];
    expect(matchesAnswerFilter({ join: 'and', rules }, row)).toBe(false);
    expect(matchesAnswerFilter({ join: 'or', rules }, row)).toBe(true);
  });
});

describe('answer filter in the URL', () => {
  it('reads back every filter it writes', () => {
    const rule = fc.oneof(
      fc.record({
        op: fc.constant('is' as const),
        field: fc.string({ minLength: 1, maxLength: 20 }),
        values: fc.array(fc.string(), { minLength: 1, maxLength: 4 }),
      }),
      fc.record({
        op: fc.constant('between' as const),
        field: fc.constant('n'),
        min: fc.integer({ max: 0 }),
        max: fc.integer({ min: 0 }),
      }),
      fc.record({
        op: fc.constant('contains' as const),
        field: fc.constant('t'),
        text: fc.stringMatching(/^[a-z&=#%?]{1,20}$/),
      }),
      fc.record({ op: fc.constant('present' as const), field: fc.constant('f') }),
      fc.record({ op: fc.constant('score' as const), min: fc.integer({ min: 0, max: 5 }) }),
    );
    fc.assert(
      fc.property(
        fc.constantFrom('and' as const, 'or' as const),
        fc.array(rule, { minLength: 1, maxLength: 5 }),
        (join, rules) => {
          const filter = answerFilterSchema.parse({ join, rules });
          const url = new URLSearchParams({ where: answerFilterParam(filter) }).toString();
          const back = readAnswerFilterParam(new URLSearchParams(url).get('where')!);
          expect(back).toEqual({ ok: true, filter });
        },
      ),
    );
  });

  it('says what is wrong with a filter it cannot read', () => {
    expect(readAnswerFilterParam('{nope')).toEqual({
      ok: false,
      message: 'The answer filter is not readable JSON',
    });
    const crossed = readAnswerFilterParam(
      JSON.stringify({ join: 'and', rules: [{ op: 'between', field: 'n', min: 5, max: 1 }] }),
    );
    expect(crossed).toMatchObject({ ok: false, message: expect.stringMatching(/lower bound is above/) });
    const open = readAnswerFilterParam(JSON.stringify({ join: 'or', rules: [{ op: 'score' }] }));
    expect(open).toMatchObject({ ok: false, message: expect.stringMatching(/lower or an upper bound/) });
    const unknown = readAnswerFilterParam(
      JSON.stringify({ join: 'xor', rules: [{ op: 'present', field: 'a' }] }),
    );
    expect(unknown).toMatchObject({ ok: false, message: expect.stringMatching(/at join/) });
  });

  it('reads a link with one value as it was written, and asks for a ticked value', () => {
    // A link made when the panel offered one value per condition.
    const older = '{"join":"and","rules":[{"op":"is_not","field":"role","values":["sales"]}]}';
    expect(readAnswerFilterParam(older)).toEqual({
      ok: true,
      filter: { join: 'and', rules: [{ op: 'is_not', field: 'role', values: ['sales'] }] },
    });
    const none = readAnswerFilterParam(
      JSON.stringify({ join: 'and', rules: [{ op: 'is', field: 'role', values: [] }] }),
    );
    expect(none).toMatchObject({ ok: false, message: expect.stringMatching(/Tick at least one value/) });
    const many = Array.from({ length: 51 }, (_, i) => `v${i}`);
    const tooMany = readAnswerFilterParam(
      JSON.stringify({ join: 'and', rules: [{ op: 'is', field: 'role', values: many }] }),
    );
    expect(tooMany).toMatchObject({ ok: false, message: expect.stringMatching(/at most 50 values/) });
  });

  it('is read by the list query, which refuses a bad one', () => {
    const filter: AnswerFilter = { join: 'or', rules: [{ op: 'present', field: 'cv' }] };
    expect(listQuerySchema.parse({ where: answerFilterParam(filter) }).where).toEqual(filter);
    expect(listQuerySchema.safeParse({ where: '[]' }).success).toBe(false);
  });
});
