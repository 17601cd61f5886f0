import { describeReportTiming, nextReportRun, type ReportFormat } from '@formsmith/core/reports/scheduled';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import type { QueuedJob } from '../../jobs/definition.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { AppError } from '../../lib/app-error.ts';
import { withinAttachmentCap } from '../../mail/attachments.ts';
import type { Mail, MailAttachment } from '../../mail/mailer.ts';
import { composeMail, escapeHtml } from '../../mail/templates.ts';
import { type FormRow, findFormWithOwner, requireOwnedForm } from '../forms/index.ts';
import {
  buildResponsesAttachment,
  countReportWindow,
  type ReportWindow,
  renderFormSummaryPdf,
} from '../submissions/index.ts';
import {
  findAllowedRecipients,
  findReportById,
  lockReport,
  markReportSent,
  type Recipient,
  type ReportRow,
} from './repository.ts';

export const REPORT_JOB = 'reports.send';

/** Queues the run of a report due at `due` (pass the transaction that saved the report). */
export async function queueReportRun(db: DbOrTx, reportId: string, due: Date): Promise<void> {
  await enqueueJob(db, { kind: REPORT_JOB, payload: { reportId, due: due.toISOString() }, runAt: due });
}

const timingOf = (row: ReportRow) => ({
  frequency: row.frequency as 'daily' | 'weekly' | 'monthly',
  weekday: row.weekday,
  month_day: row.monthDay,
  time: row.time,
  time_zone: row.timeZone,
});

const plural = (n: number) => `${n} new response${n === 1 ? '' : 's'}`;

function reportMail(input: {
  to: Recipient;
  title: string;
  timing: string;
  link: string;
  since: Date;
  until: Date;
  count: number;
  sealedEndToEnd: number;
  attachment: MailAttachment | null;
  /** Why a summary could not be attached. */
  unavailable: string | null;
}): Mail {
  const minute = (d: Date) => d.toISOString().slice(0, 16).replace('T', ' ');
  const since = `${minute(input.since)} UTC`;
  const period = `${minute(input.since)} to ${minute(input.until)} UTC`;
  const summary = input.attachment?.contentType === PDF_TYPE;
  const summaryLine = `The form's summary of ${period} is attached (${input.attachment?.filename}).`;
  const lines =
    input.count === 0
      ? [
          `No new responses to "${input.title}" since ${since}.`,
          ...(summary ? [summaryLine] : []),
          ...(input.unavailable ? [input.unavailable] : []),
        ]
      : [
          `${plural(input.count)} to "${input.title}" since ${since}.`,
          ...(input.attachment
            ? [summary ? summaryLine : `They are attached (${input.attachment.filename}).`]
            : []),
          ...(input.unavailable ? [input.unavailable] : []),
          ...(input.sealedEndToEnd > 0
            ? [
                `${input.sealedEndToEnd} of them are end-to-end encrypted and are not attached: open the form in the browser and unlock it to read them.`,
              ]
            : []),
        ];
  const footer = `This report is sent ${input.timing.charAt(0).toLowerCase()}${input.timing.slice(1)}. Change or stop it in the form's settings: ${input.link}`;
  return {
    ...composeMail({
      to: input.to.email,
      subject:
        input.count === 0
          ? `Report: no new responses to ${input.title}`
          : `Report: ${plural(input.count)} to ${input.title}`,
      greetingName: input.to.name,
      textLines: [...lines, '', footer],
      htmlBody: `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
<p style="font-size: 13px; color: #475569;">${escapeHtml(footer)}</p>`,
    }),
    ...(input.attachment ? { attachments: [input.attachment] } : {}),
  };
}

const PDF_TYPE = 'application/pdf';

/**
 * The form's summary report as a PDF of the report's period: the complete responses after the
 * last report (the first time: after the report was made) up to this one, as the CSV and Excel
 * kinds send them. A form encrypted end to end has none (the server cannot read its answers): the
 * mail says so instead.
 */
