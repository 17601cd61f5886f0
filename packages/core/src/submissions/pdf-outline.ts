// What the PDF of one submission says, in order, apart from how it is drawn: the server draws it
// with pdfkit for a form it can read, the owner's browser with pdf-lib for answers sealed end to
// end (which only that browser can open). Both read the facts, the sections and each answer's
// text from here, so the two files say the same.

import { formatAnswer } from '../fields/answer-format.ts';
import { isEmptyAnswer } from '../fields/answers.ts';
import { answerColumns, columnText } from '../fields/export-columns.ts';
import { fileSizeText } from '../fields/files.ts';
import { isRecord } from '../fields/read.ts';
import type { FormField } from '../forms/field.ts';
import { builtinOfRef, DEFAULT_THEME_REF, formPageSettings } from '../themes/api.ts';
import { nearestPassingColour } from '../themes/contrast.ts';
import { statusText } from './api.ts';
import type { PdfFontWeight } from './pdf.ts';
import { describeQuizResult, quizResultOf } from './quiz-result.ts';
import { referenceText } from './reference.ts';
import { TRIAGE_LABELS, type Triage } from './triage.ts';

/** The sizes and weights of a submission PDF's text, the same in the server's and the browser's. */
export const PDF_TEXT_STYLES = {
  title: { weight: 'bold', size: 20 },
  section: { weight: 'bold', size: 14 },
  label: { weight: 'bold', size: 10.5 },
  body: { weight: 'regular', size: 10.5 },
  meta: { weight: 'regular', size: 9.5 },
  foot: { weight: 'regular', size: 8 },
} as const satisfies Record<string, { weight: PdfFontWeight; size: number }>;
/** A submission PDF's text colour and its muted colour (facts, help, "No answer"). */
export const PDF_TEXT_COLOUR = '#1f2937';
export const PDF_MUTED_COLOUR = '#6b7280';

/**
 * The accent of the form's theme, darkened where needed to read on white paper: a theme of the
 * form's own or a built-in one; the product's for a saved theme (kept in the workspace, not here).
 */
export function pdfAccent(themeConfig: Record<string, unknown> | null): string {
  const settings = formPageSettings(themeConfig);
  const theme = settings.customTheme ?? builtinOfRef(settings.themeRef) ?? builtinOfRef(DEFAULT_THEME_REF);
  return nearestPassingColour(theme?.colours.accent ?? '#4f46e5', '#ffffff', 4.5);
}

/** The submission's time written the way its language writes it, in UTC. */
export function timeIn(language: string, at: Date): string {
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' };
  try {
    return `${new Intl.DateTimeFormat(language, options).format(at)} UTC`;
  } catch {
    return `${new Intl.DateTimeFormat('en', options).format(at)} UTC`;
  }
}

/** 'Arabic (ar)', or the code alone for one Intl does not name. */
export function pdfLanguageName(language: string): string {
  try {
    const name = new Intl.DisplayNames(['en'], { type: 'language' }).of(language);
    return name && name !== language ? `${name} (${language})` : language;
  } catch {
    return language;
  }
}

export type PdfFactsInput = {
  id: string;
  /** The submission's number in its form (its reference, #142). */
  number: number;
  createdAt: Date;
  language: string;
  completed: boolean;
  metadata: Record<string, unknown>;
  /** The team's work on it; absent (as the list leaves it out for an untouched one) reads as new. */
  triage?: Triage | undefined;
};

/** The lines under the title: when, which language, its status and stage, assignee, quiz score, reference. */
export function submissionFacts(input: PdfFactsInput): [label: string, value: string][] {
  const stage = input.triage?.status ?? 'new';
  const quiz = quizResultOf(input.metadata);
  return [
    ['Submitted', timeIn(input.language, input.createdAt)],
    ['Language', pdfLanguageName(input.language)],
    ['Status', `${statusText(input.completed)}, ${TRIAGE_LABELS[stage].toLowerCase()}`],
    ...(input.triage?.assignee ? [['Assigned to', input.triage.assignee.name] as [string, string]] : []),
    ...(quiz ? [['Quiz score', describeQuizResult(quiz)] as [string, string]] : []),
    ['Reference', referenceText(input.number)],
    ['Submission', input.id],
  ];
}

