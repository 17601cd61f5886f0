import { z } from 'zod';
import { isTimeZone, zonedToInstant } from './zoned-time.ts';

export const FORM_CLOSED_TEXT = 'This form is closed';

export const LIMITS_MESSAGES = {
  limitRange: 'Enter a whole number from 1 to 1,000,000',
  dateTime: 'Enter a date and time',
  timeZone: 'Choose a time zone',
  closeBeforeOpen: 'The closing time must be after the opening time',
  messageTooLong: 'Keep the message under 1,000 characters',
} as const;

const localDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, { error: LIMITS_MESSAGES.dateTime })
  .nullable();

/**
 * PUT /api/forms/:id/limits: close after N submissions, open and close at wall-clock times in the
 * owner's time zone, one response per browser, and the message a closed form shows.
 */
export const limitsBodySchema = z
  .object({
    response_limit: z
      .number({ error: LIMITS_MESSAGES.limitRange })
      .int({ error: LIMITS_MESSAGES.limitRange })
      .min(1, { error: LIMITS_MESSAGES.limitRange })
      .max(1_000_000, { error: LIMITS_MESSAGES.limitRange })
      .nullable(),
    opens_at: localDateTime,
    closes_at: localDateTime,
    time_zone: z.string().max(100).refine(isTimeZone, { error: LIMITS_MESSAGES.timeZone }),
    closed_message: z
      .string()
      .trim()
      .max(1000, { error: LIMITS_MESSAGES.messageTooLong })
      .nullable()
      .transform((v) => (v === '' ? null : v)),
    one_response_per_browser: z.boolean(),
    /** Left out: unchanged. */
    spam_challenge: z.boolean().optional(),
  })
  .superRefine((body, ctx) => {
    if (!body.opens_at || !body.closes_at || !isTimeZone(body.time_zone)) return;
    const opens = zonedToInstant(body.opens_at, body.time_zone);
    const closes = zonedToInstant(body.closes_at, body.time_zone);
    if (opens && closes && closes.getTime() <= opens.getTime()) {
      ctx.addIssue({ code: 'custom', path: ['closes_at'], message: LIMITS_MESSAGES.closeBeforeOpen });
    }
  });
export type LimitsBody = z.input<typeof limitsBodySchema>;

export const limitsSchema = z.object({
  response_limit: z.number().int().nullable(),
  /** Submissions counted against the limit so far. */
  responses_taken: z.number().int(),
  opens_at: z.string().nullable(),
  closes_at: z.string().nullable(),
  time_zone: z.string(),
  /** The same times as instants (ISO 8601, UTC). */
  opens_at_utc: z.string().nullable(),
  closes_at_utc: z.string().nullable(),
  closed_message: z.string().nullable(),
  one_response_per_browser: z.boolean(),
  /** The respondent's browser solves a small puzzle before sending. */
  spam_challenge: z.boolean(),
  /** Whether the form takes submissions right now. */
  open: z.boolean(),
});
export type Limits = z.infer<typeof limitsSchema>;

/** Why a form takes no submissions now, or null when it is open. */
export function closedReason(
  form: { responseLimit: number | null; responsesTaken: number; opensAt: Date | null; closesAt: Date | null },
  now: Date,
): 'not-open-yet' | 'closed' | 'full' | null {
  if (form.opensAt && form.opensAt.getTime() > now.getTime()) return 'not-open-yet';
  if (form.closesAt && form.closesAt.getTime() <= now.getTime()) return 'closed';
  if (form.responseLimit !== null && form.responsesTaken >= form.responseLimit) return 'full';
  return null;
}

export const CONFIRMATION_MESSAGES = {
  fieldRequired: 'Choose the email field to send to',
  subjectRequired: 'Enter a subject',
  subjectTooLong: 'Keep the subject under 200 characters',
  messageTooLong: 'Keep the message under 5,000 characters',
} as const;

/** Respondent confirmation mail settings; `{{field_id}}` in subject and message recalls answers. */
export const confirmationSchema = z
  .object({
    enabled: z.boolean(),
    email_field_id: z.string().max(200).nullable(),
    subject: z.string().trim().max(200, { error: CONFIRMATION_MESSAGES.subjectTooLong }),
    message: z.string().max(5000, { error: CONFIRMATION_MESSAGES.messageTooLong }),
    include_answers: z.boolean(),
    /** The mail carries the response as a PDF. Settings saved before it existed read as off. */
    attach_pdf: z.boolean().default(false),
  })
  .superRefine((body, ctx) => {
    if (!body.enabled) return;
    if (!body.email_field_id) {
      ctx.addIssue({
        code: 'custom',
        path: ['email_field_id'],
        message: CONFIRMATION_MESSAGES.fieldRequired,
      });
    }
    if (!body.subject) {
      ctx.addIssue({ code: 'custom', path: ['subject'], message: CONFIRMATION_MESSAGES.subjectRequired });
    }
  });
export type Confirmation = z.infer<typeof confirmationSchema>;

export const DEFAULT_CONFIRMATION: Confirmation = {
  enabled: false,
  email_field_id: null,
  subject: 'Thanks for your response',
  message: 'We received your response. Thank you!',
  include_answers: true,
  attach_pdf: false,
};

/**
 * Why a mail of an end-to-end encrypted form cannot carry the response as a PDF: the server, which
 * makes the PDF when the mail goes out, cannot read the answers.
 */
export const ATTACH_PDF_SEALED =
  'This form is end-to-end encrypted: the server cannot read its answers, so it cannot attach them to mails as a PDF.';

export const PARTIALS_MESSAGES = { retention: 'Enter a whole number of days from 1 to 365' } as const;

/** PUT /api/forms/:id/partials: keep answers as respondents go, and for how long after the last change. */
export const partialsSchema = z.object({
  save_partials: z.boolean(),
  partial_retention_days: z
    .number({ error: PARTIALS_MESSAGES.retention })
    .int({ error: PARTIALS_MESSAGES.retention })
    .min(1, { error: PARTIALS_MESSAGES.retention })
    .max(365, { error: PARTIALS_MESSAGES.retention }),
});
export type PartialsSettings = z.infer<typeof partialsSchema>;
