import { z } from 'zod';
import { envelopeSchema } from '../crypto/formats.ts';
import { wireFieldCodec } from '../forms/field-wire.ts';
import { LIMITS } from '../limits.ts';
import { readAnswerFilterParam } from './answer-filter.ts';
import { progressSummarySchema } from './progress.ts';
import { assigneeFilterSchema, TRIAGE_STATUSES, triageSchema } from './triage.ts';

// Request and response shapes of the owner's /api/form-submissions routes.

export const SUBMISSION_SORTS = ['newest', 'oldest'] as const;
export const SUBMISSION_STATUSES = ['complete', 'incomplete', 'all'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

/** A submission's status as exports write it (the server's and the browser's for sealed answers). */
export const statusText = (completed: boolean) => (completed ? 'complete' : 'incomplete');

/** The columns every export row starts with, before the answers (the server's and the browser's). */
export const EXPORT_META_HEADERS = [
  'Reference',
  'Submission ID',
  'Submitted At',
  'Status',
  'Language',
] as const;

/** Query of the submissions list: paging, order, text search, date range and status filters. */
export const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(LIMITS.submissionsMaxPageSize)
    .default(LIMITS.submissionsPageSize),
  sort: z.enum(SUBMISSION_SORTS).default('newest'),
  search: z.string().max(200).optional(),
  from: z.iso
    .date()
    .or(z.iso.datetime({ offset: true }))
    .optional(),
  to: z.iso
    .date()
    .or(z.iso.datetime({ offset: true }))
    .optional(),
  status: z.enum(SUBMISSION_STATUSES).optional(),
  /** Only submissions in this language (a tag such as fr or pt-BR). */
  language: z.string().max(35).optional(),
  /**
   * The `next_cursor` of the page before (same filters and sort): the page then starts right
   * after it, however deep (no offset to count); `page` only numbers it.
   */
  after: z.string().max(200).optional(),
  /** Only submissions assigned to the caller (`me`), to nobody (`none`), or to a member (an id). */
  assignee: assigneeFilterSchema.optional(),
  /** Only submissions at this stage (`new` includes every untouched one). */
  triage: z.enum(TRIAGE_STATUSES).optional(),
  /** Only submissions whose answers meet this filter (answer-filter.ts; JSON, as the web's URL holds it). */
  where: z
    .string()
    .max(8000)
    .transform((text, ctx) => {
      const read = readAnswerFilterParam(text);
      if (read.ok) return read.filter;
      ctx.issues.push({ code: 'custom', message: read.message, input: text });
      return z.NEVER;
    })
    .optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;
/** The list query as the web sends it (every key optional, numbers as numbers). */
export type ListQueryParams = z.input<typeof listQuerySchema>;

/** One submission, in the list and alone. data holds the answers by field id. */
export const submissionSchema = z.object({
  id: z.string(),
  form_id: z.number().int(),
  /** The short reference within the form (shown as #142; reference.ts). */
  number: z.number().int(),
  data: z.record(z.string(), z.unknown()),
  metadata: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  completed: z.boolean(),
  /** The form version the respondent answered. */
  form_version: z.number().int(),
  /** The language the respondent filled the form in (a tag of the form's languages). */
  language: z.string(),
  /** How far a submission saved as the respondent went got (null for one sent in one go). */
  progress: z.nullable(progressSummarySchema),
  /**
   * The answers of an end-to-end encrypted form, sealed in the respondent's browser (data is then
   * empty): only the owner's unlocked browser opens it. Absent otherwise.
   */
  envelope: z.optional(envelopeSchema),
  /** The team's stage, assignee and comment count (the list and one submission; not exports). */
  triage: z.optional(triageSchema),
});
export type WireSubmission = z.infer<typeof submissionSchema>;

/** One submission with the fields of the version it answered (labels as the respondent saw them). */
export const submissionDetailSchema = submissionSchema.extend({ fields: z.array(wireFieldCodec) });
export type SubmissionDetail = z.output<typeof submissionDetailSchema>;

export const listResponseSchema = z.object({
  items: z.array(submissionSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  /** Pass as `after` to get the next page; null when this page is the last. */
  next_cursor: z.string().nullable(),
});
export type SubmissionPage = z.infer<typeof listResponseSchema>;

export const formParamsSchema = z.object({ id: z.string() });
export const submissionParamsSchema = z.object({ id: z.string(), sid: z.string() });
export const fileParamsSchema = submissionParamsSchema.extend({ uploadId: z.string() });

/** An export's format: CSV (the default), JSON, or an Excel workbook (.xlsx). */
export const EXPORT_FORMATS = ['csv', 'json', 'xlsx'] as const;
export const exportQuerySchema = z.object({ format: z.enum(EXPORT_FORMATS).default('csv') });

export type ExportFormat = z.infer<typeof exportQuerySchema>['format'];

/** How many days a form keeps its submissions; null keeps them for ever. */
export const RETENTION_DAYS = [7, 30, 90] as const;
const retentionDaysSchema = z.union([z.literal(7), z.literal(30), z.literal(90)]);

/** A form's submission settings: notification mail to the owner and data retention. */
export const settingsSchema = z.object({
  email_notifications: z.boolean().nullable(),
  /** The notification mail carries the response as a PDF (off unless the owner turns it on). */
  attach_pdf: z.boolean(),
  retention_days: retentionDaysSchema.nullable(),
});
export type SubmissionSettings = z.infer<typeof settingsSchema>;

/** PUT body: snake_case or camelCase, each key optional (absent keys keep their value). */
export const settingsBodySchema = z.object({
  email_notifications: z.boolean().nullable().optional(),
  emailNotifications: z.boolean().nullable().optional(),
  attach_pdf: z.boolean().optional(),
  attachPdf: z.boolean().optional(),
  retention_days: retentionDaysSchema.nullable().optional(),
  retentionDays: retentionDaysSchema.nullable().optional(),
});
export type SubmissionSettingsBody = z.infer<typeof settingsBodySchema>;
