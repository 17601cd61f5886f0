import { type ValidationMessages, validateFieldValue } from '@formsmith/core/fields/validate';
import type { FieldValues, FillAction, FillPlan } from '@formsmith/core/fill-page/state';
import type { Form } from '@formsmith/core/forms/form';
import { type FillStep, fillPath } from '../../../components/form-renderer/fill-steps.ts';
import { answersOf, sentAnswers } from './answers.ts';
import { errorsFor } from './validator.ts';

const errorsOf = (step: FillStep, values: FieldValues, messages?: ValidationMessages) =>
  errorsFor(step.fields, values, () => true, messages, validateFieldValue);

/**
 * Where a screen posted without JavaScript leads: what the page's script does on Next, Back and
 * Submit, step for step (the path logic gives the answers, each screen checked as it is left, every
 * screen checked again before the answers go), so both ways through a form are the same.
 */
type PlannedForm = Pick<Form, 'fields' | 'logic' | 'display'>;

function pathOf(form: PlannedForm, values: FieldValues) {
  return fillPath({
    form,
    answers: answersOf(form.fields, values),
    oneAtATime: form.display === 'one_at_a_time',
  });
}

/** The first screen on the path showing one of these fields; null when none does. */
export function stepWithErrors(input: {
  form: PlannedForm;
  values: FieldValues;
  errors: Record<string, string>;
}): string | null {
  const steps = pathOf(input.form, input.values).steps;
  return steps.find((s) => s.fields.some((f) => input.errors[f.id]))?.id ?? null;
}

export function planFillPost(input: {
  form: PlannedForm;
  values: FieldValues;
  stepId: string | null;
  action: FillAction;
  /** The respondents' validation messages in the page's language (English when absent). */
  messages?: ValidationMessages;
}): FillPlan {
  const { form, values, action, messages } = input;
  const path = pathOf(form, values);
  const { steps } = path;
  const found = steps.findIndex((s) => s.id === input.stepId);
  const index = found === -1 ? 0 : found;
  const step = steps[index];
  if (!step) return { kind: 'show', stepId: null, errors: {} };
  if (action === 'access' || typeof action === 'object') return { kind: 'show', stepId: step.id, errors: {} };
  if (action === 'back')
    return { kind: 'show', stepId: steps[Math.max(0, index - 1)]?.id ?? null, errors: {} };
  const next = steps[index + 1];
  if (next) {
    const errors = errorsOf(step, values, messages);
    return { kind: 'show', stepId: Object.keys(errors).length > 0 ? step.id : next.id, errors };
  }
  // Answers on earlier screens may have changed since their Next: every screen is checked.
  for (const s of steps) {
    const errors = errorsOf(s, values, messages);
    if (Object.keys(errors).length > 0) return { kind: 'show', stepId: s.id, errors };
  }
  return { kind: 'submit', data: sentAnswers(form.fields, path.sent, values) };
}
