// The auth module's public entry: other modules reach the users and sessions tables only through these.

/*
 * sendSecurityAlert(app, userId, alert, { db }) mails the user a security alert (a new-device
 * sign-in only while sign-in alerts are on; every change of sign-in methods or access always).
 * Call it inside the transaction of the change it reports, e.g. when an API key is created:
 *
 *   await sendSecurityAlert(app, userId, { kind: 'api-key-created', keyName, ip: request.ip }, { db: tx });
 */
export {
  adminCreateUser,
  adminListUsers,
  adminResetPassword,
  adminSetInstanceAdmin,
  adminVerifyUser,
} from './admin-service.ts';
export { type SecurityAlert, sendSecurityAlert } from './alerts/security-alert.ts';
export { describeDevice } from './device.ts';
export { listUserPasskeys, removeUserPasskey } from './passkeys/service.ts';
export { assertRecentProof } from './reauth/recent-proof.ts';
export { deleteUser, ensureSystemUser, findUserByEmail, findUserById, type UserRow } from './repository.ts';
export { type ClientMeta, loginLinkJob, verificationLinkJob } from './service.ts';
export { findSessionUser, revokeSession, revokeSsoSessions, type SessionUser } from './sessions.ts';
export { addSessionCap, addSignInGuard, type SessionCap, type SignInGuard } from './sign-in-guard.ts';
export { createSsoUser, openSsoSession } from './sso-session.ts';
export { getTwoFactorStatus } from './two-factor/status.ts';
export { TOTP_SECRET_COLUMNS } from './two-factor/totp-secrets.ts';
export {
  getNotificationSettings,
  getSecuritySettings,
  updateNotificationSettings,
  updateSecuritySettings,
} from './user-settings.ts';
