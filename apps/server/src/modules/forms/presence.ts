import { PRESENCE_TTL_MS, type Presence } from '@formsmith/core/forms/presence';
import { and, eq, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { formPresence } from '../../db/schema.ts';

// An open editor marks itself present every few seconds; the others marked within the last
// PRESENCE_TTL_MS are who else has the form open. Kept in the database, so every instance behind a
// load balancer sees the same people: one row per person and form, refreshed in place (and gone
// with either), so nothing needs sweeping. Saves still go through the draft's version check: presence
// only tells people, it locks nothing.

/** Marks the caller present on the form and answers who else is. */
export async function markPresent(db: DbOrTx, input: { formId: number; userId: string }): Promise<Presence> {
  await db
    .insert(formPresence)
    .values({ formId: input.formId, userId: input.userId })
    .onConflictDoUpdate({ target: [formPresence.formId, formPresence.userId], set: { seenAt: sql`now()` } });
  const others = await queryRows<{ user_id: string; name: string }>(
    db,
    sql`select u.id as user_id, u.name from form_presence p join users u on u.id = p.user_id
        where p.form_id = ${input.formId} and p.user_id <> ${input.userId}
          and p.seen_at > now() - make_interval(secs => ${PRESENCE_TTL_MS / 1000})
        order by p.seen_at desc`,
  );
  return { others };
}

/** The caller closed the editor. */
export async function markGone(db: DbOrTx, input: { formId: number; userId: string }): Promise<void> {
  await db
    .delete(formPresence)
    .where(and(eq(formPresence.formId, input.formId), eq(formPresence.userId, input.userId)));
}
