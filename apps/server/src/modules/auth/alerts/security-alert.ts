import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../../db/client.ts';
import { findUserById } from '../repository.ts';
import { getNotificationSettings } from '../user-settings.ts';
import { securityAlertMail, type TwoFactorChangeKind } from './alert-mails.ts';

type AlertContext = { at?: Date; ip?: string };

/** What a security alert mail reports; `at` defaults to now. */
export type SecurityAlert = AlertContext &
  (
    | { kind: 'new-sign-in'; device: string }
    | { kind: 'password-changed' }
    | { kind: 'email-changed'; oldEmail: string; newEmail: string }
    | { kind: 'two-factor-changed'; change: TwoFactorChangeKind; passkeyName?: string }
    | { kind: 'api-key-created'; keyName: string }
    | { kind: 'recovery-code-used'; remaining: number }
    | { kind: 'sign-in-alerts-off' }
    | { kind: 'encryption-changed'; change: 'off' | 'key-changed'; formTitle: string }
  );

/**
 * The alerts the owner may switch off: only new-device sign-ins. Every change of how the account
 * signs in or who may act for it is mailed whatever the switch says, so that someone holding a
 * stolen session cannot turn the alerts off first and then change things unseen.
 */
const OPTIONAL_ALERTS: ReadonlySet<SecurityAlert['kind']> = new Set(['new-sign-in']);

/**
 * Queues a security alert mail to the user; a new-sign-in alert only while they have sign-in
 * alerts on. Pass the transaction of the change it reports (`db`), so the mail is sent only if
 * the change commits.
 * 'email-changed' goes to the old address, which is the one that must hear of it.
 * Returns whether a mail was queued.
 */
export async function sendSecurityAlert(
  app: FastifyInstance,
  userId: string,
  alert: SecurityAlert,
  opts: { db?: DbOrTx } = {},
): Promise<boolean> {
  const db = opts.db ?? app.db;
  const user = await findUserById(db, userId);
  if (!user) return false;
  if (OPTIONAL_ALERTS.has(alert.kind) && !(await getNotificationSettings(db, userId)).security_alerts)
    return false;
  const to = alert.kind === 'email-changed' ? alert.oldEmail : user.email;
  await app.mailer.queue(db, securityAlertMail({ to, name: user.name, alert }), { userId });
  return true;
}
