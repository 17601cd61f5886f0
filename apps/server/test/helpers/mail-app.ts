import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestAppOptions } from './app.ts';
import { type ReceivedMail, startSmtpServer, type TestSmtpServer } from './smtp.ts';

export type MailTestApp = { app: FastifyInstance; smtp: TestSmtpServer; close: () => Promise<void> };

/** A test app whose mail goes to a real local SMTP server; `close` stops both. */
export async function createMailTestApp(opts: TestAppOptions = {}): Promise<MailTestApp> {
  const smtp = await startSmtpServer();
  const app = await createTestApp({ ...opts, env: { SMTP_URL: smtp.url, ...opts.env } });
  const close = async () => {
    await app.close();
    await smtp.close();
  };
  return { app, smtp, close };
}

/** Sends queued mail until `count` mails to `to` carrying `prefix` have arrived (or 10 s pass). */
export async function drainMails(
  { app, smtp }: Pick<MailTestApp, 'app' | 'smtp'>,
  query: { to: string; prefix: string; count: number },
): Promise<ReceivedMail[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    await app.jobs.drain();
    const found = smtp.mails.filter((m) => m.to.includes(query.to) && m.raw.includes(query.prefix));
    if (found.length >= query.count || Date.now() > deadline) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
}
