import { addressText } from '../fields/address.ts';
import { answerStrings } from '../fields/answers.ts';
import { dateRangeText } from '../fields/date-range.ts';
import { matrixText } from '../fields/matrix.ts';
import type { FormLogic } from './definition.ts';
import type { FormRun, LogicField } from './run.ts';
import { SCORE_NAME } from './run.ts';

/** `{{name}}` in a label, help text or ending message: an answer by field id, a variable by name (shared with recall-names.ts). */
export const RECALL = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

/** The names a text recalls, in order of first use (the editor checks and offers them). */
export function recalledNames(text: string): string[] {
  return [...new Set([...text.matchAll(RECALL)].map((m) => m[1] as string))];
}

/**
 * The text with every `{{…}}` replaced by the respondent's answer (option labels, not values),
 * a variable's value or the quiz score; unknown or unanswered references become ''. The result is
 * plain text: callers render it as text, never as HTML.
 */
export function recallText(
  text: string,
  context: { fields: readonly LogicField[]; logic: FormLogic; run: FormRun },
): string {
  if (!text.includes('{{')) return text;
  const { fields, logic, run } = context;
  return text.replace(RECALL, (_all, name: string) => {
    const variable = logic.variables.find((v) => v.name === name);
    if (variable) return formatNumber(run.variables[variable.id]);
    if (name === SCORE_NAME && run.quiz) return formatNumber(run.quiz.score);
    if (!Object.hasOwn(run.values, name)) return '';
    const field = fields.find((f) => f.id === name);
    if (field?.grid) return matrixText(field.grid, run.values[name]);
    if (field?.type === 'address') return addressText(run.values[name]);
    if (field?.type === 'date_range') return dateRangeText(run.values[name]);
    return answerStrings(run.values[name])
      .map((value) => field?.options?.find((o) => o.value === value)?.label ?? value)
      .join(', ');
  });
}

function formatNumber(value: number | undefined): string {
  if (value === undefined || !Number.isFinite(value)) return '';
  return String(Math.round(value * 1e6) / 1e6);
}
