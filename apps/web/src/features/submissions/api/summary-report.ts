import {
  type SummaryReport,
  summaryPdfName,
  summaryReportSchema,
} from '@formsmith/core/submissions/summary-report';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { downloadWithAuth } from '../../../lib/download.ts';

/** The range and answer filter of a summary report, as its page's URL and the API take them. */
export type SummaryParams = { from?: string; to?: string; where?: string };

function query(params: SummaryParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of ['from', 'to', 'where'] as const) {
    const value = params[key];
    if (value) out[key] = value;
  }
  return out;
}

/** GET /api/forms/:id/report: the figures the printable page draws. */
export function useSummaryReport(formId: number, params: SummaryParams) {
  return useQuery({
    queryKey: ['summary-report', formId, params.from ?? '', params.to ?? '', params.where ?? ''],
    queryFn: (): Promise<SummaryReport> =>
      apiRequest(`/forms/${formId}/report`, summaryReportSchema, { query: query(params) }),
  });
}

/** GET /api/forms/:id/report.pdf, saved as `<title>-summary-<from>-to-<to>.pdf`. */
export function downloadSummaryPdf(input: {
  formId: number;
  title: string;
  from?: string;
  to: string;
  where?: string;
}) {
  return downloadWithAuth(
    `/forms/${input.formId}/report.pdf`,
    summaryPdfName(input.title, input.from, input.to),
    query(input),
  );
}
