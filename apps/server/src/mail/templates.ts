import type { Mail } from './mailer.ts';

/** Mails of the auth module, and the frame every Formsmith mail shares: plain text plus simple HTML. */

export function escapeHtml(s: string): string {
  return s
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** A call-to-action link styled as a button; escapes its arguments. */
export function buttonHtml(href: string, label: string): string {
  return `<a href="${escapeHtml(href)}" style="display: inline-block; padding: 10px 18px; background: #4f46e5; color: #ffffff; border-radius: 8px; text-decoration: none;">${escapeHtml(label)}</a>`;
}

/** A borderless table around ready-made `<tr>` rows. */
export function tableHtml(rows: string): string {
  return `<table style="border-collapse: collapse; font-size: 14px;">${rows}</table>`;
}

/**
 * Wraps a mail's body in the greeting and signature: `textLines` are plain text, `htmlBody` is
 * HTML whose dynamic parts the caller has already escaped. Without a name the greeting is plain
 * 'Hello': mail to an address nobody has proven yet carries no text anyone typed.
 */
export function composeMail(input: {
  to: string;
  subject: string;
  greetingName?: string;
  textLines: string[];
  htmlBody: string;
}): Mail {
  const greeting = input.greetingName === undefined ? 'Hello' : `Hi ${input.greetingName}`;
  const text = [`${greeting},`, '', ...input.textLines, '', '— Formsmith'].join('\n');
  const html = `<!doctype html>
<html><body style="font-family: system-ui, sans-serif; color: #0f172a; line-height: 1.5;">
<p>${escapeHtml(greeting)},</p>
${input.htmlBody}
<p>— Formsmith</p>
</body></html>`;
  return { to: input.to, subject: input.subject, text, html };
}

type LinkMail = {
  to: string;
  subject: string;
  greetingName?: string;
  intro: string;
  action: string;
  link: string;
  outro: string;
};

function linkMail(m: LinkMail): Mail {
  return composeMail({
    to: m.to,
    subject: m.subject,
    greetingName: m.greetingName,
    textLines: [m.intro, '', m.link, '', m.outro],
    htmlBody: `<p>${escapeHtml(m.intro)}</p>
<p>${buttonHtml(m.link, m.action)}</p>
<p style="font-size: 13px; color: #475569;">If the button does not work, open this link: <a href="${escapeHtml(m.link)}">${escapeHtml(m.link)}</a></p>
<p style="font-size: 13px; color: #475569;">${escapeHtml(m.outro)}</p>`,
  });
}

export function verifyEmailMail(input: { to: string; link: string }): Mail {
  return linkMail({
    to: input.to,
    subject: 'Verify your email for Formsmith',
    intro: 'Thanks for signing up. Please confirm your email address by opening the link below.',
    action: 'Verify email',
    link: input.link,
    outro: 'The link is valid for 24 hours. If you did not sign up, you can ignore this email.',
  });
}

export function magicLinkMail(input: { to: string; name: string; link: string }): Mail {
  return linkMail({
    to: input.to,
    subject: 'Your Formsmith login link',
    greetingName: input.name,
    intro: 'Use the link below to sign in to Formsmith.',
    action: 'Sign in',
    link: input.link,
    outro:
      'The link is valid for 15 minutes and works once. If you did not ask for it, you can ignore this email.',
  });
}

export function resetLoginLinkMail(input: { to: string; name: string; link: string }): Mail {
  return linkMail({
    to: input.to,
    subject: 'Reset your Formsmith password',
    greetingName: input.name,
    intro:
      'Someone asked to reset the password of your Formsmith account. Use this secure login link to sign in, then choose a new password.',
    action: 'Sign in and reset password',
    link: input.link,
    outro:
      'The link is valid for 15 minutes and works once. If you did not ask for it, you can ignore this email; your password stays unchanged.',
  });
}

export function emailChangeMail(input: { to: string; link: string }): Mail {
  return linkMail({
    to: input.to,
    subject: 'Confirm your new email for Formsmith',
    intro: 'Please confirm that this is the new email address of your Formsmith account.',
    action: 'Confirm email',
    link: input.link,
    outro:
      'The link is valid for 24 hours. Until you confirm it, your account keeps its current email address.',
  });
}

/** To the current address when a change of email is asked for: no detail of the request. */
export function emailChangeRequestedMail(input: { to: string; name: string }): Mail {
  const lines = [
    'Someone signed in to your Formsmith account asked to change the email address of the account.',
    'The change takes effect only once the new address confirms it.',
    'If this was not you, sign in and change your password now.',
  ];
  return composeMail({
    to: input.to,
    subject: 'A change of your Formsmith email was requested',
    greetingName: input.name,
    textLines: lines,
    htmlBody: lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n'),
  });
}

export function invitationMail(input: {
  to: string;
  workspace: string;
  inviter: string;
  role: string;
  link: string;
}): Mail {
  return linkMail({
    to: input.to,
    subject: `${input.inviter} invited you to ${input.workspace} on Formsmith`,
    intro: `${input.inviter} invited you to join the workspace “${input.workspace}” as ${/^[aeiou]/.test(input.role) ? 'an' : 'a'} ${input.role}. Sign in or create an account with this address, then accept.`,
    action: 'Accept the invitation',
    link: input.link,
    outro:
      'The link is valid for 7 days and works once. If you did not expect it, you can ignore this email.',
  });
}

/** To a member mentioned in a comment: who wrote it, on which form, the comment, and a link to it. */
export function mentionMail(input: {
  to: string;
  name: string;
  author: string;
  form: string;
  comment: string;
  link: string;
}): Mail {
  const intro = `${input.author} mentioned you in a comment on a submission to “${input.form}”:`;
  return composeMail({
    to: input.to,
    subject: `${input.author} mentioned you on “${input.form}”`,
    greetingName: input.name,
    textLines: [intro, '', ...input.comment.split('\n').map((l) => `> ${l}`), '', input.link],
    htmlBody: `<p>${escapeHtml(intro)}</p>
<blockquote style="margin: 0 0 16px; padding: 8px 12px; border-left: 3px solid #cbd5e1; white-space: pre-wrap;">${escapeHtml(input.comment)}</blockquote>
<p>${buttonHtml(input.link, 'Open the submission')}</p>`,
  });
}

/** A submission was assigned to the recipient: who did it and a link; never the answers. */
export function assignedMail(input: {
  to: string;
  name: string;
  by: string;
  form: string;
  link: string;
}): Mail {
  const intro = `${input.by} assigned you a submission to “${input.form}”.`;
  return composeMail({
    to: input.to,
    subject: `${input.by} assigned you a submission on “${input.form}”`,
    greetingName: input.name,
    textLines: [intro, '', input.link],
    htmlBody: `<p>${escapeHtml(intro)}</p>
<p>${buttonHtml(input.link, 'Open the submission')}</p>`,
  });
}
