import type { WorkspaceRole } from '@formsmith/core/workspaces/roles';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { ssoConnections, ssoIdentities, workspaceDomains } from '../../db/schema.ts';

/** A workspace's connection; the instance's own provider (workspace_id null) is not read here. */
export type SsoConnectionRow = typeof ssoConnections.$inferSelect & { workspaceId: number };

const workspaceConnection = <T extends { workspaceId: number | null }>(row: T) =>
  row as T & { workspaceId: number };

export async function findConnection(db: DbOrTx, workspaceId: number): Promise<SsoConnectionRow | null> {
  const [row] = await db
    .select()
    .from(ssoConnections)
    .where(eq(ssoConnections.workspaceId, workspaceId))
    .limit(1);
  return row ? workspaceConnection(row) : null;
}

/** Inserts or replaces the workspace's connection; the secret is sealed by the caller. */
export async function saveConnection(
  db: DbOrTx,
  input: Omit<SsoConnectionRow, 'id' | 'createdAt' | 'updatedAt'> & { id?: string },
): Promise<SsoConnectionRow> {
  const { id, ...values } = input;
  const [row] = await db
    .insert(ssoConnections)
    .values({ ...values, ...(id ? { id } : {}) })
    .onConflictDoUpdate({
      target: ssoConnections.workspaceId,
      set: { ...values, updatedAt: sql`now()` },
    })
    .returning();
  return workspaceConnection(row!);
}

/** The connections of every workspace that signs in with this issuer (one client each). */
export async function findConnectionsByIssuer(db: DbOrTx, issuer: string): Promise<SsoConnectionRow[]> {
  const rows = await db
    .select()
    .from(ssoConnections)
    .where(and(eq(ssoConnections.issuer, issuer), isNotNull(ssoConnections.workspaceId)));
  return rows.map(workspaceConnection);
}

export async function deleteConnection(db: DbOrTx, workspaceId: number): Promise<boolean> {
  const rows = await db
    .delete(ssoConnections)
    .where(eq(ssoConnections.workspaceId, workspaceId))
    .returning({ id: ssoConnections.id });
  return rows.length > 0;
}

export async function listDomains(db: DbOrTx, workspaceId: number): Promise<string[]> {
  const rows = await db
    .select({ domain: workspaceDomains.domain })
    .from(workspaceDomains)
    .where(eq(workspaceDomains.workspaceId, workspaceId))
    .orderBy(asc(workspaceDomains.domain));
  return rows.map((r) => r.domain);
}

export async function listAllDomains(
  db: DbOrTx,
): Promise<{ domain: string; workspace_id: number; workspace_name: string }[]> {
  return queryRows(
    db,
    sql`select d.domain, d.workspace_id, w.name as workspace_name
        from workspace_domains d join workspaces w on w.id = d.workspace_id order by d.domain`,
  );
}

export async function findDomainWorkspace(db: DbOrTx, domain: string): Promise<number | null> {
  const [row] = await db
    .select({ workspaceId: workspaceDomains.workspaceId })
    .from(workspaceDomains)
    .where(eq(workspaceDomains.domain, domain))
    .limit(1);
  return row?.workspaceId ?? null;
}

/** Gives the domain to the workspace; false when another workspace holds it. */
export async function assignDomain(db: DbOrTx, workspaceId: number, domain: string): Promise<boolean> {
  const rows = await queryRows<{ workspace_id: number }>(
    db,
    sql`insert into workspace_domains (domain, workspace_id) values (${domain}, ${workspaceId})
        on conflict (domain) do update set domain = excluded.domain
          where workspace_domains.workspace_id = ${workspaceId}
        returning workspace_id`,
  );
  return rows.length > 0;
}

/** Takes the domain from whichever workspace holds it; answers that workspace, or null. */
export async function removeDomain(db: DbOrTx, domain: string): Promise<number | null> {
  const [row] = await db
    .delete(workspaceDomains)
    .where(eq(workspaceDomains.domain, domain))
    .returning({ workspaceId: workspaceDomains.workspaceId });
  return row?.workspaceId ?? null;
}

export async function workspaceExists(db: DbOrTx, workspaceId: number): Promise<{ name: string } | null> {
  const [row] = await queryRows<{ name: string }>(
    db,
    sql`select name from workspaces where id = ${workspaceId} and personal_of is null`,
  );
  return row ?? null;
}

export async function findIdentityUser(db: DbOrTx, issuer: string, subject: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: ssoIdentities.userId })
    .from(ssoIdentities)
    .where(and(eq(ssoIdentities.issuer, issuer), eq(ssoIdentities.subject, subject)))
    .limit(1);
  return row?.userId ?? null;
}

export async function linkIdentity(
  db: DbOrTx,
  input: { issuer: string; subject: string; userId: string },
): Promise<void> {
  await db.insert(ssoIdentities).values(input);
}

/** Adds the account to the workspace with the role; an existing member keeps theirs. */
export async function joinWorkspace(
  db: DbOrTx,
  input: { workspaceId: number; userId: string; role: WorkspaceRole },
): Promise<boolean> {
  const rows = await queryRows<{ role: string }>(
    db,
    sql`insert into workspace_members (workspace_id, user_id, role)
        values (${input.workspaceId}, ${input.userId}, ${input.role})
        on conflict (workspace_id, user_id) do nothing returning role`,
  );
  return rows.length > 0;
}

/**
 * The first workspace that requires single sign-on of this account: one it belongs to other than
 * as an owner (owners keep the password and login link, to get in when the provider cannot).
 */
export async function enforcedWorkspaceOf(
  db: DbOrTx,
  userId: string,
): Promise<{ name: string; issuer: string } | null> {
  const [row] = await queryRows<{ name: string; issuer: string }>(
    db,
    sql`select w.name, c.issuer from workspace_members m
        join sso_connections c on c.workspace_id = m.workspace_id and c.enforced
        join workspaces w on w.id = m.workspace_id
        where m.user_id = ${userId} and m.role <> 'owner'
        order by w.id limit 1`,
  );
  return row ?? null;
}

/** The shortest session length among the providers this account signs in through; null when none chose one. */
export async function shortestSsoSessionOf(db: DbOrTx, userId: string): Promise<number | null> {
  const [row] = await queryRows<{ seconds: number | null }>(
    db,
    sql`select min(c.session_max_age_seconds) as seconds from sso_identities i
        join sso_connections c on c.issuer = i.issuer
        where i.user_id = ${userId}`,
  );
  return row?.seconds ?? null;
}
