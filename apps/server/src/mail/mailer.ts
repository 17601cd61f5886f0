import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import { type Db, type DbOrTx, queryRows } from '../db/client.ts';
import type { QueuedJob } from '../jobs/definition.ts';
import { enqueueJob, MAIL_JOB } from '../jobs/queue.ts';
import {
  currentSealedTextPrefix,
  fromSealedText,
  type Keyring,
  openJson,
  RESEAL_BATCH,
  type ResealBatch,
  sealJson,
  toSealedText,
} from '../lib/encryption/index.ts';

/** A file a mail carries, its bytes in base64 (a queued mail is JSON in the jobs table). */
export type MailAttachment = { filename: string; contentType: string; base64: string };
export type Mail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
  /**
   * Attach this submission's PDF, made when the mail is sent (a submit stays fast): the store
   * names the submission (forSubmission), `link` is where the mail points when it cannot attach it
   * (null in a respondent's mail: they have no account to open it in).
   */
  submissionPdf?: { formId: number; submissionId: string | null; link: string | null };
};

/** The mail with the submission it is queued with named in its pending PDF. */
export function forSubmission(mail: Mail, submissionId: string): Mail {
  return mail.submissionPdf ? { ...mail, submissionPdf: { ...mail.submissionPdf, submissionId } } : mail;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: {
      /**
       * Queues a mail in the jobs table (pass the transaction of the write it belongs to). Name
       * the account it is about, so that deleting the account deletes the unsent mail too.
       */
      queue: (db: DbOrTx, mail: Mail, about?: { userId: string }) => Promise<void>;
      /** Sends now: SMTP when SMTP_URL is set, else an .eml file in DATA_DIR/outbox. */
      send: (mail: Mail) => Promise<void>;
    };
  }
}

export { MAIL_JOB };

/**
 * Every queued mail is sealed: besides answers (a new-submission notice, a confirmation) mails
 * carry sign-in, verification and resume links, which open an account or someone's answers.
 */
export type MailPayload = { sealed: string };

const MAIL_CONTEXT = 'jobs.payload:mail';

export function sealMail(keyring: Keyring, mail: Mail): MailPayload {
  return { sealed: toSealedText(sealJson(keyring, mail, MAIL_CONTEXT)) };
}

/** The mail of a payload: opened, or as queued before payloads were sealed. */
export function openMail(keyring: Keyring, payload: Record<string, unknown>): Mail {
  const sealed = typeof payload.sealed === 'string' ? fromSealedText(payload.sealed) : null;
  return sealed ? openJson<Mail>(keyring, sealed, MAIL_CONTEXT) : (payload as Mail);
}

/**
 * Sends one queued mail; a failure is retried by the job queue. `complete` adds what is made only
 * when the mail goes (the submissions module's PDF of a response, see Mail.submissionPdf): the
 * caller hands it down, so this plumbing depends on no module.
 */
export function mailJob(complete: (app: FastifyInstance, mail: Mail) => Promise<Mail>): QueuedJob {
  return {
    kind: MAIL_JOB,
    handler: (app) => async (payload) => app.mailer.send(await complete(app, openMail(app.keyring, payload))),
  };
}

export default fp(async (app: FastifyInstance) => {
  const { smtpUrl, mailFrom, dataDir } = app.config;
  const transport = smtpUrl
    ? nodemailer.createTransport(smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const outbox = path.join(dataDir, 'outbox');

  const send = async (mail: Mail) => {
    const { submissionPdf: _made, ...message } = mail;
    const info = await transport.sendMail({
      from: mailFrom,
      ...message,
      attachments: mail.attachments?.map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: a.base64,
        encoding: 'base64',
      })),
    });
    if (smtpUrl) return;
    await mkdir(outbox, { recursive: true });
    const file = path.join(outbox, `${Date.now()}-${Math.random().toString(36).slice(2, 8)}.eml`);
    await writeFile(file, (info as unknown as { message: Buffer }).message);
    // A warning, so that it shows at the default log level: without SMTP_URL this line is how the
    // person who just started the server finds their verification or login link. It names the
    // file, not the link: logs hold no tokens (they travel further than the data folder does).
    app.log.warn(
      { to: mail.to, subject: mail.subject, file },
      'No SMTP_URL: mail written to the outbox instead of sent; its link is in the file',
    );
  };

  app.decorate('mailer', {
    send,
    queue: (db: DbOrTx, mail: Mail, about?: { userId: string }) =>
      enqueueJob(db, { kind: MAIL_JOB, payload: sealMail(app.keyring, mail), userId: about?.userId }),
  });
  app.addHook('onClose', async () => transport.close());
});

/**
 * Moves the next batch (in id order, after `after`) of unsent mails sealed under an older key, or
 * queued in clear before every mail was sealed, to the current key, in one UPDATE.
 */
export async function resealMails(
  db: Db,
  keyring: Keyring,
  after: number | null,
): Promise<ResealBatch<number>> {
  const prefix = currentSealedTextPrefix(keyring);
  return db.transaction(async (tx) => {
    const rows = await queryRows<{ id: number | string; payload: Record<string, unknown> }>(
      tx,
      sql`select id, payload from jobs
        where ${after === null ? sql`true` : sql`id > ${after}`}
          and kind = ${MAIL_JOB} and done_at is null and payload <> '{}'::jsonb
          and (not payload ? 'sealed' or left(payload->>'sealed', ${prefix.length}) <> ${prefix})
        order by id limit ${RESEAL_BATCH} for update skip locked`,
    );
    const last = rows.at(-1);
    if (!last) return { moved: 0, next: null };
    const ids = rows.map((row) => String(row.id));
    const payloads = rows.map((row) => JSON.stringify(sealMail(keyring, openMail(keyring, row.payload))));
    await tx.execute(
      sql`update jobs j set payload = v.payload::jsonb
        from unnest(${sql.param(ids)}::bigint[], ${sql.param(payloads)}::text[]) as v(id, payload) where j.id = v.id`,
    );
    return { moved: rows.length, next: rows.length < RESEAL_BATCH ? null : Number(last.id) };
  });
}
