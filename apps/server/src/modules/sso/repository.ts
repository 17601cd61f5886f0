import { ssoProviderName } from '@formsmith/core/sso/api';
import type { WorkspaceRole } from '@formsmith/core/workspaces/roles';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { ssoConnections, ssoIdentities, workspaceDomains, workspaces } from '../../db/schema.ts';

/** A provider connection: a workspace's (workspaceId set) or the instance's own (workspaceId null). */
export type SsoConnectionRow = typeof ssoConnections.$inferSelect;

/** Whose connection: a workspace's id, or null for the instance's own provider (at most one row). */
export type SsoOwner = number | null;

const ownedBy = (owner: SsoOwner) =>
  owner === null ? isNull(ssoConnections.workspaceId) : eq(ssoConnections.workspaceId, owner);

export async function findConnection(db: DbOrTx, owner: SsoOwner): Promise<SsoConnectionRow | null> {
  const [row] = await db.select().from(ssoConnections).where(ownedBy(owner)).limit(1);
  return row ?? null;
}

export async function findConnectionById(db: DbOrTx, id: string): Promise<SsoConnectionRow | null> {
  const [row] = await db.select().from(ssoConnections).where(eq(ssoConnections.id, id)).limit(1);
  return row ?? null;
}

/**
 * Inserts or replaces the owner's connection; the secret is sealed by the caller. The instance's
 * row has no workspace to conflict on (its unique index is partial), so it is updated by its id.
 */
export async function saveConnection(
  db: DbOrTx,
  input: Omit<SsoConnectionRow, 'id' | 'createdAt' | 'updatedAt'> & { id: string },
): Promise<SsoConnectionRow> {
  const { id, ...values } = input;
  if (values.workspaceId === null) {
    const [updated] = await db
      .update(ssoConnections)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(ssoConnections.id, id), isNull(ssoConnections.workspaceId)))
      .returning();
    if (updated) return updated;
    const [made] = await db
      .insert(ssoConnections)
      .values({ id, ...values })
      .returning();
    return made!;
  }
  const [row] = await db
    .insert(ssoConnections)
    .values({ id, ...values })
    .onConflictDoUpdate({
      target: ssoConnections.workspaceId,
      set: { ...values, updatedAt: sql`now()` },
    })
    .returning();
  return row!;
}

/** Every connection that signs in with this issuer (one client each), the instance's included. */
export async function findConnectionsByIssuer(db: DbOrTx, issuer: string): Promise<SsoConnectionRow[]> {
  return db.select().from(ssoConnections).where(eq(ssoConnections.issuer, issuer));
}

export async function deleteConnection(db: DbOrTx, owner: SsoOwner): Promise<boolean> {
  const rows = await db.delete(ssoConnections).where(ownedBy(owner)).returning({ id: ssoConnections.id });
  return rows.length > 0;
}

/** The team workspaces (not personal ones), for the instance administrator's domain picker. */
export async function listTeamWorkspaces(db: DbOrTx): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: workspaces.id, name: workspaces.name })
    .from(workspaces)
    .where(isNull(workspaces.personalOf))
    .orderBy(asc(workspaces.name), asc(workspaces.id));
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

export async function isMember(db: DbOrTx, input: { workspaceId: number; userId: string }): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`select 1 from workspace_members where workspace_id = ${input.workspaceId} and user_id = ${input.userId}`,
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
): Promise<{ name: string; provider: string } | null> {
  const [row] = await queryRows<{ name: string; display_name: string | null; issuer: string }>(
    db,
    sql`select w.name, c.display_name, c.issuer from workspace_members m
        join sso_connections c on c.workspace_id = m.workspace_id and c.enforced
        join workspaces w on w.id = m.workspace_id
        where m.user_id = ${userId} and m.role <> 'owner'
        order by w.id limit 1`,
  );
  // Named as the login page names it, so the message points at the button people see.
  return row
    ? { name: row.name, provider: ssoProviderName({ displayName: row.display_name, issuer: row.issuer }) }
    : null;
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
