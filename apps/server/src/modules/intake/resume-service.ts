import type { ProgressRecord, ResumeResponse } from '@formsmith/core/submissions/progress';
import { DAY_MS } from '@formsmith/core/time';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { generateToken, hashToken } from '../../lib/tokens.ts';
import { buttonHtml, composeMail, escapeHtml } from '../../mail/templates.ts';
import {
  createResumeLink,
  type PartialRow,
  replaceResumeToken,
  useResumeLink,
} from '../submissions/index.ts';
import { assertSavesPartials, lockPartial } from './progress-service.ts';
import { loadSubmitTarget } from './submit-steps.ts';

/** A mailed resume link works once, for this long. */
const RESUME_LINK_MS = 30 * DAY_MS;
export const RESUME_LINK_GONE =
  'This link to continue the form was used already or has expired. Open the form to start again.';
export const RESUME_MAIL_SENT = 'We sent a link to continue to that address.';

type Access = { formId: number; accessCode: string | undefined; ip: string };

function resumeAnswer(row: PartialRow, resumeToken: string): ResumeResponse {
  const progress = row.progress as ProgressRecord | null;
  return { submission_id: row.id, resume_token: resumeToken, data: row.data, step: progress?.step ?? null };
}

/**
 * The answers saved so far, for the device that keeps the resume token, or once for a mailed
 * link (which then hands out a new resume token: the old one stops working, so the answers have
 * one device at a time). The same access checks as a submit.
 */
export async function resumeProgress(
  app: FastifyInstance,
  input: Access & { resumeToken?: string; linkToken?: string },
): Promise<ResumeResponse> {
  await app.rateLimit('progressPerIp', input.ip);
  const { form } = await loadSubmitTarget(app, input);
  return app.db.transaction(async (tx) => {
    if (input.resumeToken) {
      const row = await lockPartial(tx, app.keyring, { formId: form.id, resumeToken: input.resumeToken });
      return resumeAnswer(row, input.resumeToken);
    }
    const row = await useResumeLink(tx, app.keyring, {
      formId: form.id,
      tokenHash: hashToken(input.linkToken ?? ''),
      now: new Date(),
    });
    if (!row || row.completed) throw new AppError('RESUME_LINK_GONE', 410, RESUME_LINK_GONE);
    const resumeToken = generateToken();
    await replaceResumeToken(tx, { submissionId: row.id, tokenHash: hashToken(resumeToken) });
    return resumeAnswer(row, resumeToken);
  });
}

function resumeMail(input: { to: string; formTitle: string; link: string }) {
  const intro = `Your answers to "${input.formTitle}" are saved. Open the link below on any device to continue where you stopped.`;
  const outro = 'The link works once and for 30 days. If you did not ask for it, you can ignore this email.';
  return composeMail({
    to: input.to,
    subject: `Continue "${input.formTitle}"`,
    textLines: [intro, '', input.link, '', outro],
    htmlBody: `<p>${escapeHtml(intro)}</p>
<p>${buttonHtml(input.link, 'Continue the form')}</p>
<p style="font-size: 13px; color: #475569;">If the button does not work, open this link: <a href="${escapeHtml(input.link)}">${escapeHtml(input.link)}</a></p>
<p style="font-size: 13px; color: #475569;">${escapeHtml(outro)}</p>`,
  });
}

/**
 * Mails a single-use link that resumes the submission on another device, to the address typed
 * only; limited per address and per IP so a form cannot be used to flood someone's inbox.
 */
export async function mailResumeLink(
  app: FastifyInstance,
  input: Access & { resumeToken: string; email: string },
): Promise<void> {
  await app.rateLimit('resumeMailPerIp', input.ip);
  await app.rateLimit('resumeMailPerAddress', input.email.toLowerCase());
  const { form } = await loadSubmitTarget(app, input);
  assertSavesPartials(form);
  const linkToken = generateToken();
  const url = new URL(app.customDomains.formUrl(form));
  url.searchParams.set('resume', linkToken);
  await app.db.transaction(async (tx) => {
    const row = await lockPartial(tx, app.keyring, { formId: form.id, resumeToken: input.resumeToken });
    await createResumeLink(tx, {
      tokenHash: hashToken(linkToken),
      submissionId: row.id,
      email: input.email,
      expiresAt: new Date(Date.now() + RESUME_LINK_MS),
    });
    await app.mailer.queue(tx, resumeMail({ to: input.email, formTitle: form.title, link: url.toString() }), {
      userId: form.ownerId,
    });
  });
}
