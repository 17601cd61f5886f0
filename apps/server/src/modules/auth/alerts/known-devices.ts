import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../../db/client.ts';
import { knownDevices } from '../../../db/schema.ts';
import { describeDevice } from '../device.ts';
import { sendSecurityAlert } from './security-alert.ts';

/**
 * Remembers the device (browser family and OS, so browser updates do not count as new) of a
 * sign-in, and mails a 'new sign-in' alert when the account has signed in before but never from
 * this one. The first device of an account raises no alert: there is nothing to compare it with.
 */
export async function noteSignInDevice(
  app: FastifyInstance,
  db: DbOrTx,
  input: { userId: string; userAgent?: string; ip?: string },
): Promise<void> {
  const device = describeDevice(input.userAgent);
  const deviceHash = createHash('sha256').update(device).digest('hex');
  const inserted = await db
    .insert(knownDevices)
    .values({ userId: input.userId, deviceHash, description: device })
    .onConflictDoUpdate({
      target: [knownDevices.userId, knownDevices.deviceHash],
      set: { lastSeenAt: sql`now()` },
    })
    // xmax = 0 only on a freshly inserted row: tells a new device from a known one in one statement.
    .returning({ isNew: sql<boolean>`(xmax = 0)` });
  if (!inserted[0]?.isNew) return;
  const [other] = await db
    .select({ deviceHash: knownDevices.deviceHash })
    .from(knownDevices)
    .where(and(eq(knownDevices.userId, input.userId), sql`${knownDevices.deviceHash} <> ${deviceHash}`))
    .limit(1);
  if (!other) return;
  await sendSecurityAlert(app, input.userId, { kind: 'new-sign-in', device, ip: input.ip }, { db });
}
