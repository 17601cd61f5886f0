/**
 * What other modules may use of the auth module. Everything else in this folder is internal.
 *
 * sendSecurityAlert(app, userId, alert, { db }) mails the user a security alert unless they turned
 * security alerts off (Settings → Notifications, or security_notifications). Call it inside the
 * transaction of the change it reports, e.g. when an API key is created:
 *
 *   await sendSecurityAlert(app, userId, { kind: 'api-key-created', keyName, ip: request.ip }, { db: tx });
 */
export { type SecurityAlert, sendSecurityAlert } from './alerts/security-alert.ts';
