/**
 * One email address as a mail server takes it: a typed answer is either exactly one mailbox or
 * refused. A list (`a@x.com,b@y.com`, `v@x.com,1`) or extra parts (`Name <a@x.com>`, comments)
 * would reach more inboxes, or the same inbox under another spelling, than the one asked for.
 */
export type MailboxReading = { ok: true; mailbox: string } | { ok: false; reason: 'invalid' | 'list' };

/** What separates addresses or wraps one in a display name, quotes or a comment. */
const LIST_PARTS = /[\s,;<>()[\]":\\]/;
const LOCAL = /^[^.@](?:[^@]*[^.@])?$/;
const DOMAIN_LABEL = /^[^\s.@-](?:[^\s.@]*[^\s.@-])?$/u;

/** The one mailbox a typed address names, trimmed and with its domain in lower case. */
export function readMailbox(typed: string): MailboxReading {
  const text = typed.trim();
  if (text.length === 0 || text.length > 254) return { ok: false, reason: 'invalid' };
  const at = text.lastIndexOf('@');
  const parts = text.split('@').length - 1;
  if (LIST_PARTS.test(text) || parts > 1) {
    // Two addresses or a wrapped one: say so, rather than 'invalid', so the respondent knows why.
    return { ok: false, reason: parts >= 1 ? 'list' : 'invalid' };
  }
  if (at < 1) return { ok: false, reason: 'invalid' };
  const local = text.slice(0, at);
  const domain = text.slice(at + 1).toLowerCase();
  const labels = domain.split('.');
  if (local.length > 64 || !LOCAL.test(local) || local.includes('..'))
    return { ok: false, reason: 'invalid' };
  if (labels.length < 2 || !labels.every((label) => DOMAIN_LABEL.test(label))) {
    return { ok: false, reason: 'invalid' };
  }
  return { ok: true, mailbox: `${local}@${domain}` };
}

/**
 * The inbox a mailbox reaches, for counting mails per recipient: the local part in lower case and
 * without a `+tag`, which most providers deliver to the same inbox (`Ada+1@x.com` is `ada@x.com`).
 */
export function inboxKey(mailbox: string): string {
  const at = mailbox.lastIndexOf('@');
  const local = mailbox.slice(0, at).toLowerCase();
  const plus = local.indexOf('+');
  return `${plus > 0 ? local.slice(0, plus) : local}@${mailbox.slice(at + 1).toLowerCase()}`;
}
