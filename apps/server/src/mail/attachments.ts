import type { Mail, MailAttachment } from './mailer.ts';
import { escapeHtml } from './templates.ts';

/**
 * The most bytes of files one mail carries unless MAIL_ATTACHMENT_MAX_BYTES says otherwise: 10 MB.
 * Mail servers commonly refuse messages over 10 to 25 MB, and base64 makes a file a third larger
 * on the wire, so 10 MB of files still gets through most of them. Above it the mail goes without
 * its files and says where to read them in the app.
 */
export const MAIL_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

const bytesOf = (a: MailAttachment) => Buffer.byteLength(a.base64, 'base64');

function megabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `${mb >= 10 ? Math.round(mb) : Math.round(mb * 10) / 10} MB`;
}

/**
 * The mail with its attachments when together they are at most `maxBytes`; otherwise without
 * them, and a line in its text and HTML naming them and linking to `link` to read them there
 * (null for a respondent, who has no account to open).
 */
export function withinAttachmentCap(mail: Mail, input: { maxBytes: number; link: string | null }): Mail {
  const files = mail.attachments ?? [];
  const total = files.reduce((sum, a) => sum + bytesOf(a), 0);
  if (files.length === 0 || total <= input.maxBytes) return mail;
  const names = files.map((a) => a.filename).join(', ');
  const note =
    `${names} (${megabytes(total)}) is larger than a mail may carry (${megabytes(input.maxBytes)}), so it is not attached.` +
    (input.link ? ` Open it in Formsmith: ${input.link}` : '');
  const { attachments: _left, ...rest } = mail;
  return withMailNote(rest, note);
}

/** The mail with `note` as a last paragraph of its text and of its HTML. */
export function withMailNote(mail: Mail, note: string): Mail {
  const html = mail.html.includes('</body>')
    ? mail.html.replace('</body>', `<p>${escapeHtml(note)}</p>\n</body>`)
    : `${mail.html}\n<p>${escapeHtml(note)}</p>`;
  return { ...mail, text: `${mail.text}\n\n${note}`, html };
}
