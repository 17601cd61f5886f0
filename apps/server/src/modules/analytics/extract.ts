import { figureAnswers, placeOf } from '@formsmith/core/analytics/field-figures';
import { answerLabels } from '@formsmith/core/analytics/type-figures';
import { takesAnswer, YES_NO_VALUES } from '@formsmith/core/fields/constants';
import { isOtherText, OTHER_ANSWER } from '@formsmith/core/fields/other';
import { signatureAnswers } from '@formsmith/core/fields/signature';
import type { FormField } from '@formsmith/core/forms/field';

/**
 * What one submission adds to the aggregates. Pure, shared by the incremental recorder, the
 * track call and the rebuild, so that a rebuild reproduces the incremental figures exactly.
 *
 * Times are whole seconds (metadata.analytics.totalTimeSpent and fieldInteractions[id].timeSpent
 * are seconds, as the public page sends them), clamped so one forged submission cannot distort a day's average much.
 */
export type SubmissionStats = {
  /** Seconds from form load to submit, or null when the client sent none. */
  completionTime: number | null;
  fields: FieldStats[];
  /** One entry per (field, answer) pair, with how many times it was given (1, or per tick). */
  answers: AnswerStats[];
};
export type FieldStats = { fieldId: string; responded: boolean; timeSpent: number | null };
export type AnswerStats = { fieldId: string; answer: string; count: number };
export type TimeStats = Pick<SubmissionStats, 'completionTime'> & {
  fields: Array<{ fieldId: string; timeSpent: number }>;
};

export const MAX_COMPLETION_SECONDS = 86_400;
export const MAX_FIELD_SECONDS = 3_600;
const MAX_ANSWER_LENGTH = 200;

// A form's fields are one array for as long as the form is cached: every submission to it would
// otherwise sort and filter them again, twice.
const counted = new WeakMap<readonly FormField[], readonly FormField[]>();

/** The fields that analytics counts, once each, in form order. */
export function countedFields(fields: readonly FormField[]): readonly FormField[] {
  let list = counted.get(fields);
  if (!list) {
    const seen = new Set<string>();
    list = [...fields]
      .sort((a, b) => a.position - b.position)
      .filter((f) => {
        // Display-only fields take no answer, so they get no response/skip counts.
        if (!takesAnswer(f.type) || seen.has(f.id)) return false;
        seen.add(f.id);
        return true;
      });
    counted.set(fields, list);
  }
  return list;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// Numbers only: the track call's "lacks timing" test in SQL looks for a JSON number too.
function seconds(value: unknown, max: number): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return null;
  return Math.min(Math.round(value), max);
}

/** The value of a field in the submitted data: keyed by field id, or by label (older clients). */
export function fieldValue(field: FormField, data: Record<string, unknown>): unknown {
  if (Object.hasOwn(data, field.id)) return data[field.id];
  return Object.hasOwn(data, field.label) ? data[field.label] : undefined;
}

function isAnswered(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.some(isAnswered);
  return true;
}

function scalar(value: unknown): string | null {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (typeof value === 'string' && value.trim() !== '') return value.trim().slice(0, MAX_ANSWER_LENGTH);
  return null;
}

function numeric(value: unknown): string | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? String(n) : null;
}

const optionSets = new WeakMap<FormField, ReadonlySet<string> | null>();

/** A choice field's option values (null when it has none), made once per field object. */
function optionValues(field: Extract<FormField, { options?: unknown }>): ReadonlySet<string> | null {
  let set = optionSets.get(field);
  if (set === undefined) {
    const options = field.options ?? [];
    set = options.length > 0 ? new Set(options.map((o) => o.value)) : null;
    optionSets.set(field, set);
  }
  return set;
}

/**
 * The answers a field contributes to its distribution. Choice fields count option values (a
 * value outside the options is ignored, so the table cannot be flooded, or counted as Other when
 * the field offers it); booleans count Yes/No;
 * numbers, ranges and calculated values count each value; phone numbers their calling code; dates
 * their day, times their hour, files how many; free text and the like count nothing.
 */
