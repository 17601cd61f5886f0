import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkLogic } from './check.ts';
import { EMPTY_LOGIC, type FormLogic, formLogicSchema } from './definition.ts';
import { recallText } from './recall.ts';
import { FIRST_PAGE_ID, type LogicField, runForm, splitPages } from './run.ts';

const logic = (partial: Partial<FormLogic>): FormLogic =>
  formLogicSchema.parse({ ...EMPTY_LOGIC, ...partial });

// A three-page form: page 1 asks the role; students jump to page 3; page 3 ends by score.
const fields: LogicField[] = [
  {
    id: 'role',
    type: 'radio',
    label: 'Role',
    required: true,
    options: [{ value: 'student' }, { value: 'teacher' }],
  },
  { id: 'p2', type: 'page_break', label: 'Teachers' },
  { id: 'school', type: 'text', label: 'School', required: true },
  { id: 'p3', type: 'page_break', label: 'Quiz' },
  {
    id: 'q1',
    type: 'radio',
    label: 'Two plus two?',
    options: [
      { value: 'three', points: 0 },
      { value: 'four', points: 5 },
    ],
  },
  { id: 'total', type: 'calculated', label: 'Total', expression: 'score * 2 + bonus' },
  { id: 'ref', type: 'hidden', label: 'Ref', hidden: true },
];
const quizLogic = logic({
  variables: [{ id: 'v_bonus', name: 'bonus', initial: 1 }],
  endings: [
    { id: 'pass', title: 'Well done', message: 'You scored {{score}}, {{role}}', redirectParams: [] },
    { id: 'fail', title: 'Try again', message: '', redirectParams: [] },
  ],
  quiz: { enabled: true, passMark: 5 },
  rules: [
    {
      id: 'r1',
      name: 'Students skip',
      page: FIRST_PAGE_ID,
      match: 'all',
      conditions: [{ source: 'field', ref: 'role', operator: 'equals', value: 'student' }],
      actions: [
        { type: 'jump', page: 'p3' },
        { type: 'variable', variable: 'v_bonus', operation: 'add', value: '10' },
      ],
    },
    {
      id: 'r2',
      page: 'p3',
      match: 'all',
      conditions: [{ source: 'variable', ref: 'score', operator: 'greater_or_equal', value: '5' }],
      actions: [{ type: 'end', ending: 'pass' }],
    },
    { id: 'r3', page: 'p3', match: 'all', conditions: [], actions: [{ type: 'end', ending: 'fail' }] },
  ],
});

describe('form logic engine', () => {
  it('splits pages at page breaks and names each page by its break', () => {
    expect(splitPages(fields.filter((f) => !f.hidden)).map((p) => [p.id, p.fields.map((f) => f.id)])).toEqual(
      [
        ['page_1', ['role']],
        ['p2', ['school']],
        ['p3', ['q1', 'total']],
      ],
    );
  });

  it('follows a jump, applies variables, scores the quiz and picks the ending by score', () => {
    const run = runForm(fields, quizLogic, { role: 'student', q1: 'four', school: 'Sneaky', ref: 'news' });
    expect(run.pages).toEqual(['page_1', 'p3']);
    expect(run.unreachable).toEqual(['school']);
    expect(run.quiz).toEqual({ score: 5, max: 5, passed: true });
    expect(run.variables).toEqual({ v_bonus: 11 });
    expect(run.calculated).toEqual({ total: 21 });
    expect(run.ending).toBe('pass');
    expect(run.values).toMatchObject({ role: 'student', q1: 'four', total: 21, ref: 'news' });
    expect('school' in run.values).toBe(false);
    const message = recallText('You scored {{score}}, {{ role }}; {{nothing}}.', {
      fields,
      logic: quizLogic,
      run,
    });
    expect(message).toBe('You scored 5, student; .');
  });

  it('walks every page without a jump, and a low score takes the other ending', () => {
    const run = runForm(fields, quizLogic, { role: 'teacher', school: 'X', q1: 'three' });
    expect(run.pages).toEqual(['page_1', 'p2', 'p3']);
    expect(run.required).toEqual(new Set(['role', 'school']));
    expect(run.quiz).toEqual({ score: 0, max: 5, passed: false });
    expect(run.ending).toBe('fail');
    // With only the first page answered, the path already says where Next goes.
    expect(runForm(fields, quizLogic, { role: 'teacher' }).pages).toEqual(['page_1', 'p2', 'p3']);
    expect(runForm(fields, quizLogic, { role: 'student' }).pages).toEqual(['page_1', 'p3']);
  });

  it('shows, hides and requires questions by rules on earlier answers', () => {
    const f: LogicField[] = [
      { id: 'a', type: 'number', label: 'Age' },
      { id: 'b', type: 'text', label: 'Guardian' },
      { id: 'c', type: 'date', label: 'Date' },
    ];
    const l = logic({
      rules: [
        {
          id: 'x',
          match: 'all',
          conditions: [{ source: 'field', ref: 'a', operator: 'less_than', value: '18' }],
          actions: [
            { type: 'show', field: 'b' },
            { type: 'require', field: 'b' },
          ],
        },
        {
          id: 'y',
          match: 'any',
          conditions: [{ source: 'field', ref: 'a', operator: 'is_empty' }],
          actions: [{ type: 'hide', field: 'c' }],
        },
      ],
    });
    expect(runForm(f, l, { a: '12' })).toMatchObject({
      visible: new Set(['a', 'b', 'c']),
      required: new Set(['b']),
    });
    expect(runForm(f, l, { a: '40', b: 'x' })).toMatchObject({
      visible: new Set(['a', 'c']),
      unreachable: ['b'],
    });
    expect(runForm(f, l, {}).visible).toEqual(new Set(['a']));
  });

  it('compares dates with before and after', () => {
    const f: LogicField[] = [
      { id: 'd', type: 'date' },
      { id: 'e', type: 'text' },
    ];
    const l = logic({
      rules: [
        {
          id: 'r',
          match: 'all',
          conditions: [{ source: 'field', ref: 'd', operator: 'after', value: '2026-01-01' }],
          actions: [{ type: 'show', field: 'e' }],
        },
      ],
    });
    expect(runForm(f, l, { d: '2026-03-01' }).visible.has('e')).toBe(true);
    expect(runForm(f, l, { d: '2025-12-31' }).visible.has('e')).toBe(false);
  });
});