/** A fact as one line: the value isolated (FSI…PDI) so an Arabic date keeps its own order after the label. */
export const factLine = ([label, value]: [string, string]): string => `${label}: \u2068${value}\u2069`;

/** The answer of a field as lines of text; matrices give a line per row. */
export function answerLines(field: FormField, value: unknown): string[] {
  if (field.type === 'matrix') {
    return answerColumns(field).map((column) => {
      const row = field.rows.find((r) => r.value === column.row);
      return `${row?.label ?? column.row}: ${columnText(field, column, value) || '—'}`;
    });
  }
  return [formatAnswer(field, value)];
}

/** An uploaded file as the PDF names it: `cv.pdf (120 KB)`. */
export function fileLine(item: unknown): string {
  if (!isRecord(item)) return formatAnswer(undefined, item) || '—';
  const name = typeof item.name === 'string' ? item.name : formatAnswer(undefined, item);
  const size = typeof item.size === 'number' ? ` (${fileSizeText(item.size)})` : '';
  return `${name}${size}`;
}

/** Keys of a submission's data that are no answer (the spam trap and the form's timing). */
export function isInternalAnswerKey(key: string): boolean {
  return key.startsWith('_') || key === 'website';
}

/** The answer stored under the field's id or, in older submissions, its label. */
export function storedAnswer(data: Record<string, unknown>, field: { id: string; label: string }): unknown {
  for (const key of [field.id, field.label]) if (Object.hasOwn(data, key)) return data[key];
  return undefined;
}

/** One block of the PDF's body, in order. */
export type OutlineItem =
  /** A page of the form: a heading. */
  | { kind: 'section'; title: string }
  /** Space before the first question when the form does not open with a page heading. */
  | { kind: 'start' }
  /** Text the form shows between questions. */
  | { kind: 'statement'; label: string; help: string }
  /** A question and its answer (undefined when it has none). */
  | { kind: 'answer'; field: FormField; label: string; value: unknown }
  /** An answer to a field the answered version no longer has, under its key. */
  | { kind: 'other'; key: string; text: string };

/**
 * The body of the PDF: each field of the version the submission answered in form order (pages as
 * sections, pictures of the form left out), then 'Other answers' for keys no field names, so no
 * answer is ever dropped.
 */
export function submissionOutline(
  fields: readonly FormField[],
  data: Record<string, unknown>,
): OutlineItem[] {
  const items: OutlineItem[] = [];
  const used = new Set<string>();
  let page = 1;
  let sectionStarted = false;
  for (const field of fields) {
    used.add(field.id);
    used.add(field.label);
    if (field.type === 'image') continue;
    if (field.type === 'page_break') {
      page++;
      items.push({ kind: 'section', title: field.label.trim() || `Page ${page}` });
      sectionStarted = true;
      continue;
    }
    if (!sectionStarted) {
      items.push({ kind: 'start' });
      sectionStarted = true;
    }
    if (field.type === 'statement') {
      items.push({ kind: 'statement', label: field.label.trim(), help: field.helpText?.trim() ?? '' });
      continue;
    }
    const value = storedAnswer(data, field);
    items.push({
      kind: 'answer',
      field,
      label: field.label.trim() || field.id,
      value: isEmptyAnswer(value) ? undefined : value,
    });
  }
  const others = Object.keys(data).filter((key) => !used.has(key) && !isInternalAnswerKey(key));
  if (others.length > 0) {
    items.push({ kind: 'section', title: 'Other answers' });
    for (const key of others)
      items.push({ kind: 'other', key, text: formatAnswer(undefined, data[key]) || '—' });
  }
  return items;
}