export function answersOf(field: FormField, value: unknown): string[] {
  switch (field.type) {
    case 'select':
    case 'radio':
    case 'checkbox':
    case 'picture_choice': {
      if (typeof value === 'boolean') return [value ? 'Yes' : 'No'];
      const values = (Array.isArray(value) ? value : [value]).map(scalar).filter((v) => v !== null);
      const allowed = optionValues(field);
      const counted = values.flatMap((v) => {
        if (!allowed || allowed.has(v) || v === 'Yes' || v === 'No') return [v];
        // Every 'Other, please specify' text is one answer, Other: what was typed stays in the submission.
        return isOtherText(field, v) ? [OTHER_ANSWER] : [];
      });
      return [...new Set(counted)];
    }
    case 'number':
    case 'range':
    case 'nps':
    case 'calculated': {
      const n = numeric(value);
      return n === null ? [] : [n];
    }
    case 'matrix':
    case 'rating':
    case 'ranking':
      return figureAnswers(field, value);
    // Numbers are counted by calling code (+44), addresses by country (GB): where respondents
    // are, and nothing of their number or street; date ranges by the month they start (2026-05).
    case 'phone':
    case 'address':
    case 'date_range': {
      const place = placeOf(field, value);
      return place ? [place] : [];
    }
    // Every submission counts once: signed or not.
    case 'signature':
      return signatureAnswers(value);
    case 'yes_no':
      return (YES_NO_VALUES as readonly unknown[]).includes(value) ? [value as string] : [];
    // A date counts its day, a time its hour, a file answer how many files it holds (type-figures.ts).
    case 'date':
    case 'time':
    case 'file':
      return answerLabels(field, value) ?? [];
    case 'text':
    case 'textarea':
    case 'email':
    case 'image':
    case 'statement':
    case 'password':
    case 'url':
    case 'color':
    case 'hidden':
    case 'page_break':
      return typeof value === 'boolean' ? [value ? 'Yes' : 'No'] : [];
    default: {
      const exhaustive: never = field;
      return exhaustive;
    }
  }
}

/**
 * Whether the field's distribution counts what respondents typed rather than a choice the form
 * offers: a number's or a calculation's values, a choice field's when it has no options. A viewer
 * of a form that shows its viewers only counts gets no distribution of such a field.
 */
export function countsTypedAnswers(field: FormField): boolean {
  switch (field.type) {
    case 'number':
    case 'calculated':
      return true;
    case 'select':
    case 'radio':
    case 'checkbox':
      return optionValues(field) === null;
    default:
      return false;
  }
}

/** Time stats from metadata.analytics; empty when the client sent none. */
export function extractTimeStats(fields: readonly FormField[], metadata: unknown): TimeStats {
  const analytics = isRecord(metadata) && isRecord(metadata.analytics) ? metadata.analytics : null;
  if (!analytics) return { completionTime: null, fields: [] };
  const interactions = isRecord(analytics.fieldInteractions) ? analytics.fieldInteractions : {};
  const times: TimeStats['fields'] = [];
  for (const field of countedFields(fields)) {
    const entry = interactions[field.id];
    const timeSpent = isRecord(entry) ? seconds(entry.timeSpent, MAX_FIELD_SECONDS) : null;
    if (timeSpent !== null) times.push({ fieldId: field.id, timeSpent });
  }
  return { completionTime: seconds(analytics.totalTimeSpent, MAX_COMPLETION_SECONDS), fields: times };
}

/** Everything one submission adds to the aggregates. */
export function extractSubmissionStats(
  fields: readonly FormField[],
  data: Record<string, unknown>,
  metadata: unknown,
): SubmissionStats {
  const time = extractTimeStats(fields, metadata);
  const timeByField = new Map(time.fields.map((f) => [f.fieldId, f.timeSpent]));
  const stats: SubmissionStats = { completionTime: time.completionTime, fields: [], answers: [] };
  for (const field of countedFields(fields)) {
    const value = fieldValue(field, data);
    stats.fields.push({
      fieldId: field.id,
      responded: isAnswered(value),
      timeSpent: timeByField.get(field.id) ?? null,
    });
    for (const answer of answersOf(field, value)) stats.answers.push({ fieldId: field.id, answer, count: 1 });
  }
  // The path is counted like answers of two pseudo-fields: each page gone through, the ending.
  const path = isRecord(metadata) && isRecord(metadata.path) ? metadata.path : null;
  if (path) {
    const pages = Array.isArray(path.pages) ? path.pages.filter((p) => typeof p === 'string') : [];
    for (const page of new Set(pages)) stats.answers.push({ fieldId: PATH_PAGE_KEY, answer: page, count: 1 });
    if (typeof path.ending === 'string') {
      stats.answers.push({ fieldId: PATH_ENDING_KEY, answer: path.ending, count: 1 });
    }
  }
  return stats;
}

/** The pseudo-field ids the path's counts are kept under ('@' never starts a field id we make). */
export const PATH_PAGE_KEY = '@page';
export const PATH_ENDING_KEY = '@ending';
