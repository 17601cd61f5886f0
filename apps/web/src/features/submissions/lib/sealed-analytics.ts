import type { FieldAnalytics } from '@formsmith/core/analytics/api';
import { figureAnswers, figuresOf, hasFigures, placeOf } from '@formsmith/core/analytics/field-figures';
import {
  answerLabels,
  hasTextAnswers,
  isNumberType,
  replacesDistribution,
  typeFiguresOf,
} from '@formsmith/core/analytics/type-figures';
import type { UnlockedKey } from '@formsmith/core/crypto/key-wrap';
import { formatAnswer } from '@formsmith/core/fields/answer-format';
import { isEmptyAnswer } from '@formsmith/core/fields/answers';
import { takesAnswer } from '@formsmith/core/fields/constants';
import { isOtherText, OTHER_ANSWER } from '@formsmith/core/fields/other';
import { signatureAnswers } from '@formsmith/core/fields/signature';
import type { Form } from '@formsmith/core/forms/form';
import type { LocalAnswer } from '../../../components/analytics/text-answers.tsx';
import { answersOf, submissionPages } from './export-sealed.ts';

// Per-field answer figures of an encrypted form, computed in the owner's browser from the opened
// answers (the server's aggregates never see them): how many answered or skipped each question,
// and for choice questions how often each option was picked.

function isBlank(value: unknown): boolean {
  return (
    value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)
  );
}

/** The most answers of one text question kept to show and search (the latest). */
const MAX_TEXTS = 5000;

export type SealedAnalytics = {
  fields: FieldAnalytics[];
  /** Each text question's answers, newest first. */
  texts: Map<string, LocalAnswer[]>;
};

/** The figures of every question over the complete submissions since `from` (a UTC day), or all. */
export async function computeSealedFieldAnalytics(input: {
  formId: number;
  form: Form;
  key: UnlockedKey;
  from: string | undefined;
}): Promise<SealedAnalytics> {
  const fields = input.form.fields.filter((f) => takesAnswer(f.type));
  const figures = fields.map((f) => ({
    field_id: f.id,
    label: f.label,
    field_type: f.type,
    response_count: 0,
    skip_count: 0,
    avg_time_spent: null,
    answer_distribution: {} as Record<string, number>,
  }));
  const figureCounts: Map<string, number>[] = [];
  // Numbers, yes/no, dates, times and files: the labels the server counts (type-figures.ts).
  const labelCounts: Map<string, number>[] = [];
  const texts = new Map<string, LocalAnswer[]>();
  for await (const page of submissionPages(input.formId, { status: 'complete', from: input.from })) {
    for (const submission of page) {
      const answers = await answersOf(input.key, input.formId, submission);
      if (!answers) continue;
      fields.forEach((field, i) => {
        const figure = figures[i]!;
        const value = answers[field.id];
        const blank = isBlank(value) || isEmptyAnswer(value);
        // A signature is counted signed or not, as the server counts it.
        if (field.type === 'signature') {
          const [answer] = signatureAnswers(value);
          figure.answer_distribution[answer] = (figure.answer_distribution[answer] ?? 0) + 1;
        }
        if (blank) {
          figure.skip_count += 1;
          return;
        }
        figure.response_count += 1;
        if (field.type === 'signature') return;
        if (hasFigures(field)) {
          const counts = figureCounts[i] ?? new Map<string, number>();
          figureCounts[i] = counts;
          for (const answer of figureAnswers(field, value)) counts.set(answer, (counts.get(answer) ?? 0) + 1);
          return;
        }
        // Text is kept to show and search, and counted no further (as on the server), but for a
        // phone number's calling code.
        if (hasTextAnswers(field.type)) {
          const list = texts.get(field.id) ?? [];
          texts.set(field.id, list);
          list.push({ at: submission.created_at, text: formatAnswer(field, value) });
          if (list.length > 2 * MAX_TEXTS) list.splice(0, list.length - MAX_TEXTS);
          if (field.type !== 'phone') return;
        }
        // A phone number is counted by its calling code, an address by its country, a date range by
        // the month it starts, as the server counts them.
        if (field.type === 'phone' || field.type === 'address' || field.type === 'date_range') {
          const place = placeOf(field, value);
          if (place) figure.answer_distribution[place] = (figure.answer_distribution[place] ?? 0) + 1;
          return;
        }
        const labels = answerLabels(field, value);
        if (labels) {
          const counts = labelCounts[i] ?? new Map<string, number>();
          labelCounts[i] = counts;
          for (const label of labels) counts.set(label, (counts.get(label) ?? 0) + 1);
          // A date's days and a file's counts are not shown as answers; a time counts its hour.
          if (replacesDistribution(field.type)) return;
          if (field.type === 'time' || isNumberType(field.type)) {
            for (const label of labels)
              figure.answer_distribution[label] = (figure.answer_distribution[label] ?? 0) + 1;
            return;
          }
        }
        for (const one of Array.isArray(value) ? value : [value]) {
          // Every 'Other, please specify' text is one answer, Other, as the server counts it.
          const text = isOtherText(field, one) ? OTHER_ANSWER : formatAnswer(field, one);
          figure.answer_distribution[text] = (figure.answer_distribution[text] ?? 0) + 1;
        }
      });
    }
  }
  // A matrix, a rating and a ranking are summed as the server sums them, and so are the figures
  // of numbers, yes/no, dates and files (a single checkbox from its Yes and No counts).
  fields.forEach((field, i) => {
    const figure = figures[i]!;
    if (hasFigures(field)) Object.assign(figure, figuresOf(field, figureCounts[i] ?? new Map()));
    const counts =
      answerLabels(field, undefined) !== undefined
        ? (labelCounts[i] ?? new Map<string, number>())
        : new Map(Object.entries(figure.answer_distribution));
    Object.assign(figure, typeFiguresOf(field, counts));
  });
  for (const list of texts.values()) {
    list.reverse();
    list.splice(MAX_TEXTS);
  }
  return { fields: figures, texts };
}
