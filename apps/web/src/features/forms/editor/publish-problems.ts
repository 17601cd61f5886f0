import { labelError } from '@formsmith/core/fields/editor-rules';
import type { Form } from '@formsmith/core/forms/form';
import { checkLogic } from '@formsmith/core/logic/check';
import { logicFieldsOf } from '@formsmith/core/logic/form-fields';
import { logicLimitProblems } from '@formsmith/core/logic/limits';
import { PAGE_BREAK_TYPE } from '@formsmith/core/logic/run';

export type PublishProblem = { fieldId: string | null; message: string };

/** What stands between the draft and publishing it; empty when it can go live. */
export function publishProblems(form: Form): PublishProblem[] {
  if (form.fields.length === 0)
    return [{ fieldId: null, message: 'Add at least one field before publishing.' }];
  const problems: PublishProblem[] = [];
  form.fields.forEach((field, index) => {
    // A page's title is optional; questions need a label.
    if (field.type === PAGE_BREAK_TYPE) return;
    const message = labelError(field.label);
    if (message) problems.push({ fieldId: field.id, message: `Field ${index + 1}: ${message}` });
  });
  const logicProblems = [
    ...checkLogic(logicFieldsOf(form.fields), form.logic),
    ...logicLimitProblems(form.fields, form.logic),
  ];
  if (logicProblems.length > 0) {
    problems.push({
      fieldId: null,
      message: `Fix the form's logic first: ${logicProblems[0]?.message}${logicProblems.length > 1 ? ` (and ${logicProblems.length - 1} more)` : ''}.`,
    });
  }
  return problems;
}