describe('logic checks when a form is saved', () => {
  it('accepts the quiz form', () => {
    expect(checkLogic(fields, quizLogic)).toEqual([]);
  });

  it('refuses a backward jump, a missing page, a missing ending and a forward reference, naming the rule', () => {
    const bad = logic({
      ...quizLogic,
      rules: [
        {
          id: 'a',
          name: 'Loop',
          page: 'p3',
          match: 'all',
          conditions: [],
          actions: [{ type: 'jump', page: 'p2' }],
        },
        {
          id: 'b',
          page: 'p2',
          match: 'all',
          conditions: [],
          actions: [
            { type: 'jump', page: 'nowhere' },
            { type: 'end', ending: 'gone' },
          ],
        },
        {
          id: 'c',
          page: FIRST_PAGE_ID,
          match: 'all',
          conditions: [{ source: 'field', ref: 'school', operator: 'is_empty' }],
          actions: [{ type: 'jump', page: 'p3' }],
        },
      ],
    });
    expect(checkLogic(fields, bad).map((p) => p.message)).toEqual([
      "Rule 'Loop' jumps back to an earlier page or the same one: that would loop forever, jumps may only go forward",
      'Rule 2 jumps to a page that does not exist',
      'Rule 2 ends with an ending that does not exist',
      "Rule 3 reads 'School', which the respondent has not reached yet",
    ]);
  });

  it('refuses reading the quiz score before the last page, where browsers cannot know it', () => {
    const early = logic({
      ...quizLogic,
      rules: [
        {
          id: 'e',
          name: 'Early score',
          page: FIRST_PAGE_ID,
          match: 'all',
          conditions: [{ source: 'variable', ref: 'score', operator: 'greater_than', value: '1' }],
          actions: [{ type: 'jump', page: 'p3' }],
        },
        {
          id: 's',
          name: 'Shown on score',
          match: 'all',
          conditions: [{ source: 'variable', ref: 'score', operator: 'greater_than', value: '1' }],
          actions: [{ type: 'show', field: 'school' }],
        },
        {
          id: 'v',
          name: 'Bonus from score',
          page: 'p2',
          match: 'all',
          conditions: [],
          actions: [{ type: 'variable', variable: 'v_bonus', operation: 'set', value: 'score + 1' }],
        },
      ],
    });
    const shown = fields.map((f) => (f.id === 'total' ? { ...f, showResult: true } : f));
    const problems = checkLogic(shown, early);
    expect(problems.map((p) => p.path)).toEqual([
      'fields.5.expression',
      'logic.rules.0.conditions.0',
      'logic.rules.1.conditions.0',
      'logic.rules.2.actions.0.value',
    ]);
    expect(problems[1]?.message).toMatch(/^Rule 'Early score' reads the quiz score before the form's end/);
    // The quiz form itself reads the score only on its last page, and hides the calculation.
    expect(checkLogic(fields, quizLogic)).toEqual([]);
  });

  it('refuses calculations that do not parse or read later questions, and plain-http redirects', () => {
    const f: LogicField[] = [
      { id: 'x', type: 'calculated', label: 'X', expression: 'y + 1' },
      { id: 'y', type: 'number', label: 'Y' },
      { id: 'z', type: 'calculated', label: 'Z', expression: 'y +' },
    ];
    const l = logic({
      endings: [{ id: 'e', title: '', message: '', redirectUrl: 'http://example.com', redirectParams: [] }],
    });
    expect(checkLogic(f, l).map((p) => p.message)).toEqual([
      "The calculation of 'X' refers to 'y', which comes later in the form",
      "The calculation of 'Z': The expression ends too early (at character 4)",
      'A redirect address must be a full https:// URL',
    ]);
  });
});

// Random forms: pages of questions, with random jumps between pages.
const randomForm = fc
  .record({
    pageSizes: fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 6 }),
    jumps: fc.array(fc.record({ from: fc.nat(5), to: fc.nat(5), when: fc.constantFrom('a', 'b', null) }), {
      maxLength: 6,
    }),
  })
  .map(({ pageSizes, jumps }) => {
    const fs: LogicField[] = [];
    pageSizes.forEach((size, p) => {
      if (p > 0) fs.push({ id: `pb${p}`, type: 'page_break' });
      for (let i = 0; i < size; i++)
        fs.push({ id: `q${p}_${i}`, type: 'radio', options: [{ value: 'a' }, { value: 'b' }] });
    });
    const pageId = (p: number) => (p === 0 ? FIRST_PAGE_ID : `pb${p}`);
    const rules = jumps
      .filter((j) => j.from < pageSizes.length && j.to < pageSizes.length)
      .map((j, i) => ({
        id: `r${i}`,
        page: pageId(j.from),
        match: 'all' as const,
        conditions: j.when
          ? [{ source: 'field' as const, ref: `q${j.from}_0`, operator: 'equals' as const, value: j.when }]
          : [],
        actions: [{ type: 'jump' as const, page: pageId(j.to) }],
        backward: j.to <= j.from,
      }));
    return {
      fields: fs,
      logic: logic({ rules: rules.map(({ backward: _, ...r }) => r) }),
      hasBackward: rules.some((r) => r.backward),
    };
  });
