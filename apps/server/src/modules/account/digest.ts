import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import type { Mail } from '../../mail/mailer.ts';

export const DIGEST_JOB = 'account.weekly-digest';
const WEEK_MS = 7 * 86_400_000;
// A rerun within six days (a retry, a second instance) sends nothing twice.
const RESEND_GUARD = '6 days';
const MAX_FORMS_LISTED = 50;

type DigestRow = {
  user_id: string;
  email: string;
  name: string;
  form_id: number;
  title: string;
  n: number | string;
};
type FormLine = { formId: number; title: string; count: number };

function escapeHtml(s: string): string {
  return s
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const plural = (n: number) => `${n} submission${n === 1 ? '' : 's'}`;

export function digestMail(input: { to: string; name: string; lines: FormLine[]; publicUrl: string }): Mail {
  const total = input.lines.reduce((sum, l) => sum + l.count, 0);
  const shown = input.lines.slice(0, MAX_FORMS_LISTED);
  const text = [
    `Hi ${input.name},`,
    '',
    `Here is your weekly summary: ${plural(total)} in the last 7 days.`,
    '',
    ...shown.map((l) => `${l.title}: ${plural(l.count)} — ${input.publicUrl}/forms/${l.formId}/submissions`),
    '',
    `Turn this email off in your notification settings: ${input.publicUrl}/dashboard/settings`,
    '',
    '— Formsmith',
  ].join('\n');
  const rows = shown
    .map(
      (l) =>
        `<tr><td style="padding: 4px 12px 4px 0;"><a href="${escapeHtml(`${input.publicUrl}/forms/${l.formId}/submissions`)}">${escapeHtml(l.title)}</a></td><td style="padding: 4px 0;">${plural(l.count)}</td></tr>`,
    )
    .join('\n');
  const html = `<!doctype html>
<html><body style="font-family: system-ui, sans-serif; color: #0f172a; line-height: 1.5;">
<p>Hi ${escapeHtml(input.name)},</p>
<p>Here is your weekly summary: <strong>${plural(total)}</strong> in the last 7 days.</p>
<table style="border-collapse: collapse; font-size: 14px;">${rows}</table>
<p style="font-size: 13px; color: #475569;">Turn this email off in your <a href="${escapeHtml(`${input.publicUrl}/dashboard/settings`)}">notification settings</a>.</p>
<p>— Formsmith</p>
</body></html>`;
  return { to: input.to, subject: `Your weekly Formsmith summary: ${plural(total)}`, text, html };
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
  const only = opts.userIds
    ? sql`and u.id in (${sql.join(
        opts.userIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql``;
  const result = await app.db.execute(sql`
    select u.id as user_id, u.email, u.name, f.id as form_id, f.title,
      (select count(*) from submissions s
        where s.form_id = f.id and s.created_at >= ${since.toISOString()}::timestamptz
          and s.created_at < ${now.toISOString()}::timestamptz) as n
    from users u
    join forms f on f.owner_id = u.id
    left join notification_settings ns on ns.user_id = u.id
    where u.email_verified_at is not null and u.role <> 'system'
      and coalesce(ns.weekly_digest, true)
      and (ns.last_digest_at is null or ns.last_digest_at < ${now.toISOString()}::timestamptz - interval '${sql.raw(RESEND_GUARD)}')
      ${only}
    order by u.id, f.title, f.id`);
  const byUser = new Map<string, { email: string; name: string; lines: FormLine[] }>();
  for (const row of (result as unknown as { rows: DigestRow[] }).rows) {
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

async function hasFutureRun(db: DbOrTx): Promise<boolean> {
  const result = await db.execute(
    sql`select 1 from jobs where kind = ${DIGEST_JOB} and done_at is null and run_at > now() limit 1`,
  );
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

async function hasPendingRun(db: DbOrTx): Promise<boolean> {
  const result = await db.execute(
    sql`select 1 from jobs where kind = ${DIGEST_JOB} and done_at is null and attempts < max_attempts limit 1`,
  );
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

/** Registers the weekly digest job; each run schedules the next, start-up seeds the first. */
export function registerDigestJob(app: FastifyInstance): void {
  app.jobs.register(DIGEST_JOB, async () => {
    const sent = await sendWeeklyDigests(app);
    if (sent > 0) app.log.info({ sent }, 'weekly digests queued');
    if (!(await hasFutureRun(app.db))) {
      await enqueueJob(app.db, { kind: DIGEST_JOB, payload: {}, runAt: new Date(Date.now() + WEEK_MS) });
    }
  });
  if (!app.config.runJobs) return;
  app.addHook('onReady', async () => {
    if (!(await hasPendingRun(app.db))) {
      await enqueueJob(app.db, { kind: DIGEST_JOB, payload: {}, runAt: new Date(Date.now() + WEEK_MS) });
    }
  });
}
