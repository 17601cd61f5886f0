import { noContentSchema } from '@formsmith/core/http';
import {
  type ReportScheduleBody,
  reportScheduleListSchema,
  reportScheduleSchema,
} from '@formsmith/core/reports/scheduled';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client.ts';

const reportsKey = (formId: number) => ['forms', formId, 'reports'] as const;

/** GET /api/forms/:id/reports: the form's scheduled reports. */
export function useScheduledReports(formId: number) {
  return useQuery({
    queryKey: reportsKey(formId),
    queryFn: async () => (await apiRequest(`/forms/${formId}/reports`, reportScheduleListSchema)).schedules,
  });
}

/** POST a new report, or PUT an existing one (`id`). */
export function useSaveScheduledReport(formId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string | null; body: ReportScheduleBody }) =>
      await apiRequest(
        id ? `/forms/${formId}/reports/${id}` : `/forms/${formId}/reports`,
        reportScheduleSchema,
        {
          method: id ? 'PUT' : 'POST',
          body,
        },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: reportsKey(formId) }),
  });
}

export function useDeleteScheduledReport(formId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/forms/${formId}/reports/${id}`, noContentSchema, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: reportsKey(formId) }),
  });
}
