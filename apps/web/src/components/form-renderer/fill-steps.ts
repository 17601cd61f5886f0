import { takesAnswer } from '@formsmith/core/fields/constants';
import type { FormField } from '@formsmith/core/forms/field';
import type { Form } from '@formsmith/core/forms/form';
import { askedField } from '@formsmith/core/logic/asked';
import { logicFieldsOf } from '@formsmith/core/logic/form-fields';
import { recallText } from '@formsmith/core/logic/recall';
import { type FormRun, runForm, splitPages } from '@formsmith/core/logic/run';

/** One screen of the form: a page (classic) or a single question (one at a time). */
export type FillStep = { id: string; title: string; description: string; fields: FormField[] };

export type FillPath = {
  run: FormRun;
  /** The screens on the respondent's path, in order; screens with nothing to show are left out. */
  steps: FillStep[];
  /** Fields whose answer the submit sends: questions on the path and values from the owner or URL. */
  sent: Set<string>;
  /** The text with `{{…}}` replaced by the answers and variables so far. */
  recall: (text: string) => string;
};

/** Whether a field is never shown on its own: hidden values and calculations kept from view. */
function isUnseen(field: FormField): boolean {
  if (field.type === 'hidden' || field.isHidden) return true;
  if (field.type === 'calculated') return field.showResult !== true;
  return field.label.trim() === '';
}

/**
 * The respondent's path through the form for the answers so far, as the server will recompute
 * it: the pages logic leads to, the questions shown and required on each, labels and help texts
 * with `{{…}}` recalled (as text), and calculated values.
 */
export function fillPath(input: {
  form: Pick<Form, 'fields' | 'logic'>;
  answers: Record<string, unknown>;
  oneAtATime: boolean;
}): FillPath {
  const { form, answers } = input;
  const logicFields = logicFieldsOf(form.fields);
  const run = runForm(logicFields, form.logic, answers);
  const recall = (text: string) => recallText(text, { fields: logicFields, logic: form.logic, run });
  const onPath = (f: FormField) => run.visible.has(f.id);

  const byId = new Map(form.fields.map((f) => [f.id, f]));
  const pages = new Map(splitPages(logicFields.filter((f) => !f.hidden)).map((p) => [p.id, p]));
  const steps: FillStep[] = [];
  for (const pageId of run.pages) {
    const page = pages.get(pageId);
    if (!page) continue;
    const shown = page.fields
      .flatMap((f) => byId.get(f.id) ?? [])
      .filter((f) => onPath(f) && !isUnseen(f))
      .map((f) => shownField(askedField(f, run.required), recall));
    if (shown.length === 0) continue;
    const title = recall(page.title);
    // A page break's help text describes the page it starts.
    const description = recall(byId.get(page.id)?.helpText ?? '');
    if (input.oneAtATime) {
      for (const field of shown) steps.push({ id: field.id, title, description, fields: [field] });
    } else steps.push({ id: page.id, title, description, fields: shown });
  }
  const sent = new Set(
    form.fields
      .filter((f) => takesAnswer(f.type) && f.type !== 'calculated')
      .filter((f) => f.type === 'hidden' || f.isHidden || f.isReadOnly || onPath(f))
      .map((f) => f.id),
  );
  return { run, steps, sent, recall };
}

/** The field as the respondent sees it now: its texts recalled. */
function shownField(field: FormField, recall: (text: string) => string): FormField {
  const shown = { ...field, label: recall(field.label) };
  if (field.helpText) shown.helpText = recall(field.helpText);
  return shown;
}
