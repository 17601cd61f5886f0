// Each user's security and notification settings (one row of each). Kept with the users in auth,
// the lowest module, because auth's own alerts and the forms module read them as well as the account pages.

import type {
  NotificationSettings,
  NotificationSettingsInput,
  SecuritySettings,
  SecuritySettingsInput,
} from '@formsmith/core/account/api';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { notificationSettings, securitySettings } from '../../db/schema.ts';

export const DEFAULT_SECURITY_SETTINGS: SecuritySettings = {
  security_notifications: true,
  data_retention_period: 30,
  gdpr_enabled: false,
  encryption_level: 'standard',
};

/** The user's security settings; the defaults when never saved. */
export async function getSecuritySettings(db: DbOrTx, userId: string): Promise<SecuritySettings> {
  const [row] = await db.select().from(securitySettings).where(eq(securitySettings.userId, userId));
  if (!row) return { ...DEFAULT_SECURITY_SETTINGS };
  return {
    security_notifications: row.securityNotifications,
    data_retention_period: row.dataRetentionPeriod,
    gdpr_enabled: row.gdprEnabled,
    encryption_level: row.encryptionLevel === 'enhanced' ? 'enhanced' : 'standard',
  };
}

export async function updateSecuritySettings(
  db: DbOrTx,
  userId: string,
  input: SecuritySettingsInput,
): Promise<SecuritySettings> {
  const next = { ...(await getSecuritySettings(db, userId)), ...definedOnly(input) };
  const values = {
    securityNotifications: next.security_notifications,
    dataRetentionPeriod: next.data_retention_period,
    gdprEnabled: next.gdpr_enabled,
    encryptionLevel: next.encryption_level,
    updatedAt: new Date(),
  };
  await db
    .insert(securitySettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: securitySettings.userId, set: values });
  if (input.security_notifications !== undefined) {
    // One switch shown in two places: security alerts follow whichever was saved last.
    const alerts = { securityAlerts: input.security_notifications, updatedAt: sql`now()` };
    await db
      .insert(notificationSettings)
      .values({ userId, ...alerts })
      .onConflictDoUpdate({ target: notificationSettings.userId, set: alerts });
  }
  return next;
}

/**
 * Security alerts default to the security-settings value, or on. Saving either switch
 * saves the other too, so `security_alerts` here is the one that decides whether alerts are mailed.
 */
export async function getNotificationSettings(db: DbOrTx, userId: string): Promise<NotificationSettings> {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
  if (row) {
    return {
      form_submissions: row.formSubmissions,
      security_alerts: row.securityAlerts,
      marketing_emails: row.marketingEmails,
      weekly_digest: row.weeklyDigest,
    };
  }
  const security = await getSecuritySettings(db, userId);
  return {
    form_submissions: true,
    security_alerts: security.security_notifications,
    marketing_emails: false,
    weekly_digest: true,
  };
}

export async function updateNotificationSettings(
  db: DbOrTx,
  userId: string,
  input: NotificationSettingsInput,
): Promise<NotificationSettings> {
  const next = { ...(await getNotificationSettings(db, userId)), ...definedOnly(input) };
  const values = {
    formSubmissions: next.form_submissions,
    securityAlerts: next.security_alerts,
    marketingEmails: next.marketing_emails,
    weeklyDigest: next.weekly_digest,
    updatedAt: sql`now()`,
  };
  await db
    .insert(notificationSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: values });
  if (input.security_alerts !== undefined) {
    const security = { securityNotifications: input.security_alerts, updatedAt: new Date() };
    await db
      .insert(securitySettings)
      .values({ userId, ...security })
      .onConflictDoUpdate({ target: securitySettings.userId, set: security });
  }
  return next;
}

function definedOnly<T extends Record<string, unknown>>(input: T): Partial<T> {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<T>;
}
