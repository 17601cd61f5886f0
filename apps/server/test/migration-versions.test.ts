import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { normalizeFields } from '@formsmith/core/forms/read-field';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, migrateDatabase, openDatabase, queryRows } from '../src/db/client.ts';

const MIGRATIONS = fileURLToPath(new URL('../src/db/migrations', import.meta.url));
const VERSIONS_TAG = '0007_form-versions-and-trash';
const WORKSPACES_TAG = '0018_workspaces';

/** The committed migrations up to (not including) the one tagged `tag`. */
function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'formsmith-migrations-'));
  cpSync(MIGRATIONS, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((e) => e.tag === tag);
  journal.entries = journal.entries.slice(0, cut);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

describe('the form versions migration (pglite)', () => {
  let database: Database;
  afterAll(() => database?.close());

  it('makes every existing form its own version 1, answered by its existing submissions', async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    // biome-ignore lint/suspicious/noExplicitAny: drizzle's migrator wants its concrete driver type
    await migrate(database.db as any, { migrationsFolder: migrationsBefore(VERSIONS_TAG) });
    const db = database.db;
    const [user] = await queryRows<{ id: string }>(
      db,
      sql`insert into users (email, name) values ('old@example.com', 'Old') returning id`,
    );
    const fields = [{ id: 'q1', label: 'Old question', type: 'text', field_type: 'text' }];
    const [form] = await queryRows<{ id: number }>(
      db,
      sql`insert into forms (owner_id, title, fields, is_published, published_at)
        values (${user!.id}, 'Before versions', ${JSON.stringify(fields)}::jsonb, true, now()) returning id`,
    );
    await db.execute(
      sql`insert into submissions (form_id, data) values (${form!.id}, '{"q1": "an answer"}'::jsonb)`,
    );

    await migrateDatabase(database);

    const versions = await queryRows<{ number: number; title: string; fields: unknown }>(
      db,
      sql`select number, title, fields from form_versions where form_id = ${form!.id}`,
    );
    // The copy is made canonical by the data migrations, like the form's own fields.
    expect(versions).toEqual([{ number: 1, title: 'Before versions', fields: normalizeFields(fields) }]);
    const [after] = await queryRows<{ version: number; published_version: number; deleted_at: null }>(
      db,
      sql`select version, published_version, deleted_at from forms where id = ${form!.id}`,
    );
    expect(after).toEqual({ version: 1, published_version: 1, deleted_at: null });
    const answered = await queryRows<{ form_version: number }>(
      db,
      sql`select form_version from submissions where form_id = ${form!.id}`,
    );
    expect(answered).toEqual([{ form_version: 1 }]);
  });
});

describe('the workspaces migration (pglite)', () => {
  let database: Database;
  afterAll(() => database?.close());

  it("puts every account's forms, API keys and webhooks in its personal workspace", async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    // biome-ignore lint/suspicious/noExplicitAny: drizzle's migrator wants its concrete driver type
    await migrate(database.db as any, { migrationsFolder: migrationsBefore(WORKSPACES_TAG) });
    const db = database.db;
    const owners: { user: string; form: number; key: string; webhook: string }[] = [];
    for (const email of ['ada@example.com', 'bo@example.com']) {
      const [user] = await queryRows<{ id: string }>(
        db,
        sql`insert into users (email, name) values (${email}, 'Owner') returning id`,
      );
      const [form] = await queryRows<{ id: number }>(
        db,
        sql`insert into forms (owner_id, title, fields) values (${user!.id}, 'Before teams', '[]'::jsonb) returning id`,
      );
      const [key] = await queryRows<{ id: string }>(
        db,
        sql`insert into api_keys (user_id, name, prefix, key_hash, scopes)
          values (${user!.id}, 'Old key', 'fsk_old', ${`hash-${email}`}, '["forms:read"]'::jsonb) returning id`,
      );
      const [webhook] = await queryRows<{ id: string }>(
        db,
        sql`insert into webhooks (form_id, url, events, secret)
          values (${form!.id}, 'https://hooks.example.org/in', '["submission.created"]'::jsonb, 'whsec_old') returning id`,
      );
      owners.push({ user: user!.id, form: form!.id, key: key!.id, webhook: webhook!.id });
    }

    await migrateDatabase(database);

    for (const owner of owners) {
      const [personal] = await queryRows<{ id: number }>(
        db,
        sql`select w.id from workspaces w join workspace_members m on m.workspace_id = w.id and m.user_id = w.personal_of
          where w.personal_of = ${owner.user} and m.role = 'owner'`,
      );
      expect(personal, 'a personal workspace, owned').toBeDefined();
      const [placed] = await queryRows<{ form: number; key: number; webhook: number }>(
        db,
        sql`select (select workspace_id from forms where id = ${owner.form}) as form,
          (select workspace_id from api_keys where id = ${owner.key}) as key,
          (select workspace_id from webhooks where id = ${owner.webhook}) as webhook`,
      );
      expect(placed).toEqual({ form: personal!.id, key: personal!.id, webhook: personal!.id });
    }
  });
});
