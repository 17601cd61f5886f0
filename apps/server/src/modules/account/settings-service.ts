import type {
  NotificationSettings,
  NotificationSettingsInput,
  SecuritySettings,
  SecuritySettingsInput,
} from '@formsmith/core/account/api';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import {
  assertRecentProof,
  getNotificationSettings,
  type SessionUser,
  sendSecurityAlert,
  updateNotificationSettings,
  updateSecuritySettings,
} from '../auth/index.ts';

type Change = { session: SessionUser; ip: string };

/**
 * Saves a settings change that may switch sign-in alerts off (one switch, shown on two pages).
 * Switching them off needs a recent proof of identity, so a stolen session cannot silence the
 * alerts unasked, and is itself mailed.
 */
async function saveAlertsSwitch<T>(
  app: FastifyInstance,
  input: Change & { turnsOff: boolean; save: (tx: DbOrTx) => Promise<T> },
): Promise<T> {
  const userId = input.session.id;
  const wasOn = input.turnsOff && (await getNotificationSettings(app.db, userId)).security_alerts;
  if (wasOn) assertRecentProof(app, input.session);
  return app.db.transaction(async (tx) => {
    const saved = await input.save(tx);
    if (wasOn) await sendSecurityAlert(app, userId, { kind: 'sign-in-alerts-off', ip: input.ip }, { db: tx });
    return saved;
  });
}

export function changeNotificationSettings(
  app: FastifyInstance,
  input: Change & { body: NotificationSettingsInput },
): Promise<NotificationSettings> {
  return saveAlertsSwitch(app, {
    ...input,
    turnsOff: input.body.security_alerts === false,
    save: (tx) => updateNotificationSettings(tx, input.session.id, input.body),
  });
}

export function changeSecuritySettings(
  app: FastifyInstance,
  input: Change & { body: SecuritySettingsInput },
): Promise<SecuritySettings> {
  return saveAlertsSwitch(app, {
    ...input,
    turnsOff: input.body.security_notifications === false,
    save: (tx) => updateSecuritySettings(tx, input.session.id, input.body),
  });
}
