import type { FormDisplay } from './definition.ts';
import { type LogicField, PAGE_BREAK_TYPE, splitPages } from './run.ts';

/** A step a respondent goes through: a page, or in one-question-at-a-time mode a question. */
export type FormStep = { id: string; label: string };

/** Blocks that are never a question of their own in one-question-at-a-time mode. */
const NOT_A_QUESTION = new Set([PAGE_BREAK_TYPE, 'hidden', 'calculated', 'image']);

/**
 * The steps of a form in order, as progress saves and the funnel name them: its pages ('Page 2
 * of 4: Contact'), or with one question at a time its questions (by label).
 */
export function formSteps(fields: readonly LogicField[], display: FormDisplay): FormStep[] {
  const shown = fields.filter((f) => !f.hidden);
  if (display === 'one_at_a_time') {
    return shown
      .filter((f) => !NOT_A_QUESTION.has(f.type))
      .map((f) => ({ id: f.id, label: f.label?.trim() || 'Untitled question' }));
  }
  const pages = splitPages(shown);
  return pages.map((page, i) => ({
    id: page.id,
    label: `Page ${i + 1} of ${pages.length}${page.title.trim() ? `: ${page.title.trim()}` : ''}`,
  }));
}
