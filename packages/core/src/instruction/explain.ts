import type { EditableForm } from '../forms/edit-patch.ts';
import { type FormField, optionsOf } from '../forms/field.ts';
import { answerable } from './reading.ts';

/**
 * Examples of what the interpreter does, written with this form's own questions, so a refusal
 * shows the owner a sentence that works on the form in front of them.
 */
export function examplesFor(form: EditableForm): string[] {
  const questions = form.fields.filter(answerable);
  const [first, second] = questions;
  const optional = questions.find((f) => !f.validation.required);
  const withOptions = questions.find((f) => (optionsOf(f)?.length ?? 0) > 1);
  const yesNo = questions.find((f) => f.type === 'yes_no');
  const text = questions.find((f) => f.type === 'textarea' || f.type === 'text');
  const label = (f: FormField) => `'${f.label}'`;
  const examples: string[] = [];
  if (optional) examples.push(`make ${label(optional)} required`);
  else if (first) examples.push(`make ${label(first)} optional`);
  if (first && second) examples.push(`add a phone number field after ${label(first)}`);
  else examples.push('add a phone number field');
  const offered = new Set(
    optionsOf(withOptions ?? (questions[0] as FormField))?.map((o) => o.label.toLowerCase()),
  );
  const extra = ['Other', 'Something else', 'Not sure'].find((o) => !offered.has(o.toLowerCase()));
  if (withOptions && extra) examples.push(`add '${extra}' to the options of ${label(withOptions)}`);
  if (yesNo && questions.at(-1) !== yesNo) {
    const later = questions[questions.indexOf(yesNo) + 1] as FormField;
    examples.push(`hide ${label(later)} when ${label(yesNo)} is No`);
  }
  if (text) examples.push(`limit ${label(text)} to 300 characters`);
  if (second) examples.push(`start a new page before ${label(second)}`);
  return examples.slice(0, 4);
}

/** What the interpreter can do, in one sentence, with examples from the form. */
export function whatICanDo(form: EditableForm): string {
  const examples = examplesFor(form)
    .map((e) => `"${e}"`)
    .join(', ');
  return `I can add, remove, move, rename and retype questions, make them required or optional, change their options, limits and pages, add show/hide rules and translate labels. For example: ${examples}.`;
}
