import type { FormField } from '@formsmith/core/forms/field';
import type { Ending, FormLogic, LogicRule } from '@formsmith/core/logic/definition';
import { logicFieldsOf } from '@formsmith/core/logic/form-fields';
import { PAGE_BREAK_TYPE, SCORE_NAME, splitPages } from '@formsmith/core/logic/run';

/** A page as the editor names it: 'Page 2: Your details'. */
export type PageChoice = { id: string; name: string };

/** The form's pages as respondents go through them, named by number and title. */
export function pagesOf(fields: readonly FormField[]): PageChoice[] {
  const visible = logicFieldsOf(fields).filter((f) => !f.hidden);
  return splitPages(visible).map((page, i) => ({
    id: page.id,
    name: page.title.trim() ? `Page ${i + 1}: ${page.title.trim()}` : `Page ${i + 1}`,
  }));
}

/** Fields a rule can read or act on: everything but page breaks. */
export function questionsOf(fields: readonly FormField[]): FormField[] {
  return fields.filter((f) => f.type !== PAGE_BREAK_TYPE);
}

export function ruleTitle(rule: LogicRule, index: number): string {
  return rule.name?.trim() ? rule.name.trim() : `Rule ${index + 1}`;
}

export function endingTitle(ending: Ending, index: number): string {
  return ending.title.trim() ? ending.title.trim() : `Ending ${index + 1}`;
}

/** A short id for a new rule, variable or ending (unique within the form). */
export function newLogicId(prefix: string): string {
  return `${prefix}_${crypto.randomUUID().slice(0, 8)}`;
}

/**
 * Names a calculation or a recall can use: answers by id, variables by name, the quiz score.
 * `label` is what the owner reads and types after `@` (core's recall-names makes it unique).
 */
export type NameChoice = { name: string; description: string; label: string };

export function namesOf(fields: readonly FormField[], logic: FormLogic, except?: string): NameChoice[] {
  return [
    ...questionsOf(fields)
      .filter((f) => f.id !== except)
      .map((f) => ({ name: f.id, description: f.label || 'Untitled field', label: f.label })),
    ...logic.variables.map((v) => ({ name: v.name, description: 'Variable', label: v.name })),
    ...(logic.quiz.enabled ? [{ name: SCORE_NAME, description: 'Quiz score', label: 'Quiz score' }] : []),
  ];
}
