import { VALIDATION_MESSAGES } from '@formsmith/core/fields/validate';
import { type FormField, fieldSchema } from '@formsmith/core/forms/field';
import type { Form } from '@formsmith/core/forms/form';
import { formLogicSchema } from '@formsmith/core/logic/definition';
import { describe, expect, it } from 'vitest';
import { planFillPost, stepWithErrors } from './plan-post.ts';

const field = (raw: Record<string, unknown>): FormField =>
  fieldSchema.parse({ label: '', validation: { required: false }, position: 0, ...raw });

const REQUIRED = VALIDATION_MESSAGES.required;

/** Name and age on page 1 (name required), a comment on page 2; adults skip page 2. */
const form: Pick<Form, 'fields' | 'logic' | 'display'> = {
  fields: [
    field({ id: 'name', type: 'text', label: 'Name', validation: { required: true } }),
    field({ id: 'age', type: 'number', label: 'Age', validation: { required: false, min: 0, max: 130 } }),
    field({ id: 'p2', type: 'page_break', label: 'Guardian' }),
    field({ id: 'guardian', type: 'text', label: 'Guardian', validation: { required: true } }),
    field({ id: 'p3', type: 'page_break', label: 'Comments' }),
    field({ id: 'comment', type: 'textarea', label: 'Comment' }),
  ],
  logic: formLogicSchema.parse({
    rules: [
      {
        id: 'adults',
        page: 'page_1',
        conditions: [{ source: 'field', ref: 'age', operator: 'greater_or_equal', value: '18' }],
        actions: [{ type: 'jump', page: 'p3' }],
      },
    ],
  }),
  display: 'classic',
};

describe('planFillPost', () => {
  it('keeps the respondent on a screen left with a required answer missing, with its error', () => {
    const plan = planFillPost({ form, values: { name: '', age: '12' }, stepId: 'page_1', action: 'next' });
    expect(plan).toEqual({ kind: 'show', stepId: 'page_1', errors: { name: REQUIRED } });
  });

  it('goes on to the screen logic leads to once the screen is valid', () => {
    const child = planFillPost({
      form,
      values: { name: 'Ada', age: '12' },
      stepId: 'page_1',
      action: 'next',
    });
    expect(child).toEqual({ kind: 'show', stepId: 'p2', errors: {} });
    const adult = planFillPost({
      form,
      values: { name: 'Ada', age: '40' },
      stepId: 'page_1',
      action: 'next',
    });
    expect(adult).toEqual({ kind: 'show', stepId: 'p3', errors: {} });
  });

  it('goes back one screen without checking the one left, and stays on the first', () => {
    const values = { name: 'Ada', age: '12', guardian: '' };
    expect(planFillPost({ form, values, stepId: 'p2', action: 'back' })).toEqual({
      kind: 'show',
      stepId: 'page_1',
      errors: {},
    });
    expect(planFillPost({ form, values, stepId: 'page_1', action: 'back' })).toEqual({
      kind: 'show',
      stepId: 'page_1',
      errors: {},
    });
  });

  it('reads a step the path does not have as the first screen', () => {
    const plan = planFillPost({ form, values: { name: '' }, stepId: 'no-such-step', action: 'next' });
    expect(plan).toEqual({ kind: 'show', stepId: 'page_1', errors: { name: REQUIRED } });
  });

  it('shows the first screen, without errors, once the access code opens the form', () => {
    expect(planFillPost({ form, values: {}, stepId: null, action: 'access' })).toEqual({
      kind: 'show',
      stepId: 'page_1',
      errors: {},
    });
  });

  it('checks every screen again on submit and shows the first that has an error', () => {
    // The name was emptied after its Next (the answers travel in hidden inputs).
    const plan = planFillPost({
      form,
      values: { name: '', age: '12', guardian: 'Bo', comment: 'Hi' },
      stepId: 'p3',
      action: 'submit',
    });
    expect(plan).toEqual({ kind: 'show', stepId: 'page_1', errors: { name: REQUIRED } });
  });

  it('submits only the answers on the path, numbers as numbers', () => {
    const plan = planFillPost({
      form,
      values: { name: 'Ada', age: '40', guardian: 'left over', comment: 'Hi' },
      stepId: 'p3',
      action: 'submit',
    });
    expect(plan).toEqual({ kind: 'submit', data: { name: 'Ada', age: 40, comment: 'Hi' } });
  });

  it('refuses an answer out of its range on its own screen, in the language of the messages given', () => {
    const messages = { ...VALIDATION_MESSAGES, max: (n: number) => `Au plus ${n}` };
    const plan = planFillPost({
      form,
      values: { name: 'Ada', age: '200' },
      stepId: 'page_1',
      action: 'next',
      messages,
    });
    expect(plan).toEqual({ kind: 'show', stepId: 'page_1', errors: { age: 'Au plus 130' } });
  });
});

describe('stepWithErrors', () => {
  it('names the first screen on the path showing a field the server refused', () => {
    const values = { name: 'Ada', age: '12' };
    expect(stepWithErrors({ form, values, errors: { guardian: 'Too short', comment: 'No' } })).toBe('p2');
    expect(stepWithErrors({ form, values, errors: { other: 'No' } })).toBeNull();
  });
});
