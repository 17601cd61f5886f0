import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string[]; raw: string };
export type TestSmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;

/** A real SMTP server on a free local port that keeps every mail it receives. */
export async function startSmtpServer(): Promise<{
  url: string;
  mails: ReceivedMail[];
  waitForMail: (to: string, match?: RegExp, timeoutMs?: number) => Promise<ReceivedMail>;
  close: () => Promise<void>;
}> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: decodeMail(Buffer.concat(chunks).toString('utf8')),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const waitForMail = async (to: string, match?: RegExp, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const mail = mails.find((m) => m.to.includes(to) && (!match || match.test(m.raw)));
      if (mail) return mail;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
  };
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitForMail,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

/** Undoes quoted-printable soft breaks and escapes so tests can find links in the text. */
function decodeMail(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
}

/** The first link in a mail that starts with the given prefix. */
export function findLink(mail: ReceivedMail, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}[^\\s"<>]+`).exec(mail.raw);
  if (!match) throw new Error(`no link starting with ${prefix} in mail`);
  return match[0];
}

/** The files a received mail carries: each one's name and decoded bytes. */
export function mailAttachments(mail: ReceivedMail): { filename: string; bytes: Buffer }[] {
  const found: { filename: string; bytes: Buffer }[] = [];
  for (const part of mail.raw.split(/\r?\n--/)) {
    const filename = /filename="?([^";\r\n]+)"?/.exec(part)?.[1];
    if (!filename) continue;
    const body = part.split(/\r?\n\r?\n/)[1] ?? '';
    found.push({ filename, bytes: Buffer.from(body.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64') });
  }
  return found;
}

/** The file of a received mail whose name matches; throws when it carries none. */
export function mailAttachment(mail: ReceivedMail, name: RegExp): { filename: string; bytes: Buffer } {
  const found = mailAttachments(mail).find((a) => name.test(a.filename));
  if (!found) throw new Error(`no attachment named ${name} in the mail`);
  return found;
}
