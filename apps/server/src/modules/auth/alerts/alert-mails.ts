import type { Mail } from '../../../mail/mailer.ts';
import { composeMail, escapeHtml, tableHtml } from '../../../mail/templates.ts';
import type { SecurityAlert } from './security-alert.ts';

const TWO_FACTOR_CHANGES = {
  'totp-enabled': 'An authenticator app was set up for two-factor sign-in.',
  'totp-disabled': 'Two-factor sign-in with an authenticator app was turned off.',
  'passkey-added': 'A passkey was added to your account.',
  'passkey-removed': 'A passkey was removed from your account.',
  'recovery-codes-regenerated': 'New recovery codes were created; the old ones no longer work.',
} as const;

export type TwoFactorChangeKind = keyof typeof TWO_FACTOR_CHANGES;

const OUTRO =
  'If this was you, there is nothing to do. If not, sign in, change your password and review your active sessions and two-factor settings under Settings → Security.';

/** "Tue, 24 Nov 2026, 00:41 UTC": the time in words every reader can place. */
export function formatAlertTime(at: Date): string {
  return `${at.toLocaleString('en-GB', {
    timeZone: 'UTC',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  })} UTC`;
}

function describe(alert: SecurityAlert): { subject: string; intro: string; details: [string, string][] } {
  const when = (at: Date | undefined): [string, string] => ['Time', formatAlertTime(at ?? new Date())];
  const from = (ip: string | undefined): [string, string][] => (ip ? [['IP address', ip]] : []);
  switch (alert.kind) {
    case 'new-sign-in':
      return {
        subject: 'New sign-in to your Formsmith account',
        intro: 'Your account was signed in to from a device or browser it has not used before.',
        details: [['Device', alert.device], when(alert.at), ...from(alert.ip)],
      };
    case 'password-changed':
      return {
        subject: 'Your Formsmith password was changed',
        intro: 'The password of your account was changed, and your other sessions were signed out.',
        details: [when(alert.at), ...from(alert.ip)],
      };
    case 'email-changed':
      return {
        subject: 'The email address of your Formsmith account was changed',
        intro: `Your account now uses a new email address, so mail will no longer come to ${alert.oldEmail}.`,
        details: [['New address', alert.newEmail], when(alert.at)],
      };
    case 'two-factor-changed':
      return {
        subject: 'Two-factor sign-in settings changed on your Formsmith account',
        intro: TWO_FACTOR_CHANGES[alert.change],
        details: [
          ...(alert.passkeyName ? ([['Passkey', alert.passkeyName]] as [string, string][]) : []),
          when(alert.at),
          ...from(alert.ip),
        ],
      };
    case 'recovery-code-used':
      return {
        subject: 'A recovery code was used to sign in to your Formsmith account',
        intro: `Someone signed in with one of your recovery codes instead of the second factor. ${
          alert.remaining === 0
            ? 'No unused codes are left: create new ones under Settings → Security.'
            : `${alert.remaining} unused ${alert.remaining === 1 ? 'code is' : 'codes are'} left.`
        }`,
        details: [when(alert.at), ...from(alert.ip)],
      };
    case 'api-key-created':
      return {
        subject: 'A new API key was created on your Formsmith account',
        intro: 'An API key was created; it can reach your forms and submissions within its scopes.',
        details: [['Key', alert.keyName], when(alert.at), ...from(alert.ip)],
      };
    case 'sign-in-alerts-off':
      return {
        subject: 'Sign-in alerts were turned off on your Formsmith account',
        intro:
          'Mails about sign-ins from new devices were turned off. Changes to your password, email, passkeys, authenticator app, recovery codes, API keys and end-to-end encryption are still mailed to you.',
        details: [when(alert.at), ...from(alert.ip)],
      };
    case 'encryption-changed':
      return {
        subject:
          alert.change === 'off'
            ? 'End-to-end encryption was turned off on one of your forms'
            : 'The end-to-end encryption key of one of your forms was changed',
        intro:
          alert.change === 'off'
            ? 'A form was switched back to Standard encryption: respondents’ browsers no longer encrypt new answers to your key.'
            : 'The key or passphrase that protects a form’s answers end to end was changed.',
        details: [['Form', alert.formTitle], when(alert.at), ...from(alert.ip)],
      };
  }
}

/** The mail of a security alert: what happened, when and from where, and what to do if it was not you. */
export function securityAlertMail(input: { to: string; name: string; alert: SecurityAlert }): Mail {
  const { subject, intro, details } = describe(input.alert);
  const rows = details
    .map(
      ([label, value]) =>
        `<tr><td style="padding: 2px 12px 2px 0; color: #475569;">${escapeHtml(label)}</td><td>${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  return composeMail({
    to: input.to,
    subject,
    greetingName: input.name,
    textLines: [intro, '', ...details.map(([label, value]) => `${label}: ${value}`), '', OUTRO],
    htmlBody: `<p>${escapeHtml(intro)}</p>
${tableHtml(rows)}
<p style="font-size: 13px; color: #475569;">${escapeHtml(OUTRO)}</p>`,
  });
}
