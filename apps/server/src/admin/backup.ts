import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Config } from '../config.ts';
import { type Database, type Db, openDatabase, queryRows } from '../db/client.ts';
import { KEY_FILE, parseKeys, writeKeyFile } from '../lib/encryption.ts';
import { uploadStorage } from '../lib/storage.ts';
import { readLiveServer } from './server-file.ts';

// One archive (tar.gz) holds manifest.json, the database (pg_dump's custom format on PostgreSQL,
// the PGlite data folder otherwise) and every uploaded file named by the uploads table. The
// database is taken first, so every file it names is on disk or in the bucket when files are read.

const FORMAT = 1;
export type Manifest = {
  format: number;
  created_at: string;
  database: Database['kind'];
  /** Rows per table at the moment of the dump, compared again after a restore. */
  tables: Record<string, number>;
  files: number;
};

/** PostgreSQL's own client tools: on PATH, or the newest under /usr/lib/postgresql. */
export function pgTool(name: 'pg_dump' | 'pg_restore'): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) {
    const file = path.join(root, v, 'bin', name);
    if (existsSync(file)) return file;
  }
  return name;
}

/** Rows in every table of the database (the public schema and drizzle's migration log). */
export async function countRows(db: Db): Promise<Record<string, number>> {
  const tables = await queryRows<{ schema: string; name: string }>(
    db,
    sql`select schemaname as schema, tablename as name from pg_tables
      where schemaname in ('public', 'drizzle') order by schemaname, tablename`,
  );
  const counts: Record<string, number> = {};
  for (const t of tables) {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql.raw(`select count(*)::int as n from "${t.schema}"."${t.name}"`),
    );
    counts[`${t.schema}.${t.name}`] = Number(row?.n ?? 0);
  }
  return counts;
}

async function dumpPglite(config: Config, into: string): Promise<Database> {
  const live = readLiveServer(config.dataDir);
  let bytes: Buffer;
  if (live) {
    // The running server owns the folder: it takes the dump in its own process.
    const res = await fetch(`http://127.0.0.1:${live.port}/api/admin/database-dump`, {
      method: 'POST',
      headers: { authorization: `Bearer ${live.token}` },
    });
    if (!res.ok) throw new Error(`the running server (pid ${live.pid}) refused the dump: ${res.status}`);
    bytes = Buffer.from(await res.arrayBuffer());
  } else {
    const own = await openDatabase({ dataDir: config.dataDir });
    bytes = Buffer.from(await (await own.pglite!.dumpDataDir('gzip')).arrayBuffer());
    await own.close();
  }
  writeFileSync(path.join(into, 'database.pglite.tar.gz'), bytes);
  // Read counts and file names from the dump itself, so they describe exactly what it holds.
  const copy = new PGlite({ loadDataDir: new Blob([bytes]) });
  await copy.waitReady;
  const { drizzle } = await import('drizzle-orm/pglite');
  const db = drizzle({ client: copy }) as unknown as Db;
  return { db, kind: 'pglite', pool: undefined, pglite: copy, close: () => copy.close() };
}

