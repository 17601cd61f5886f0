// What an upgrade will do to a database, read without changing it: the schema migrations (drizzle's
// journal against its __drizzle_migrations table) and the data migrations this release would run,
// and whatever the database has that this release does not know (a newer release migrated it).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { DATA_MIGRATION_NAMES } from './data-migrations.ts';
import { queryRows } from './rows.ts';

// The build copies migrations next to the bundle, so this path holds in source and in dist.
export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

/** The database has migrations this release does not know: a newer release upgraded it. */
export class DatabaseTooNewError extends Error {}

export type UpgradePlan = {
  /** Schema migrations the database records, and the newest of them this release knows. */
  applied: number;
  current: string | null;
  /** What this release would run, in order. */
  pendingSchema: string[];
  pendingData: string[];
  /** What the database has and this release does not know; non-empty means a newer release. */
  unknown: string[];
};

type JournalEntry = { tag: string; when: number };

/** This release's schema migrations, oldest first (drizzle's journal). */
export function journal(): JournalEntry[] {
  const file = path.join(MIGRATIONS_DIR, 'meta', '_journal.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { entries: JournalEntry[] }).entries;
}

async function tableExists(db: Db, name: string): Promise<boolean> {
  const [row] = await queryRows<{ t: string | null }>(db, sql`select to_regclass(${name})::text as t`);
  return Boolean(row?.t);
}

/** Reads the plan; changes nothing (drizzle's migrator creates its table, this does not). */
export async function upgradePlan(db: Db): Promise<UpgradePlan> {
  const entries = journal();
  const known = new Map(entries.map((e) => [e.when, e.tag]));
  const stamps = (await tableExists(db, 'drizzle.__drizzle_migrations'))
    ? (
        await queryRows<{ created_at: string }>(
          db,
          sql`select created_at::text from drizzle.__drizzle_migrations order by created_at`,
        )
      ).map((r) => Number(r.created_at))
    : [];
  const done = (await tableExists(db, 'public.data_migrations'))
    ? (await queryRows<{ name: string }>(db, sql`select name from data_migrations`)).map((r) => r.name)
    : [];
  const unknown = [
    ...stamps.filter((s) => !known.has(s)).map((s) => `schema migration of ${new Date(s).toISOString()}`),
    ...done.filter((n) => !DATA_MIGRATION_NAMES.includes(n)).map((n) => `data migration ${n}`),
  ];
  // Drizzle runs every migration newer than the newest recorded one.
  const last = stamps.length ? Math.max(...stamps) : -1;
  const knownStamps = stamps.filter((s) => known.has(s));
  return {
    applied: stamps.length,
    current: knownStamps.length ? known.get(Math.max(...knownStamps))! : null,
    pendingSchema: entries.filter((e) => e.when > last).map((e) => e.tag),
    pendingData: DATA_MIGRATION_NAMES.filter((n) => !done.includes(n)),
    unknown,
  };
}

export function tooNewMessage(unknown: string[]): string {
  return `This database was migrated by a newer Formsmith release: it has ${unknown.join(', ')}, which this release does not know. Start the newer release again (or restore the backup taken before the upgrade): an older release does not run on a newer database.`;
}

/** Throws DatabaseTooNewError when a newer release has migrated the database. */
export async function refuseNewerDatabase(db: Db): Promise<void> {
  const { unknown } = await upgradePlan(db);
  if (unknown.length > 0) throw new DatabaseTooNewError(tooNewMessage(unknown));
}
