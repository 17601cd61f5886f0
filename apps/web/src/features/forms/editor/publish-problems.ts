import { labelError } from '@formsmith/core/fields/editor-rules';
import type { Form } from '@formsmith/core/forms/form';

export type PublishProblem = { fieldId: string | null; message: string };

/** What stands between the draft and publishing it; empty when it can go live. */
export function publishProblems(form: Form): PublishProblem[] {
  if (form.fields.length === 0)
    return [{ fieldId: null, message: 'Add at least one field before publishing.' }];
  const problems: PublishProblem[] = [];
  form.fields.forEach((field, index) => {
    const message = labelError(field.label);
    if (message) problems.push({ fieldId: field.id, message: `Field ${index + 1}: ${message}` });
  });
  return problems;
}
