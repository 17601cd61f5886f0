import { execFileSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  fchmodSync,
  mkdirSync,
  mkdtempSync,
  openSync,
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
import {
  formatKey,
  KEY_FILE,
  keyId as keyIdOf,
  listRegisteredKeys,
  parseKeys,
  writeKeyFile,
} from '../lib/encryption/index.ts';
import { uploadStorage } from '../lib/storage/index.ts';
import { openKeyText, SEALED_KEY_FILE, sealKeyText } from './backup-key.ts';
import { readLiveServer } from './server-file.ts';

// One archive (tar.gz, mode 0600) holds manifest.json, the database (pg_dump's custom format on
// PostgreSQL, the PGlite data folder otherwise) and every uploaded file named by the uploads
// table. The database is taken first, so every file it names is on disk or in the bucket when
// files are read. The data keys stay out unless asked for (--with-key), and then go in sealed
// under a passphrase (backup-key.ts): answers and files in the archive are sealed under them.

const FORMAT = 1;
export type Manifest = {
  format: number;
  created_at: string;
  database: Database['kind'];
  /** Rows per table at the moment of the dump, compared again after a restore. */
  tables: Record<string, number>;
  files: number;
  /** Whether the archive holds the data keys (sealed with a passphrase); older archives say nothing. */
  key?: 'none' | 'sealed';
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

/** The data keys of a configuration as its key file's text, without creating a key file. */
function currentKeyText(config: Config): string | null {
  if (config.encryptionKey)
    return `${parseKeys(config.encryptionKey, 'ENCRYPTION_KEY').map(formatKey).join('\n')}\n`;
  const file = path.join(config.dataDir, KEY_FILE);
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}

export class BackupError extends Error {}

/**
 * Writes one archive of the database and the uploaded files; works while the server runs. With
 * a passphrase, the data keys go in too, sealed under it.
 */
export async function backup(
  config: Config,
  out: string,
  options: { keyPassphrase?: string } = {},
): Promise<Manifest> {
  const keyText = options.keyPassphrase === undefined ? null : currentKeyText(config);
  if (options.keyPassphrase !== undefined && keyText === null) {
    throw new BackupError(
      `--with-key: there is no data key to include (no ENCRYPTION_KEY, no ${KEY_FILE} in ${config.dataDir})`,
    );
  }
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
        key: keyText === null ? 'none' : 'sealed',
      };
    } finally {
      await database.close();
    }
    writeFileSync(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    if (keyText !== null && options.keyPassphrase !== undefined) {
      writeFileSync(path.join(staging, SEALED_KEY_FILE), sealKeyText(keyText, options.keyPassphrase), {
        mode: 0o600,
      });
    }
    mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
    // Created 0600 before anything is written (an archive there already is made 0600 too): it
    // holds every answer and file, sealed or not, and the account table.
    const fd = openSync(path.resolve(out), 'w', 0o600);
    try {
      fchmodSync(fd, 0o600);
      execFileSync('tar', ['-czf', '-', '-C', staging, '.'], { stdio: ['ignore', fd, 'inherit'] });
    } finally {
      closeSync(fd);
    }
    return manifest;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * Puts the archive's data keys back in DATA_DIR (mode 0600), first; keys a key file there held
 * already stay after them, so nothing they sealed becomes unreadable.
 */
function restoreKeyFile(config: Config, archivedText: string): void {
  const target = path.join(config.dataDir, KEY_FILE);
  const keys = parseKeys(archivedText, "the archive's key file");
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
 * The archive's data keys as key-file text: opened with the passphrase when sealed, as they are
 * in archives made before keys were sealed, or null when the archive holds none.
 */
async function archivedKeyText(staging: string, passphrase: () => Promise<string>): Promise<string | null> {
  const sealed = path.join(staging, SEALED_KEY_FILE);
  if (existsSync(sealed)) return openKeyText(readFileSync(sealed, 'utf8'), await passphrase());
  const plain = path.join(staging, KEY_FILE);
  return existsSync(plain) ? readFileSync(plain, 'utf8') : null;
}

/** Ids of keys the restored data is sealed under that this configuration does not have. */
async function keysMissing(config: Config, db: Db): Promise<string[]> {
  const text = currentKeyText(config);
  const have = new Set(text === null ? [] : parseKeys(text, 'the data keys').map((key) => keyIdOf(key)));
  return (await listRegisteredKeys(db)).filter((id) => !have.has(id));
}

/**
 * Fills an empty data folder (PGlite) or an empty database (PostgreSQL) from an archive, puts the
 * files back under their keys, and checks every table's row count against the manifest. The
 * archive's data keys, sealed, are opened with `passphrase` (asked only then) before anything is
 * written. Answers the keys the data needs that the configuration still lacks.
 */
export async function restore(
  config: Config,
  archive: string,
  options: { passphrase: () => Promise<string> },
): Promise<Manifest & { missingKeys: string[] }> {
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
    const keyText = await archivedKeyText(staging, options.passphrase);
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
    if (keyText !== null) restoreKeyFile(config, keyText);
    const storage = uploadStorage(config);
    const uploads = path.join(staging, 'uploads');
    for (const key of listFiles(uploads)) await storage.write(key, readFileSync(path.join(uploads, key)));

    const database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: 2,
    });
    let missingKeys: string[];
    try {
      const counts = await countRows(database.db);
      const differ = Object.keys(manifest.tables).filter((t) => counts[t] !== manifest.tables[t]);
      if (differ.length > 0)
        throw new RestoreError(`Restored row counts differ from the archive in ${differ.join(', ')}`);
      missingKeys = await keysMissing(config, database.db);
    } finally {
      await database.close();
    }
    return { ...manifest, missingKeys };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
