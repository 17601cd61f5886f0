import { type FormField, fieldSchema } from '@formsmith/core/forms/field';
import type { Form } from '@formsmith/core/forms/form';
import { formLogicSchema } from '@formsmith/core/logic/definition';
import { describe, expect, it } from 'vitest';
import { fillPath } from './fill-steps.ts';

type TestForm = Pick<Form, 'fields' | 'logic'>;

const field = (raw: Record<string, unknown>): FormField =>
  fieldSchema.parse({ label: '', validation: { required: false }, position: 0, ...raw });

const roles = [
  { id: 'o1', label: 'Student', value: 'student' },
  { id: 'o2', label: 'Teacher', value: 'teacher' },
];

/** Three pages: students jump from the first page straight to the last. */
function threePages(rules: unknown[] = []): TestForm {
  return {
    fields: [
      field({ id: 'name', type: 'text', label: 'Your name', validation: { required: true } }),
      field({ id: 'role', type: 'radio', label: 'You are', options: roles }),
      field({ id: 'p2', type: 'page_break', label: 'Your school' }),
      field({ id: 'school', type: 'text', label: 'School' }),
      field({ id: 'p3', type: 'page_break', label: 'Last, {{name}}' }),
      field({ id: 'rating', type: 'number', label: 'How was it, {{name}}?' }),
      field({ id: 'ref', type: 'hidden', label: 'Source', defaultValue: 'mail' }),
    ],
    logic: formLogicSchema.parse({ rules }),
  };
}

const studentsSkipSchool = {
  id: 'r1',
  page: 'page_1',
  conditions: [{ source: 'field', ref: 'role', operator: 'equals', value: 'student' }],
  actions: [{ type: 'jump', page: 'p3' }],
};

const stepIds = (form: TestForm, answers: Record<string, unknown>, oneAtATime = false) =>
  fillPath({ form, answers, oneAtATime }).steps.map((s) => s.id);

describe('fillPath', () => {
  it('splits the form into a screen per page, each titled by its page break', () => {
    const { steps } = fillPath({ form: threePages(), answers: {}, oneAtATime: false });
    expect(steps.map((s) => [s.id, s.fields.map((f) => f.id)])).toEqual([
      ['page_1', ['name', 'role']],
      ['p2', ['school']],
      ['p3', ['rating']],
    ]);
    expect(steps[1]?.title).toBe('Your school');
  });

  it('gives one screen per question when the form is shown one question at a time', () => {
    expect(stepIds(threePages(), {}, true)).toEqual(['name', 'role', 'school', 'rating']);
  });

  it('leaves a page a jump skips off the path, and its answers out of what is sent', () => {
    const form = threePages([studentsSkipSchool]);
    expect(stepIds(form, { role: 'teacher' })).toEqual(['page_1', 'p2', 'p3']);
    const student = fillPath({ form, answers: { role: 'student', school: 'X' }, oneAtATime: false });
    expect(student.steps.map((s) => s.id)).toEqual(['page_1', 'p3']);
    expect(student.sent.has('school')).toBe(false);
    expect(student.sent.has('rating')).toBe(true);
  });

  it('sends hidden fields though no screen shows them', () => {
    const path = fillPath({ form: threePages(), answers: {}, oneAtATime: false });
    expect(path.steps.flatMap((s) => s.fields.map((f) => f.id))).not.toContain('ref');
    expect(path.sent.has('ref')).toBe(true);
  });

  it('recalls answers given so far in labels and page titles', () => {
    const { steps } = fillPath({ form: threePages(), answers: { name: 'Ada' }, oneAtATime: false });
    const last = steps.at(-1);
    expect(last?.title).toBe('Last, Ada');
    expect(last?.fields[0]?.label).toBe('How was it, Ada?');
  });

  it('marks a question required on its screen while a rule requires it', () => {
    const form = threePages([
      {
        id: 'r2',
        conditions: [{ source: 'field', ref: 'role', operator: 'equals', value: 'teacher' }],
        actions: [{ type: 'require', field: 'school' }],
      },
    ]);
    const requiredSchool = (role: string) =>
      fillPath({ form, answers: { role }, oneAtATime: false })
        .steps.flatMap((s) => s.fields)
        .find((f) => f.id === 'school')?.validation.required;
    expect(requiredSchool('teacher')).toBe(true);
    expect(requiredSchool('student')).toBe(false);
  });

  it('leaves out a page with nothing a respondent can see', () => {
    const form: TestForm = {
      fields: [
        field({ id: 'name', type: 'text', label: 'Your name' }),
        field({ id: 'p2', type: 'page_break', label: 'Behind the scenes' }),
        field({ id: 'total', type: 'calculated', label: 'Total', expression: '1 + 1' }),
        field({ id: 'p3', type: 'page_break', label: 'The end' }),
        field({ id: 'note', type: 'textarea', label: 'Anything else?' }),
      ],
      logic: formLogicSchema.parse({}),
    };
    expect(stepIds(form, {})).toEqual(['page_1', 'p3']);
  });

  it('walking screen by screen with the answers so far gives the path of all the answers at once', () => {
    const form = threePages([studentsSkipSchool]);
    for (const answers of [
      { name: 'Ada', role: 'student', rating: 4 },
      { name: 'Bo', role: 'teacher' },
    ]) {
      const walked: string[] = [];
      const given: Record<string, unknown> = {};
      let at: string | undefined = 'page_1';
      while (at) {
        walked.push(at);
        const screen = fillPath({ form, answers: given, oneAtATime: false }).steps.find((s) => s.id === at);
        for (const f of screen?.fields ?? [])
          if (f.id in answers) given[f.id] = answers[f.id as keyof typeof answers];
        const steps = fillPath({ form, answers: given, oneAtATime: false }).steps;
        at = steps[steps.findIndex((s) => s.id === at) + 1]?.id;
      }
      expect(walked).toEqual(stepIds(form, answers));
    }
  });
});