const randomAnswers = fc.dictionary(fc.stringMatching(/^q[0-5]_[0-2]$/), fc.constantFrom('a', 'b'));

describe('logic engine properties', () => {
  it('refuses every jump graph with a cycle, and accepted graphs always end with each page visited once', () => {
    fc.assert(
      fc.property(randomForm, randomAnswers, (form, answers) => {
        const problems = checkLogic(form.fields, form.logic);
        expect(problems.some((p) => p.message.includes('jumps back'))).toBe(form.hasBackward);
        const run = runForm(form.fields, form.logic, answers);
        expect(new Set(run.pages).size).toBe(run.pages.length);
      }),
    );
  });

  it('the page-by-page walk a browser makes agrees with the server recomputing the whole path', () => {
    fc.assert(
      fc.property(randomForm, randomAnswers, (form, answers) => {
        // The browser: start on page 1, answer what is shown, press Next until the form ends.
        const given: Record<string, unknown> = {};
        const walked: string[] = [];
        let page: string | null = FIRST_PAGE_ID;
        const pages = splitPages(form.fields);
        while (page) {
          walked.push(page);
          const current = pages.find((p) => p.id === page);
          for (const f of current?.fields ?? []) if (answers[f.id] !== undefined) given[f.id] = answers[f.id];
          // Next, as the fill page takes it: the path for the answers so far, one page on.
          const path = runForm(form.fields, form.logic, given).pages;
          const at: number = path.indexOf(page);
          page = at === -1 ? null : (path[at + 1] ?? null);
        }
        // The server gets everything the client had, and agrees on the path and the answers kept.
        const server = runForm(form.fields, form.logic, answers);
        expect(server.pages).toEqual(walked);
        expect(server.values).toEqual(runForm(form.fields, form.logic, given).values);
        // An answer to a page off the path is reported as unreachable.
        for (const id of Object.keys(answers)) {
          if (!form.fields.some((f) => f.id === id)) continue;
          const onPath = pages.some((p) => walked.includes(p.id) && p.fields.some((f) => f.id === id));
          expect(server.unreachable.includes(id)).toBe(!onPath);
        }
      }),
    );
  });
});
