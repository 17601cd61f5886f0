import { type FieldAnswersPage, fieldAnswersPageSchema } from '@formsmith/core/analytics/api';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/form-submissions/forms/:id/fields/:fieldId/answers: a page of a text question's answers. */
export async function getFieldAnswers(input: {
  formId: number;
  fieldId: string;
  startDate: string;
  q: string;
  after: string | null;
}): Promise<FieldAnswersPage> {
  return apiRequest(
    `/form-submissions/forms/${input.formId}/fields/${encodeURIComponent(input.fieldId)}/answers`,
    fieldAnswersPageSchema,
    {
      query: {
        start_date: input.startDate,
        q: input.q || undefined,
        after: input.after ?? undefined,
      },
    },
  );
}

/** A text question's answers of the report's period, newest first, those containing `q` when given; pages on demand. */
export function useFieldAnswers(input: { formId: number; fieldId: string; startDate: string; q: string }) {
  return useInfiniteQuery({
    queryKey: ['analytics', 'field-answers', input.formId, input.fieldId, input.startDate, input.q],
    queryFn: ({ pageParam }) => getFieldAnswers({ ...input, after: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    retry: false,
  });
}
