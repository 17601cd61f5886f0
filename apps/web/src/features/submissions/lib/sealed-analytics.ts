import type { FieldAnalytics } from '@formsmith/core/analytics/api';
import { figureAnswers, figuresOf, hasFigures, placeOf } from '@formsmith/core/analytics/field-figures';
import type { UnlockedKey } from '@formsmith/core/crypto/key-wrap';
import { formatAnswer } from '@formsmith/core/fields/answer-format';
import { isEmptyAnswer } from '@formsmith/core/fields/answers';
import { takesAnswer } from '@formsmith/core/fields/constants';
import { isOtherText, OTHER_ANSWER } from '@formsmith/core/fields/other';
import { signatureAnswers } from '@formsmith/core/fields/signature';
import type { Form } from '@formsmith/core/forms/form';
import { answersOf, submissionPages } from './export-sealed.ts';

// Per-field answer figures of an encrypted form, computed in the owner's browser from the opened
// answers (the server's aggregates never see them): how many answered or skipped each question,
// and for choice questions how often each option was picked.

function isBlank(value: unknown): boolean {
  return (
    value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)
  );
}

/** The figures of every question over the complete submissions since `from` (a UTC day), or all. */
export async function computeSealedFieldAnalytics(input: {
  formId: number;
  form: Form;
  key: UnlockedKey;
  from: string | undefined;
}): Promise<FieldAnalytics[]> {
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
        // A phone number is counted by its calling code, an address by its country, a date range by
        // the month it starts, as the server counts them.
        if (field.type === 'phone' || field.type === 'address' || field.type === 'date_range') {
          const place = placeOf(field, value);
          if (place) figure.answer_distribution[place] = (figure.answer_distribution[place] ?? 0) + 1;
          return;
        }
        for (const one of Array.isArray(value) ? value : [value]) {
          // Every 'Other, please specify' text is one answer, Other, as the server counts it.
          const text = isOtherText(field, one) ? OTHER_ANSWER : formatAnswer(field, one);
          figure.answer_distribution[text] = (figure.answer_distribution[text] ?? 0) + 1;
        }
      });
    }
  }
  // A matrix, a rating and a ranking are summed as the server sums them.
  fields.forEach((field, i) => {
    if (hasFigures(field)) Object.assign(figures[i]!, figuresOf(field, figureCounts[i] ?? new Map()));
  });
  return figures;
}
