import { eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { jobs, submissions } from '../../src/db/schema.ts';
import { MAIL_JOB, openMail } from '../../src/mail/mailer.ts';
import { readAnswers } from '../../src/modules/submissions/answer-sealing.ts';

/** Stored submission rows matching `where`, their sealed answers opened into data (as the owner reads them). */
export async function storedSubmissions(app: FastifyInstance, where: SQL | undefined) {
  const rows = await app.db.select().from(submissions).where(where);
  return rows.map((row) => ({ ...row, data: readAnswers(app.keyring, row) }));
}

/** The mail jobs with their payloads opened as the mail job opens them (sealed when they carry answers). */
export async function queuedMails(app: FastifyInstance) {
  const rows = await app.db.select().from(jobs).where(eq(jobs.kind, MAIL_JOB));
  return rows.map((row) => ({ ...row, mail: openMail(app.keyring, row.payload) }));
}
