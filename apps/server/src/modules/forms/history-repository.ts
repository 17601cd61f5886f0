import type { FormHistoryActor, FormHistoryEntry, FormHistoryKind } from '@formsmith/core/forms/versions';
import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { formHistory } from '../../db/schema.ts';

/** Notes a change to how a form protects its answers in its history. */
export async function recordFormHistory(
  db: DbOrTx,
  input: { formId: number; kind: FormHistoryKind; actor: FormHistoryActor; ip?: string },
): Promise<void> {
  await db
    .insert(formHistory)
    .values({ formId: input.formId, kind: input.kind, actor: input.actor, ip: input.ip ?? null });
}

/** A form's protection changes, newest first. */
export async function listFormHistory(db: DbOrTx, formId: number): Promise<FormHistoryEntry[]> {
  const rows = await db
    .select()
    .from(formHistory)
    .where(eq(formHistory.formId, formId))
    .orderBy(desc(formHistory.createdAt), desc(formHistory.id));
  return rows.map((r) => ({ kind: r.kind, at: r.createdAt.toISOString(), by: r.actor, ip: r.ip }));
}