async function dumpPostgres(config: Config, into: string): Promise<Database> {
  // pg_dump joins a snapshot this client exports and holds open, so the counts and file names
  // read below describe exactly the rows in the dump, however busy the server is meanwhile.
  const client = new pg.Client({ connectionString: config.databaseUrl });
  await client.connect();
  await client.query('begin isolation level repeatable read read only');
  const { rows } = await client.query<{ id: string }>('select pg_export_snapshot() as id');
  execFileSync(
    pgTool('pg_dump'),
    [
      '--format=custom',
      '--no-owner',
      `--snapshot=${rows[0]!.id}`,
      '--file',
      path.join(into, 'database.pgdump'),
      config.databaseUrl!,
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const db = drizzlePg({ client }) as unknown as Db;
  const close = async () => {
    await client.query('commit');
    await client.end();
  };
  return { db, kind: 'postgres', pool: undefined, pglite: undefined, close };
}

/** Writes one archive of the database and the uploaded files; works while the server runs. */
export async function backup(config: Config, out: string): Promise<Manifest> {
  const staging = mkdtempSync(path.join(tmpdir(), 'formsmith-backup-'));
  try {
    const database = config.databaseUrl
      ? await dumpPostgres(config, staging)
      : await dumpPglite(config, staging);
    let manifest: Manifest;
    try {
      const tables = await countRows(database.db);
      const keys = await queryRows<{ key: string }>(database.db, sql`select storage_key as key from uploads`);
      const storage = uploadStorage(config);
      let files = 0;
      for (const { key } of keys) {
        const stream = await storage.open(key);
        if (!stream) continue; // deleted since the dump
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(chunk as Buffer);
        const file = path.join(staging, 'uploads', key);
        mkdirSync(path.dirname(file), { recursive: true });
        writeFileSync(file, Buffer.concat(chunks));
        files++;
      }
      manifest = {
        format: FORMAT,
        created_at: new Date().toISOString(),
        database: database.kind,
        tables,
        files,
      };
    } finally {
      await database.close();
    }
    writeFileSync(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    // The answers and files are sealed under the data keys: without the key file the archive
    // cannot be read (with ENCRYPTION_KEY, keep that value beside the archive yourself).
    const keyFile = path.join(config.dataDir, KEY_FILE);
    if (!config.encryptionKey && existsSync(keyFile)) {
      writeFileSync(path.join(staging, KEY_FILE), readFileSync(keyFile), { mode: 0o600 });
    }
    mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
    execFileSync('tar', ['-czf', path.resolve(out), '-C', staging, '.']);
    return manifest;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * Puts the archive's data keys back in DATA_DIR (mode 0600), first; keys a key file there held
 * already stay after them, so nothing they sealed becomes unreadable.
 */
function restoreKeyFile(config: Config, archived: string): void {
  if (!existsSync(archived)) return;
  const target = path.join(config.dataDir, KEY_FILE);
  const keys = parseKeys(readFileSync(archived, 'utf8'), "the archive's key file");
  if (existsSync(target)) keys.push(...parseKeys(readFileSync(target, 'utf8'), target));
  mkdirSync(config.dataDir, { recursive: true });
  writeKeyFile(
    target,
    keys.filter((key, i) => keys.findIndex((k) => k.equals(key)) === i),
  );
}

function listFiles(dir: string, prefix = ''): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? listFiles(path.join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`],
  );
}

export class RestoreError extends Error {}

/**
 * Fills an empty data folder (PGlite) or an empty database (PostgreSQL) from an archive, puts the
 * files back under their keys, and checks every table's row count against the manifest.
 */
export async function restore(config: Config, archive: string): Promise<Manifest> {
  const staging = mkdtempSync(path.join(tmpdir(), 'formsmith-restore-'));
  try {
    if (!existsSync(archive)) throw new RestoreError(`No such archive: ${archive}`);
    let manifest: Manifest;
    try {
      execFileSync('tar', ['-xzf', path.resolve(archive), '-C', staging], { stdio: 'ignore' });
      manifest = JSON.parse(readFileSync(path.join(staging, 'manifest.json'), 'utf8')) as Manifest;
    } catch {
      throw new RestoreError(`${archive} is not a Formsmith backup (made by npm run backup).`);
    }
    if (manifest.format !== FORMAT) throw new RestoreError(`Unknown archive format ${manifest.format}`);
    const target = config.databaseUrl ? 'postgres' : 'pglite';
    if (manifest.database !== target) {
      throw new RestoreError(
        `The archive holds a ${manifest.database} database; this configuration uses ${target} (${target === 'postgres' ? 'unset DATABASE_URL' : 'set DATABASE_URL'} to restore it).`,
      );
    }
    if (target === 'pglite') {
      const dir = path.join(config.dataDir, 'db');
      if (existsSync(dir) && readdirSync(dir).length > 0) {
        throw new RestoreError(`${dir} is not empty: restore fills an empty data folder only.`);
      }
      mkdirSync(dir, { recursive: true });
      const bytes = readFileSync(path.join(staging, 'database.pglite.tar.gz'));
      const db = new PGlite(dir, { loadDataDir: new Blob([bytes]) });
      await db.waitReady;
      await db.close();
    } else {
      const probe = await openDatabase({
        databaseUrl: config.databaseUrl,
        dataDir: config.dataDir,
        poolSize: 1,
      });
      const existing = Object.keys(await countRows(probe.db));
      await probe.close();
      if (existing.length > 0) {
        throw new RestoreError(
          `The database already has tables (${existing.slice(0, 3).join(', ')}, …): restore fills an empty database only.`,
        );
      }
      execFileSync(
        pgTool('pg_restore'),
        [
          '--no-owner',
          '--no-privileges',
          '--exit-on-error',
          '--single-transaction',
          '--dbname',
          config.databaseUrl!,
          path.join(staging, 'database.pgdump'),
        ],
        { stdio: ['ignore', 'ignore', 'inherit'] },
      );
    }
    restoreKeyFile(config, path.join(staging, KEY_FILE));
    const storage = uploadStorage(config);
    const uploads = path.join(staging, 'uploads');
    for (const key of listFiles(uploads)) await storage.write(key, readFileSync(path.join(uploads, key)));

    const database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: 2,
    });
    try {
      const counts = await countRows(database.db);
      const differ = Object.keys(manifest.tables).filter((t) => counts[t] !== manifest.tables[t]);
      if (differ.length > 0)
        throw new RestoreError(`Restored row counts differ from the archive in ${differ.join(', ')}`);
    } finally {
      await database.close();
    }
    return manifest;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