async function summaryAttachment(
  app: FastifyInstance,
  form: FormRow,
  window: ReportWindow,
): Promise<{ attachment: MailAttachment | null; unavailable: string | null }> {
  try {
    const bytes = await renderFormSummaryPdf(app, {
      formId: form.id,
      ownerUserId: form.ownerId,
      from: window.since.toISOString().slice(0, 10),
      to: window.until.toISOString().slice(0, 10),
      window,
      now: window.until,
    });
    const slug =
      form.title
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '')
        .slice(0, 60) || `form-${form.id}`;
    return {
      attachment: {
        filename: `${slug}-summary-${window.until.toISOString().slice(0, 10)}.pdf`,
        contentType: PDF_TYPE,
        base64: Buffer.from(bytes).toString('base64'),
      },
      unavailable: null,
    };
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 409)
      return { attachment: null, unavailable: err.message };
    throw err;
  }
}

/**
 * Sends the report due at `due` once: the mails are queued in the transaction that moves the
 * report's next run on, under a lock on its row, so a rerun of this job (a retry, a second
 * instance) finds the run moved and sends nothing. A report changed since this job was queued has
 * a newer job of its own. Responses are those submitted after the last report up to `due`.
 */
export async function runReport(
  app: FastifyInstance,
  reportId: string,
  due: Date,
): Promise<'sent' | 'skipped'> {
  const report = await findReportById(app.db, reportId);
  if (!report || report.nextRunAt.getTime() !== due.getTime()) return 'skipped';
  const timing = timingOf(report);
  const next = nextReportRun(timing, new Date(Math.max(due.getTime(), Date.now())));
  const owner = await findFormWithOwner(app.db, report.formId);
  const form = owner
    ? await requireOwnedForm(app.db, { formId: report.formId, ownerId: owner.ownerId }).catch(() => null)
    : null;
  const window = { since: report.lastSentAt ?? report.createdAt, until: due };
  // A form in the Trash sends nothing; its responses wait for the first report after a restore.
  const recipients = form ? await findAllowedRecipients(app.db, form.workspaceId, report.recipients) : [];
  const counts = form ? await countReportWindow(app, form.id, window) : { total: 0, sealedEndToEnd: 0 };
  const format = report.format as ReportFormat;
  let attachment: MailAttachment | null = null;
  let unavailable: string | null = null;
  if (form && recipients.length > 0 && format === 'pdf') {
    ({ attachment, unavailable } = await summaryAttachment(app, form, window));
  } else if (form && recipients.length > 0 && counts.total > counts.sealedEndToEnd) {
    attachment = await buildResponsesAttachment(app, form, format, window);
  }
  return app.db.transaction(async (tx) => {
    const locked = await lockReport(tx, reportId);
    if (!locked || locked.nextRunAt.getTime() !== due.getTime()) return 'skipped';
    if (form) {
      for (const to of recipients) {
        const mail = reportMail({
          to,
          title: form.title,
          timing: describeReportTiming(timing),
          link: `${app.config.publicUrl}/forms/${form.id}/settings`,
          since: window.since,
          until: window.until,
          count: counts.total,
          sealedEndToEnd: format === 'pdf' ? 0 : counts.sealedEndToEnd,
          attachment,
          unavailable,
        });
        // Too large a file goes as a link to where the app shows the same.
        const appLink = `${app.config.publicUrl}/forms/${form.id}/${format === 'pdf' ? 'report' : 'submissions'}`;
        const capped = withinAttachmentCap(mail, {
          maxBytes: app.config.mailAttachmentMaxBytes,
          link: appLink,
        });
        await app.mailer.queue(tx, capped, { userId: to.id });
      }
    }
    await markReportSent(tx, { id: reportId, sentUpTo: form ? due : window.since, nextRunAt: next });
    await queueReportRun(tx, reportId, next);
    return form ? 'sent' : 'skipped';
  });
}

export const reportJob: QueuedJob = {
  kind: REPORT_JOB,
  handler: (app) => async (payload) => {
    if (typeof payload.reportId !== 'string' || typeof payload.due !== 'string') return;
    await runReport(app, payload.reportId, new Date(payload.due));
  },
};
