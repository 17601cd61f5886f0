import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import type { DbOrTx } from '../db/client.ts';
import { enqueueJob } from '../jobs/queue.ts';
import type { QueuedJob } from '../jobs/registry.ts';

export type Mail = { to: string; subject: string; text: string; html: string };

declare module 'fastify' {
  interface FastifyInstance {
    mailer: {
      /** Queues a mail in the jobs table (pass the transaction of the write it belongs to). */
      queue: (db: DbOrTx, mail: Mail) => Promise<void>;
      /** Sends now: SMTP when SMTP_URL is set, else an .eml file in DATA_DIR/outbox. */
      send: (mail: Mail) => Promise<void>;
    };
  }
}

export const MAIL_JOB = 'mail.send';

/** Sends one queued mail; a failure is retried by the job queue. */
export const mailJob: QueuedJob = {
  kind: MAIL_JOB,
  handler: (app) => async (payload) => app.mailer.send(payload as Mail),
};

export default fp(async (app: FastifyInstance) => {
  const { smtpUrl, mailFrom, dataDir } = app.config;
  const transport = smtpUrl
    ? nodemailer.createTransport(smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const outbox = path.join(dataDir, 'outbox');

  const send = async (mail: Mail) => {
    const info = await transport.sendMail({ from: mailFrom, ...mail });
    if (smtpUrl) return;
    await mkdir(outbox, { recursive: true });
    const file = path.join(outbox, `${Date.now()}-${Math.random().toString(36).slice(2, 8)}.eml`);
    await writeFile(file, (info as unknown as { message: Buffer }).message);
    const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
    app.log.info({ to: mail.to, subject: mail.subject, file, link }, 'mail written to outbox');
  };

  app.decorate('mailer', {
    send,
    queue: (db: DbOrTx, mail: Mail) => enqueueJob(db, { kind: MAIL_JOB, payload: mail }),
  });
  app.addHook('onClose', async () => transport.close());
});
