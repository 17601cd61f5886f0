import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { roleRank } from './access.ts';

/** Members of a workspace other than `userId`, the most senior first. */
const othersBySeniority = (userId: string) => sql`
  select o.user_id from workspace_members o
  where o.workspace_id = t.workspace_id and o.user_id <> ${userId}
  order by ${roleRank(sql`o.role`)}, o.created_at, o.user_id
  limit 1`;

/**
 * Before an account is deleted (in its transaction): what it made in workspaces shared with others
 * (forms, folders, themes) passes to the most senior other member, so the team loses nothing;
 * team workspaces it alone belongs to go with it. Refused (409 LAST_OWNER) while it is the last
 * owner of a workspace others still belong to: ownership is handed on first.
 */
export async function handOverBeforeAccountDeletion(tx: DbOrTx, userId: string): Promise<void> {
  const stranded = await queryRows<{ name: string }>(
    tx,
    sql`select w.name from workspaces w
        join workspace_members me on me.workspace_id = w.id and me.user_id = ${userId} and me.role = 'owner'
        where w.personal_of is null
          and not exists (select 1 from workspace_members o
                          where o.workspace_id = w.id and o.role = 'owner' and o.user_id <> ${userId})
          and exists (select 1 from workspace_members m where m.workspace_id = w.id and m.user_id <> ${userId})
        order by w.name`,
  );
  if (stranded.length > 0) {
    throw new AppError(
      'LAST_OWNER',
      409,
      `You are the last owner of ${stranded.map((w) => `“${w.name}”`).join(', ')}: make another member an owner (or remove the others) before deleting your account`,
    );
  }
  for (const table of ['forms', 'form_folders', 'form_themes']) {
    await tx.execute(
      sql`update ${sql.identifier(table)} t set owner_id = (${othersBySeniority(userId)})
          where t.owner_id = ${userId} and exists (${othersBySeniority(userId)})`,
    );
  }
  await tx.execute(
    sql`delete from workspaces w where w.personal_of is null
        and exists (select 1 from workspace_members m where m.workspace_id = w.id and m.user_id = ${userId})
        and not exists (select 1 from workspace_members m where m.workspace_id = w.id and m.user_id <> ${userId})`,
  );
}
