import type { UnlockedKey } from '@formsmith/core/crypto/key-wrap';
import { formatAnswer } from '@formsmith/core/fields/answer-format';
import { takesAnswer } from '@formsmith/core/fields/constants';
import type { Form } from '@formsmith/core/forms/form';
import type { WireSubmission } from '@formsmith/core/submissions/api';
import { useQuery } from '@tanstack/react-query';
import { answersOf, submissionPages } from '../lib/export-sealed.ts';
import { type SubmissionFilters, toQuery } from '../lib/filters.ts';

// The server cannot search sealed answers, so an unlocked encrypted form is searched here: every
// submission the other filters keep is opened and its answers' text compared, and the matches
// (newest first) are what the table pages through.

async function searchSealed(input: {
  formId: number;
  form: Form;
  key: UnlockedKey;
  filters: SubmissionFilters;
}) {
  const term = input.filters.search.trim().toLowerCase();
  const fields = input.form.fields.filter((f) => takesAnswer(f.type));
  const { search: _server, ...others } = toQuery(input.filters);
  const matches: WireSubmission[] = [];
  for await (const page of submissionPages(input.formId, others)) {
    for (const submission of page) {
      const answers = await answersOf(input.key, input.formId, submission);
      const text = [submission.id, ...fields.map((f) => (answers ? formatAnswer(f, answers[f.id]) : ''))]
        .join('\n')
        .toLowerCase();
      if (text.includes(term)) matches.push(submission);
    }
  }
  return matches.reverse();
}

/** The matches of a search over an unlocked encrypted form, or null when the server searches. */
export function useSealedSearch(input: {
  formId: number;
  form: Form;
  key: UnlockedKey | null;
  filters: SubmissionFilters;
}) {
  const { formId, form, key, filters } = input;
  const active = key !== null && filters.search.trim() !== '';
  const query = useQuery({
    queryKey: ['forms', formId, 'sealed-search', filters],
    queryFn: () => searchSealed({ formId, form, key: key!, filters }),
    enabled: active,
    gcTime: 0,
  });
  return active ? query : null;
}
