import { z } from 'zod';
import { fieldAnalyticsSchema, formAnalyticsSchema } from '../analytics/api.ts';

// The summary report of one form (GET /api/forms/:id/report and its PDF, report.pdf): the
// analytics page's figures for a range of days and the review table's answer filter, shared by
// the server and the printable page.

/** The form named in the path; the server reads the id itself so a bad one answers like a missing form. */
export const summaryParamsSchema = z.object({ id: z.string().max(20) });

/**
 * The first and last UTC day counted (YYYY-MM-DD; by default the form's first day and today) and
 * the review table's answer filter as its URL parameter holds it (answerFilterParam).
 */
export const summaryQuerySchema = z.object({
  from: z.string().max(20).optional(),
  to: z.string().max(20).optional(),
  where: z.string().max(20_000).optional(),
});
export type SummaryQuery = z.infer<typeof summaryQuerySchema>;

/** How many of a text question's answers the report shows, newest first. */
export const TEXT_SAMPLE_SIZE = 5;

export const summaryFieldSchema = fieldAnalyticsSchema.extend({
  /** A text question's newest answers in the range: empty for other types, or for a counts-only viewer. */
  sample: z.array(z.string()),
});
export type SummaryField = z.infer<typeof summaryFieldSchema>;

export const summaryReportSchema = formAnalyticsSchema.extend({
  title: z.string(),
  /** The form's logo as its page shows it (an address), or null. */
  logo_url: z.string().nullable(),
  /** The form theme's accent colour, darkened where needed to read on white paper. */
  accent: z.string(),
  /** Whether an answer filter chose the submissions (views are then left out: they have no answers). */
  filtered: z.boolean(),
  field_analytics: z.array(summaryFieldSchema),
});
export type SummaryReport = z.infer<typeof summaryReportSchema>;

/** Why the server makes no summary of an end-to-end encrypted form. */
export const SEALED_SUMMARY =
  'This form is end-to-end encrypted, so the server cannot read its answers to make a summary report. ' +
  'Unlock the form in the browser to see its analytics there.';

/**
 * `<form title>-summary-<from>-to-<to>.pdf` (`…-summary-to-<to>.pdf` from the form's first day),
 * safe on every file system ('form' for a title with nothing left).
 */
export function summaryPdfName(title: string, from: string | undefined, to: string): string {
  const safe =
    title
      .normalize('NFC')
      .replace(/[\\/:*?"<>|\p{Cc}\p{Cf}]/gu, ' ')
      .replace(/\s+/g, ' ')
      .replace(/^[.\s]+/, '')
      .slice(0, 80)
      .trim() || 'form';
  return from ? `${safe}-summary-${from}-to-${to}.pdf` : `${safe}-summary-to-${to}.pdf`;
}
