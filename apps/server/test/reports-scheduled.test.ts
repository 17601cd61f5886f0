import { instantToZoned } from '@formsmith/core/form-settings/zoned-time';
import { nextReportRun } from '@formsmith/core/reports/scheduled';
import { and, eq, isNull, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, scheduledReports } from '../src/db/schema.ts';
import { REPORT_JOB, runReport } from '../src/modules/reports/index.ts';
import { dbKind } from './helpers/app.ts';
import { createMailTestApp, drainMails } from './helpers/mail-app.ts';
import { pdfText } from './helpers/pdf-text.ts';
import { mailAttachment, type TestSmtpServer } from './helpers/smtp.ts';
import { createTeam, placeForm } from './helpers/teams.ts';
import { createTestUser, type TestUser } from './helpers/users.ts';
import { createTestForm, insertSubmissions } from './submissions-fixtures.ts';

const DAY = 86_400_000;
const weekly = {
  format: 'csv',
  frequency: 'weekly',
  weekday: 1,
  time: '08:00',
  time_zone: 'Europe/Paris',
} as const;

describe(`scheduled reports (${dbKind})`, () => {
  let app: FastifyInstance;
  let smtp: TestSmtpServer;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ app, smtp, close } = await createMailTestApp());
  });
  afterAll(() => close());

  const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email));

  async function schedule(user: TestUser, formId: number, body: Record<string, unknown>) {
    return app.inject({
      method: 'POST',
      url: `/api/forms/${formId}/reports`,
      headers: user.auth,
      payload: body,
    });
  }

  /** Makes the report's queued run due now, as the clock reaching its time would. */
  async function reachRunTime(reportId: string, due?: string): Promise<void> {
    await app.db.execute(
      sql`update jobs set run_at = now() where kind = ${REPORT_JOB} and done_at is null and payload->>'reportId' = ${reportId}
        and (${due ?? null}::text is null or payload->>'due' = ${due ?? null})`,
    );
  }

  async function pendingRuns(reportId: string) {
    return app.db
      .select({ runAt: jobs.runAt, payload: jobs.payload })
      .from(jobs)
      .where(
        and(eq(jobs.kind, REPORT_JOB), isNull(jobs.doneAt), sql`${jobs.payload}->>'reportId' = ${reportId}`),
      );
  }

  it("mails the new responses as CSV weekly on Monday at 08:00 in the owner's zone, once", async () => {
    const owner = await createTestUser(app, { name: 'Rita Report' });
    const formId = await createTestForm(app, owner.id, { title: 'Job applications' });
    // Before the report existed: not new to it.
    await insertSubmissions(app, formId, [
      { data: { f_name: 'Old Olga' }, createdAt: new Date(Date.now() - 2 * DAY) },
    ]);
    const created = await schedule(owner, formId, { ...weekly, recipients: [owner.email.toUpperCase()] });
    expect(created.statusCode, created.body).toBe(201);
    const report = created.json();
    expect(report.recipients).toEqual([owner.email]);

    // Queued for the next Monday 08:00 in Paris, whatever UTC offset that is then.
    const due = new Date(report.next_run_at);
    expect(instantToZoned(due, 'Europe/Paris').slice(11)).toBe('08:00');
    expect(new Date(`${instantToZoned(due, 'Europe/Paris').slice(0, 10)}T12:00:00Z`).getUTCDay()).toBe(1);
    expect(due.getTime() - Date.now()).toBeLessThanOrEqual(7 * DAY);
    expect(due.getTime()).toBe(
      nextReportRun({ ...weekly, month_day: null }, new Date(report.created_at)).getTime(),
    );
    const queued = await pendingRuns(report.id);
    expect(queued.map((j) => j.runAt.getTime())).toEqual([due.getTime()]);

    // Not yet due: nothing goes.
    await app.jobs.drain();
    expect(mailsTo(owner.email)).toHaveLength(0);

    await insertSubmissions(app, formId, [
      { data: { f_name: 'Ana Applicant', f_notes: '=HYPERLINK("http://x")' } },
      { data: { f_name: 'Ben Bewerber' }, sealed: true },
      // Not submitted: not a response yet.
      { data: { f_name: 'Half Hank' }, completed: false },
    ]);
    await reachRunTime(report.id);
    const [mail] = await drainMails(
      { app, smtp },
      { to: owner.email, prefix: 'Report: 2 new responses', count: 1 },
    );
    expect(mail, 'the report mail').toBeDefined();
    expect(mail!.raw).toContain('Subject: Report: 2 new responses to Job applications');
    expect(mail!.raw).toContain('Hi Rita Report,');
    expect(mail!.raw).toContain('weekly on Monday at 08:00 (Europe/Paris)');
    const csv = mailAttachment(mail!, /\.csv$/);
    expect(csv.filename).toBe(`job-applications-responses-${due.toISOString().slice(0, 10)}.csv`);
    const text = csv.bytes.toString('utf8');
    expect(text).toContain('Full name');
    expect(text).toContain('Ana Applicant');
    expect(text).toContain('Ben Bewerber');
    // Formula injection neutralised as in the export.
    expect(text).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(text).not.toContain('Old Olga');
    expect(text).not.toContain('Half Hank');

    // The next run is a week on at the same local time, and the window starts where this one ended.
    const [row] = await app.db.select().from(scheduledReports).where(eq(scheduledReports.id, report.id));
    expect(row!.lastSentAt?.getTime()).toBe(due.getTime());
    expect(instantToZoned(row!.nextRunAt, 'Europe/Paris').slice(11)).toBe('08:00');
    expect(row!.nextRunAt.getTime()).toBe(nextReportRun({ ...weekly, month_day: null }, due).getTime());
    expect((await pendingRuns(report.id)).map((j) => j.runAt.getTime())).toEqual([row!.nextRunAt.getTime()]);

    // A rerun of the same run (a retry, a second instance) sends nothing twice.
    await app.db
      .insert(jobs)
      .values({ kind: REPORT_JOB, payload: { reportId: report.id, due: due.toISOString() } });
    expect(await runReport(app, report.id, due)).toBe('skipped');
    await drainMails({ app, smtp }, { to: owner.email, prefix: 'Report:', count: 2 });
    expect(mailsTo(owner.email)).toHaveLength(1);
  });

  it('sends the responses as an Excel file, and a short mail when nothing is new', async () => {
    const owner = await createTestUser(app);
    const formId = await createTestForm(app, owner.id, { title: 'Survey' });
    const created = await schedule(owner, formId, {
      format: 'xlsx',
      frequency: 'monthly',
      month_day: 31,
      time: '18:30',
      time_zone: 'America/New_York',
      recipients: [owner.email],
    });
    expect(created.statusCode, created.body).toBe(201);
    const report = created.json();
    expect(report.month_day).toBe(31);
    expect(instantToZoned(new Date(report.next_run_at), 'America/New_York').slice(11)).toBe('18:30');

    await insertSubmissions(app, formId, [{ data: { f_name: 'Xena Excel', f_topics: ['apples'] } }]);
    await reachRunTime(report.id);
    const [mail] = await drainMails(
      { app, smtp },
      { to: owner.email, prefix: 'Report: 1 new response', count: 1 },
    );
    const xlsx = mailAttachment(mail!, /\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const values = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(values[header.indexOf('Full name')]).toBe('Xena Excel');
    expect(sheet.rowCount).toBe(2);

    // Nothing new by the next run: the mail says so and carries no file.
    await reachRunTime(report.id);
    const [empty] = await drainMails(
      { app, smtp },
      { to: owner.email, prefix: 'Report: no new responses', count: 1 },
    );
    expect(empty!.raw).toContain('No new responses to "Survey" since');
    expect(empty!.raw).not.toContain('filename=');
  });

  it("mails the form's summary as a PDF, and refuses it for a form encrypted end to end", async () => {
    const owner = await createTestUser(app, { name: 'Sam Summary' });
    const formId = await createTestForm(app, owner.id, { title: 'Board survey' });
    // Before the report existed: outside its first period.
    await insertSubmissions(app, formId, [
      { data: { f_name: 'Old Olga', f_topics: ['bananas'] }, createdAt: new Date(Date.now() - 2 * DAY) },
    ]);
    const created = await schedule(owner, formId, { ...weekly, format: 'pdf', recipients: [owner.email] });
    expect(created.statusCode, created.body).toBe(201);
    const report = created.json();
    await insertSubmissions(app, formId, [
      { data: { f_name: 'Pia Pdf', f_topics: ['apples'] } },
      { data: { f_name: 'Quinn', f_topics: ['apples', 'bananas'] }, sealed: true },
    ]);
    await reachRunTime(report.id);
    const [mail] = await drainMails(
      { app, smtp },
      { to: owner.email, prefix: 'Report: 2 new responses', count: 1 },
    );
    const minute = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')}`;
    // The mail names the period: from the report's creation to this run.
    expect(mail!.raw).toContain(
      `The form's summary of ${minute(report.created_at)} to ${minute(report.next_run_at)} UTC is attached`,
    );
    const pdf = mailAttachment(mail!, /\.pdf$/);
    expect(pdf.filename).toBe(`board-survey-summary-${report.next_run_at.slice(0, 10)}.pdf`);
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { text } = await pdfText(pdf.bytes);
    expect(text).toContain('Board survey');
    expect(text).toContain('Topics');
    expect(text).toContain('Apples');
    // Only the period's two responses, not the one from before the report was made.
    const figures = (t: string) => t.replace(/[\s\u2068\u2069]+/g, '');
    expect(figures(text)).toContain('Submissions:2');
    expect(figures(text)).toContain('Bananas1(50%)');

    // The next run covers what came after this one only.
    const [sent] = await app.db.select().from(scheduledReports).where(eq(scheduledReports.id, report.id));
    await insertSubmissions(app, formId, [
      {
        data: { f_name: 'Nora Next', f_topics: ['bananas'] },
        createdAt: new Date(sent!.lastSentAt!.getTime() + 1000),
      },
    ]);
    await reachRunTime(report.id, sent!.nextRunAt.toISOString());
    const [second] = await drainMails(
      { app, smtp },
      { to: owner.email, prefix: 'Report: 1 new response to Board survey', count: 1 },
    );
    expect(second, 'the second report').toBeDefined();
    expect(second!.raw).toContain(
      `The form's summary of ${minute(report.next_run_at)} to ${minute(sent!.nextRunAt.toISOString())} UTC is attached`,
    );
    const { text: next } = await pdfText(mailAttachment(second!, /\.pdf$/).bytes);
    expect(figures(next)).toContain('Submissions:1');
    expect(figures(next)).toContain('Bananas1(100%)');

    const sealedForm = await createTestForm(app, owner.id, { title: 'Secret' });
    await app.db.execute(sql`update forms set encryption_level = 'enhanced' where id = ${sealedForm}`);
    const refused = await schedule(owner, sealedForm, {
      ...weekly,
      format: 'pdf',
      recipients: [owner.email],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatch(/end-to-end encrypted/i);
  });

  it('mails workspace members and refuses other addresses with a clear message', async () => {
    const owner = await createTestUser(app);
    const member = await createTestUser(app, { name: 'Mia Member' });
    const editor = await createTestUser(app, { name: 'Eli Editor' });
    const outsider = await createTestUser(app);
    const team = await createTeam(app, {
      owner,
      name: 'Hiring',
      members: [
        [member, 'viewer'],
        [editor, 'editor'],
      ],
    });
    const formId = await createTestForm(app, owner.id);
    await placeForm(app, formId, team);

    const refused = await schedule(owner, formId, {
      ...weekly,
      recipients: [member.email, outsider.email, 'nobody@example.org'],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(
      "Reports go only to members of this form's workspace with a verified email address; " +
        `not: ${outsider.email}, nobody@example.org`,
    );
    expect(refused.json().fields.recipients).toContain(outsider.email);

    const ok = await schedule(owner, formId, {
      ...weekly,
      recipients: [owner.email, member.email, editor.email],
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const report = ok.json();

    // Someone who left the workspace is no longer sent it.
    await app.db.execute(
      sql`delete from workspace_members where user_id = ${member.id} and workspace_id = ${team}`,
    );
    await insertSubmissions(app, formId, [{ data: { f_name: 'Team answer' } }]);
    await reachRunTime(report.id);
    await drainMails({ app, smtp }, { to: owner.email, prefix: 'Report: 1 new response', count: 1 });
    const [toEditor] = await drainMails(
      { app, smtp },
      { to: editor.email, prefix: 'Report: 1 new response', count: 1 },
    );
    expect(toEditor!.raw).toContain('Hi Eli Editor,');
    expect(mailAttachment(toEditor!, /\.csv$/).bytes.toString('utf8')).toContain('Team answer');
    expect(mailsTo(owner.email)).toHaveLength(1);
    expect(mailsTo(member.email)).toHaveLength(0);
  });

  it('lists, changes and deletes a report; a changed time moves the run', async () => {
    const owner = await createTestUser(app);
    const formId = await createTestForm(app, owner.id);
    const report = (await schedule(owner, formId, { ...weekly, recipients: [owner.email] })).json();

    const list = await app.inject({
      method: 'GET',
      url: `/api/forms/${formId}/reports`,
      headers: owner.auth,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().schedules.map((s: { id: string }) => s.id)).toEqual([report.id]);

    const changed = await app.inject({
      method: 'PUT',
      url: `/api/forms/${formId}/reports/${report.id}`,
      headers: owner.auth,
      payload: {
        ...weekly,
        frequency: 'daily',
        time: '07:15',
        time_zone: 'Asia/Tokyo',
        recipients: [owner.email],
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const next = new Date(changed.json().next_run_at);
    expect(changed.json().weekday).toBeNull();
    expect(instantToZoned(next, 'Asia/Tokyo').slice(11)).toBe('07:15');
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(DAY);

    // The run queued for the old time finds it moved and sends nothing.
    expect((await pendingRuns(report.id)).map((j) => j.payload.due).sort()).toEqual(
      [new Date(report.next_run_at).toISOString(), next.toISOString()].sort(),
    );
    await reachRunTime(report.id, new Date(report.next_run_at).toISOString());
    await app.jobs.drain();
    await app.jobs.drain();
    expect(mailsTo(owner.email)).toHaveLength(0);
    const [row] = await app.db.select().from(scheduledReports).where(eq(scheduledReports.id, report.id));
    expect(row!.lastSentAt).toBeNull();

    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/forms/${formId}/reports/${report.id}`,
      headers: owner.auth,
    });
    expect(deleted.statusCode).toBe(204);
    const again = await app.inject({
      method: 'DELETE',
      url: `/api/forms/${formId}/reports/${report.id}`,
      headers: owner.auth,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe('Report not found');
  });

  it('answers 400 with a clear message for bad input', async () => {
    const owner = await createTestUser(app);
    const formId = await createTestForm(app, owner.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ time_zone: 'Mars/Olympus' }, 'Choose a time zone'],
      [{ time: '8am' }, 'Give the time as HH:MM (24-hour)'],
      [{ weekday: null }, 'A weekly report needs a day of the week (1 = Monday … 7 = Sunday)'],
      [{ recipients: [] }, 'Add at least one recipient'],
    ];
    for (const [change, message] of cases) {
      const res = await schedule(owner, formId, { ...weekly, recipients: [owner.email], ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.body).toContain(message);
    }
  });

  it('answers 404 to a stranger and 403 to a viewer who tries to schedule', async () => {
    const owner = await createTestUser(app);
    const stranger = await createTestUser(app);
    const viewer = await createTestUser(app);
    const team = await createTeam(app, { owner, name: 'Readers', members: [[viewer, 'viewer']] });
    const formId = await createTestForm(app, owner.id);
    await placeForm(app, formId, team);
    const report = (await schedule(owner, formId, { ...weekly, recipients: [owner.email] })).json();
    const url = `/api/forms/${formId}/reports`;
    for (const [method, path, payload] of [
      ['GET', url, undefined],
      ['POST', url, { ...weekly, recipients: [stranger.email] }],
      ['PUT', `${url}/${report.id}`, { ...weekly, recipients: [stranger.email] }],
      ['DELETE', `${url}/${report.id}`, undefined],
    ] as const) {
      const res = await app.inject({ method, url: path, headers: stranger.auth, payload });
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    const viewed = await app.inject({ method: 'GET', url, headers: viewer.auth });
    expect(viewed.statusCode).toBe(200);
    expect(viewed.json().schedules).toHaveLength(1);
    const made = await schedule(viewer, formId, { ...weekly, recipients: [viewer.email] });
    expect(made.statusCode).toBe(403);
  });

  it('needs an API key that reads submissions as well as writing forms', async () => {
    const owner = await createTestUser(app);
    // An API key that may change forms but not read submissions cannot have them mailed.
    const keyed = async (scopes: string[]) => {
      const made = await app.inject({
        method: 'POST',
        url: '/api/account/api-keys',
        headers: owner.auth,
        payload: { name: `reports ${scopes.join(' ')}`, scopes },
      });
      expect(made.statusCode, made.body).toBe(201);
      return { authorization: `Bearer ${made.json().key}` };
    };
    const own = `/api/forms/${await createTestForm(app, owner.id)}/reports`;
    const body = { ...weekly, recipients: [owner.email] };
    const formsOnly = await app.inject({
      method: 'POST',
      url: own,
      headers: await keyed(['forms:read', 'forms:write']),
      payload: body,
    });
    expect(formsOnly.statusCode, formsOnly.body).toBe(403);
    expect(formsOnly.json().code).toBe('INSUFFICIENT_SCOPE');
    const both = await keyed(['forms:write', 'submissions:read']);
    expect((await app.inject({ method: 'POST', url: own, headers: both, payload: body })).statusCode).toBe(
      201,
    );
  });
});
