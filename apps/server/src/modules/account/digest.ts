import { DAY_MS } from '@formsmith/core/time';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import type { RecurringJob } from '../../jobs/definition.ts';
import type { Mail } from '../../mail/mailer.ts';
import { composeMail, escapeHtml, tableHtml } from '../../mail/templates.ts';
import { listDigestCounts } from '../submissions/index.ts';

export const DIGEST_JOB = 'account.weekly-digest';
const WEEK_MS = 7 * DAY_MS;
// A rerun within six days (a retry, a second instance) sends nothing twice.
const RESEND_GUARD_MS = 6 * DAY_MS;
const MAX_FORMS_LISTED = 50;

type FormLine = { formId: number; title: string; count: number };

const plural = (n: number) => `${n} submission${n === 1 ? '' : 's'}`;

export function digestMail(input: { to: string; name: string; lines: FormLine[]; publicUrl: string }): Mail {
  const total = input.lines.reduce((sum, l) => sum + l.count, 0);
  const shown = input.lines.slice(0, MAX_FORMS_LISTED);
  const rows = shown
    .map(
      (l) =>
        `<tr><td style="padding: 4px 12px 4px 0;"><a href="${escapeHtml(`${input.publicUrl}/forms/${l.formId}/submissions`)}">${escapeHtml(l.title)}</a></td><td style="padding: 4px 0;">${plural(l.count)}</td></tr>`,
    )
    .join('\n');
  return composeMail({
    to: input.to,
    subject: `Your weekly Formsmith summary: ${plural(total)}`,
    greetingName: input.name,
    textLines: [
      `Here is your weekly summary: ${plural(total)} in the last 7 days.`,
      '',
      ...shown.map(
        (l) => `${l.title}: ${plural(l.count)} — ${input.publicUrl}/forms/${l.formId}/submissions`,
      ),
      '',
      `Turn this email off in your notification settings: ${input.publicUrl}/dashboard/settings`,
    ],
    htmlBody: `<p>Here is your weekly summary: <strong>${plural(total)}</strong> in the last 7 days.</p>
${tableHtml(rows)}
<p style="font-size: 13px; color: #475569;">Turn this email off in your <a href="${escapeHtml(`${input.publicUrl}/dashboard/settings`)}">notification settings</a>.</p>`,
  });
}

/**
 * Queues one summary mail per verified user whose weekly digest is on (the default) and who owns
 * at least one form: last week's submission count per form. Returns how many mails were queued.
 * `userIds` narrows the run (tests on a shared database).
 */
export async function sendWeeklyDigests(
  app: FastifyInstance,
  opts: { now?: Date; userIds?: string[] } = {},
): Promise<number> {
  const now = opts.now ?? new Date();
  const since = new Date(now.getTime() - WEEK_MS);
  const rows = await listDigestCounts(app.db, {
    since,
    until: now,
    sentBefore: new Date(now.getTime() - RESEND_GUARD_MS),
    userIds: opts.userIds,
  });
  const byUser = new Map<string, { email: string; name: string; lines: FormLine[] }>();
  for (const row of rows) {
    const entry = byUser.get(row.user_id) ?? { email: row.email, name: row.name, lines: [] };
    entry.lines.push({ formId: Number(row.form_id), title: row.title, count: Number(row.n) });
    byUser.set(row.user_id, entry);
  }
  for (const [userId, entry] of byUser) {
    // Busiest forms first.
    entry.lines.sort((a, b) => b.count - a.count);
    await app.db.transaction(async (tx) => {
      await markDigestSent(tx, userId, now);
      await app.mailer.queue(
        tx,
        digestMail({
          to: entry.email,
          name: entry.name,
          lines: entry.lines,
          publicUrl: app.config.publicUrl,
        }),
        { userId },
      );
    });
  }
  return byUser.size;
}

/** Remembers the send; a first row keeps following the security setting for security alerts. */
async function markDigestSent(tx: DbOrTx, userId: string, now: Date): Promise<void> {
  await tx.execute(sql`
    insert into notification_settings (user_id, security_alerts, last_digest_at)
    values (${userId}, coalesce((select security_notifications from security_settings where user_id = ${userId}), true),
      ${now.toISOString()}::timestamptz)
    on conflict (user_id) do update set last_digest_at = excluded.last_digest_at`);
}

/** The weekly digest run; each run schedules the next, start-up seeds the first a week out. */
export const digestJob: RecurringJob = {
  kind: DIGEST_JOB,
  everyMs: WEEK_MS,
  firstRunInMs: WEEK_MS,
  run: async (app) => {
    const sent = await sendWeeklyDigests(app);
    if (sent > 0) app.log.info({ sent }, 'weekly digests queued');
  },
};
