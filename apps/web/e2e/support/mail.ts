import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MAIL_DIR } from './env.ts';

type Mail = { to: string[]; raw: string };

function decode(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
}

/** The links with `prefix` of every mail to `to` received so far, oldest first (one per mail). */
export function mailLinks(to: string, prefix: string): string[] {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const links: string[] = [];
  for (const name of readdirSync(MAIL_DIR).sort()) {
    const mail = JSON.parse(readFileSync(path.join(MAIL_DIR, name), 'utf8')) as Mail;
    if (!mail.to.includes(to)) continue;
    const match = new RegExp(`${escaped}[^\\s"<>]+`).exec(decode(mail.raw));
    if (match) links.push(match[0]);
  }
  return links;
}

/** Waits for a mail to `to` (received by the test SMTP server) and returns its first link with `prefix`. */
export async function waitForMailLink(to: string, prefix: string, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const [first] = mailLinks(to, prefix);
    if (first) return first;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} with a link ${prefix} within ${timeoutMs} ms`);
}
