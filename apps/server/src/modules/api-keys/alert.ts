import type { FastifyInstance } from 'fastify';
import { composeMail, escapeHtml } from '../../mail/templates.ts';
import { getSecuritySettings } from '../account/index.ts';
import { findUserById } from '../auth/index.ts';

/**
 * The one place an 'API key created' security alert leaves from. It mails the owner unless they
 * turned security notifications off; when the auth module's shared security-alert sender exists,
 * this body becomes a call to it.
 */
export async function sendApiKeyCreatedAlert(
  app: FastifyInstance,
  input: { userId: string; keyName: string; prefix: string },
): Promise<void> {
  const [user, settings] = await Promise.all([
    findUserById(app.db, input.userId),
    getSecuritySettings(app.db, input.userId),
  ]);
  if (!user || !settings.security_notifications) return;
  const link = `${app.config.publicUrl}/settings`;
  await app.mailer.queue(
    app.db,
    composeMail({
      to: user.email,
      subject: 'A new API key was created',
      greetingName: user.name,
      textLines: [
        `An API key named "${input.keyName}" (${input.prefix}…) was just created on your Formsmith account.`,
        `If this was not you, revoke it in your account settings and change your password: ${link}`,
      ],
      htmlBody: `<p>An API key named <strong>${escapeHtml(input.keyName)}</strong> (<code>${escapeHtml(input.prefix)}…</code>) was just created on your Formsmith account.</p>
<p>If this was not you, revoke it in <a href="${escapeHtml(link)}">your account settings</a> and change your password.</p>`,
    }),
  );
}
