import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { migrateDatabase, openDatabase } from '../src/db/client.ts';
import { DatabaseTooNewError, journal } from '../src/db/upgrade.ts';
import { dbKind } from './helpers/app.ts';
import { cliEnv, runAdminCli } from './helpers/cli.ts';
import { newPostgresDatabase } from './helpers/own-database.ts';

/**
 * `npm run admin -- check-upgrade` and the start's refusal of a newer database, on a database of
 * the test's own: a PGlite folder, or a new database on the suite's PostgreSQL.
 */
describe(`check-upgrade and a newer database (${dbKind})`, () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'formsmith-upgrade-'));
  let drop = async () => {};
  let env: Record<string, string>;
  const open = () => openDatabase({ databaseUrl: env.DATABASE_URL, dataDir });

  afterAll(() => drop());

  it('names every migration on an empty database, and runs none of them', async () => {
    let url: string | undefined;
    if (process.env.TEST_DATABASE_URL) ({ url, drop } = await newPostgresDatabase('upgrade'));
    env = cliEnv(dataDir, url);
    const res = await runAdminCli(['check-upgrade'], env);
    expect(res).toMatchObject({ code: 0, stderr: '' });
    expect(res.stdout).toContain('empty');
    expect(res.stdout).toMatch(/Schema migrations to run \(\d+\): 0000_init, /);
    expect(res.stdout).toContain('Data migrations to run (6): canonical-fields');
    expect(res.stdout).toContain('field-condition-version-rules');
    const database = await open();
    try {
      const [row] = (
        (await database.db.execute(sql`select to_regclass('public.users')::text as t`)) as unknown as {
          rows: { t: string | null }[];
        }
      ).rows;
      expect(row?.t).toBeNull();
    } finally {
      await database.close();
    }
  }, 120_000);

  it('names what an older database lacks, and nothing once it is at this release', async () => {
    const database = await open();
    let removed: { hash: string; created_at: string } | undefined;
    try {
      await migrateDatabase(database);
      // As a database of the release before the newest migration and the last data migration reads.
      removed = (
        (await database.db.execute(
          sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations) returning hash, created_at::text`,
        )) as unknown as { rows: { hash: string; created_at: string }[] }
      ).rows[0];
      await database.db.execute(
        sql`delete from data_migrations where name = 'success-message-version-endings'`,
      );
    } finally {
      await database.close();
    }
    const older = await runAdminCli(['check-upgrade'], env);
    expect(older.code).toBe(0);
    expect(older.stdout).toContain(`Schema migrations to run (1): ${journal().at(-1)!.tag}`);
    expect(older.stdout).toContain('Data migrations to run (1): success-message-version-endings');

    const again = await open();
    try {
      // The schema migration's change is still there: put its record back rather than run it again.
      await again.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${removed!.hash}, ${removed!.created_at})`,
      );
      await migrateDatabase(again);
    } finally {
      await again.close();
    }
    const current = await runAdminCli(['check-upgrade'], env);
    expect(current).toMatchObject({ code: 0, stderr: '' });
    expect(current.stdout).toContain('Nothing to run: the database is at this release.');
  }, 120_000);

  it('refuses a database a newer release migrated: check-upgrade, the start and the migrations', async () => {
    const database = await open();
    try {
      await database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-the-future', ${Date.UTC(2999, 0, 1)})`,
      );
      await database.db.execute(sql`insert into data_migrations (name) values ('from-the-future')`);
      await expect(migrateDatabase(database)).rejects.toBeInstanceOf(DatabaseTooNewError);
    } finally {
      await database.close();
    }
    const res = await runAdminCli(['check-upgrade'], env);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('migrated by a newer Formsmith release');
    expect(res.stderr).toContain('schema migration of 2999-01-01T00:00:00.000Z');
    expect(res.stderr).toContain('data migration from-the-future');

    const config = {
      ...loadConfig({ ...env, LOG_LEVEL: 'silent', WEB_DIST: path.join(dataDir, 'w') }),
      runJobs: false,
    };
    await expect(buildApp(config)).rejects.toThrow(/newer Formsmith release/);
    // The refused start let go of the database: it opens again.
    const after = await open();
    await after.close();
  }, 120_000);
});
