/**
 * Scheduled reports: a form's new responses (CSV or Excel) or its summary (PDF) mailed daily,
 * weekly or monthly at a wall-clock time in the owner's time zone. The API shapes and the next-run arithmetic, shared by
 * the server (which queues the runs) and the web app (which shows when the next one goes).
 */
import { z } from 'zod';
import { instantToZoned, isTimeZone, zonedToInstant } from '../form-settings/zoned-time.ts';

export const REPORT_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];
/**
 * What a report attaches: the responses since the last report, as CSV or as an Excel file; or
 * the form's summary report (every response up to the report's day) as a PDF.
 */
export const REPORT_FORMATS = ['csv', 'xlsx', 'pdf'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
/** ISO weekday numbers, Monday first, as the UI lists them. */
export const WEEKDAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;
export const MAX_REPORT_RECIPIENTS = 20;

export const REPORT_MESSAGES = {
  timeZone: 'Choose a time zone',
  time: 'Give the time as HH:MM (24-hour)',
  weekday: 'A weekly report needs a day of the week (1 = Monday … 7 = Sunday)',
  monthDay: 'A monthly report needs a day of the month (1–31)',
  recipients: 'Add at least one recipient',
  tooManyRecipients: `At most ${MAX_REPORT_RECIPIENTS} recipients`,
  duplicateRecipients: 'Each recipient once',
} as const;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export const reportScheduleBodySchema = z
  .object({
    format: z.enum(REPORT_FORMATS),
    frequency: z.enum(REPORT_FREQUENCIES),
    /** ISO weekday (1 = Monday) for a weekly report; null otherwise. */
    weekday: z.number().int().min(1).max(7).nullable().default(null),
    /** Day of the month for a monthly report (a shorter month sends on its last day); null otherwise. */
    month_day: z.number().int().min(1).max(31).nullable().default(null),
    time: z.string().regex(TIME, { error: REPORT_MESSAGES.time }),
    time_zone: z.string().max(100).refine(isTimeZone, { error: REPORT_MESSAGES.timeZone }),
    recipients: z
      .array(
        z
          .email()
          .max(320)
          .transform((e) => e.toLowerCase()),
      )
      .min(1, { error: REPORT_MESSAGES.recipients })
      .max(MAX_REPORT_RECIPIENTS, { error: REPORT_MESSAGES.tooManyRecipients }),
  })
  .superRefine((body, ctx) => {
    if (body.frequency === 'weekly' && body.weekday === null) {
      ctx.addIssue({ code: 'custom', path: ['weekday'], message: REPORT_MESSAGES.weekday });
    }
    if (body.frequency === 'monthly' && body.month_day === null) {
      ctx.addIssue({ code: 'custom', path: ['month_day'], message: REPORT_MESSAGES.monthDay });
    }
    if (new Set(body.recipients).size !== body.recipients.length) {
      ctx.addIssue({ code: 'custom', path: ['recipients'], message: REPORT_MESSAGES.duplicateRecipients });
    }
  })
  // A day that the frequency does not use is not kept.
  .transform((body) => ({
    ...body,
    weekday: body.frequency === 'weekly' ? body.weekday : null,
    month_day: body.frequency === 'monthly' ? body.month_day : null,
  }));
export type ReportScheduleBody = z.output<typeof reportScheduleBodySchema>;

export const reportScheduleSchema = z.object({
  id: z.string(),
  format: z.enum(REPORT_FORMATS),
  frequency: z.enum(REPORT_FREQUENCIES),
  weekday: z.number().nullable(),
  month_day: z.number().nullable(),
  time: z.string(),
  time_zone: z.string(),
  recipients: z.array(z.string()),
  /** When the next report goes (UTC). */
  next_run_at: z.string(),
  /** When the last one went: its responses are those up to this instant. */
  last_sent_at: z.string().nullable(),
  created_at: z.string(),
});
export type ReportSchedule = z.infer<typeof reportScheduleSchema>;
export const reportScheduleListSchema = z.object({ schedules: z.array(reportScheduleSchema) });

export const reportScheduleParamsSchema = z.object({
  id: z.string(),
  reportId: z.uuid({ error: 'Report not found' }),
});

type Timing = Pick<ReportScheduleBody, 'frequency' | 'weekday' | 'month_day' | 'time' | 'time_zone'>;

const DAY_MS = 86_400_000;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Whether a calendar day (UTC midnight of that date) is one the schedule sends on. */
function isReportDay(timing: Timing, day: Date): boolean {
  if (timing.frequency === 'daily') return true;
  if (timing.frequency === 'weekly') return ((day.getUTCDay() + 6) % 7) + 1 === timing.weekday;
  const last = daysInMonth(day.getUTCFullYear(), day.getUTCMonth() + 1);
  return day.getUTCDate() === Math.min(timing.month_day ?? 1, last);
}

/**
 * The first instant strictly after `after` when the schedule sends: its wall-clock time on its
 * next day in its zone, so a report at 08:00 Europe/Paris goes at 07:00 UTC in winter and 06:00
 * UTC in summer. A time a DST jump skips goes at the jump (zonedToInstant).
 */
export function nextReportRun(timing: Timing, after: Date): Date {
  const localDate = instantToZoned(after, timing.time_zone).slice(0, 10);
  let day = new Date(`${localDate}T00:00:00Z`);
  // Monthly is the longest gap: 32 days always reach the next one after today.
  for (let i = 0; i < 64; i++, day = new Date(day.getTime() + DAY_MS)) {
    if (!isReportDay(timing, day)) continue;
    const at = zonedToInstant(`${day.toISOString().slice(0, 10)}T${timing.time}`, timing.time_zone);
    if (at && at.getTime() > after.getTime()) return at;
  }
  throw new Error('no report day within 64 days');
}

/** "Weekly on Monday at 08:00 (Europe/Paris)" */
export function describeReportTiming(timing: Timing): string {
  const when =
    timing.frequency === 'daily'
      ? 'Daily'
      : timing.frequency === 'weekly'
        ? `Weekly on ${WEEKDAYS[(timing.weekday ?? 1) - 1]}`
        : `Monthly on day ${timing.month_day}`;
  return `${when} at ${timing.time} (${timing.time_zone})`;
}
