// `npm run admin -- <command>`, `npm run backup`, `npm run restore <archive>`: the server's own
// configuration (the same environment as `npm start`), for self-hosters at a shell.
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.ts';
import { DatabaseUnavailableError, migrateDatabase, openDatabase } from '../db/client.ts';
import { DatabaseTooNewError, tooNewMessage, upgradePlan } from '../db/upgrade.ts';
import { AppError } from '../lib/app-error.ts';
import { KeyringError, loadKeyring } from '../lib/encryption/index.ts';
import {
  adminCreateUser,
  adminListUsers,
  adminResetPassword,
  adminSetInstanceAdmin,
  adminVerifyUser,
} from '../modules/auth/index.ts';
import { BackupError, backup, RestoreError, restore } from './backup.ts';
import { PassphraseError, readPassphrase } from './backup-key.ts';
import {
  addKeyToFile,
  KeyCommandError,
  resealAll,
  retireOldKeys,
  waitForServersToNoticeKey,
} from './encryption-key.ts';
import { readLiveServer } from './server-file.ts';

const USAGE = `Usage:
  npm run admin -- create-user --email <address> --name <name> [--password <password>] [--unverified]
  npm run admin -- verify-user <address>
  npm run admin -- reset-password <address> [--password <password>]
  npm run admin -- list-users [--json]
  npm run admin -- make-admin <address> [--remove]   (also instance-admin; the first account is one already)
  npm run admin -- check-upgrade   (which migrations this release would run; refuses a newer database)
  npm run admin -- encryption-key rotate   (new data key, then re-seal everything under it)
  npm run admin -- encryption-key reseal   (re-seal what is clear or under older keys)
  npm run admin -- encryption-key retire   (drop older keys once nothing is sealed under them)
  npm run backup [-- --out <file.tar.gz>] [--with-key]
  npm run restore -- <file.tar.gz>
Without --password a strong password is generated and printed once.
The backup leaves the data keys out unless --with-key: then they go in sealed with a passphrase
(BACKUP_PASSPHRASE, or asked at the terminal), which restore asks for again.`;

const OPTIONS = {
  email: { type: 'string' },
  name: { type: 'string' },
  password: { type: 'string' },
  unverified: { type: 'boolean' },
  remove: { type: 'boolean' },
  json: { type: 'boolean' },
  out: { type: 'string' },
  'with-key': { type: 'boolean' },
  help: { type: 'boolean' },
} as const;

class UsageError extends Error {}

async function withDatabase<T>(
  config: ReturnType<typeof loadConfig>,
  run: (db: import('../db/client.ts').Db) => Promise<T>,
  { migrate = true } = {},
) {
  const live = config.databaseUrl ? null : readLiveServer(config.dataDir);
  if (live) {
    throw new UsageError(
      `The server is running on ${config.dataDir} (pid ${live.pid}). PGlite admits one process at a time: stop the server, then run this again.`,
    );
  }
  const database = await openDatabase(config);
  try {
    if (migrate) await migrateDatabase(database);
    return await run(database.db);
  } finally {
    await database.close();
  }
}

/** Says what starting this release would run on the database, changing nothing. */
async function checkUpgrade(config: ReturnType<typeof loadConfig>): Promise<void> {
  const plan = await withDatabase(config, upgradePlan, { migrate: false });
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  if (plan.unknown.length > 0) throw new DatabaseTooNewError(tooNewMessage(plan.unknown));
  console.log(
    plan.applied === 0
      ? `Database: ${where}, empty (a first start creates it).`
      : `Database: ${where}, at ${plan.current} (${plan.applied} schema migrations applied).`,
  );
  const { pendingSchema: schema, pendingData: data } = plan;
  if (schema.length === 0 && data.length === 0) {
    console.log('Nothing to run: the database is at this release.');
    return;
  }
  if (schema.length > 0) console.log(`Schema migrations to run (${schema.length}): ${schema.join(', ')}`);
  if (data.length > 0) console.log(`Data migrations to run (${data.length}): ${data.join(', ')}`);
  console.log('They run when the server starts. Back up first (npm run backup): a release cannot undo them.');
}

/**
 * The key commands. On PGlite with the server running (one process per folder) the command only
 * changes the key file: the server notices, seals under the new key and re-seals by itself.
 */
async function encryptionKeyCommand(config: ReturnType<typeof loadConfig>, action: string | undefined) {
  if (action !== 'rotate' && action !== 'reseal' && action !== 'retire') {
    throw new UsageError('encryption-key needs rotate, reseal or retire');
  }
  let keyring = loadKeyring(config);
  if (action === 'rotate') {
    keyring = addKeyToFile(config);
    console.log(`New current key ${keyring.current.id}; older keys kept to open what they sealed.`);
  }
  const live = config.databaseUrl ? null : readLiveServer(config.dataDir);
  if (live) {
    if (action === 'retire')
      throw new UsageError(`Stop the server (pid ${live.pid}) first, then run this again.`);
    console.log(
      `The server running on ${config.dataDir} (pid ${live.pid}) re-seals everything under it by itself within seconds.`,
    );
    return;
  }
  const report = (line: string) => console.log(line);
  if (action === 'rotate' && config.databaseUrl) {
    console.log('Waiting a few seconds for running servers to seal under the new key…');
    await waitForServersToNoticeKey();
  }
  if (action === 'retire') {
    const retired = await withDatabase(config, (db) => retireOldKeys(config, db, keyring, report));
    console.log(
      retired.length === 0
        ? 'No older key to retire.'
        : `Retired ${retired.join(', ')}: nothing is sealed under them any more.${config.encryptionKey ? ' Remove them from ENCRYPTION_KEY.' : ''}`,
    );
    return;
  }
  const moved = await withDatabase(config, (db) => resealAll({ db, keyring, config }, report));
  console.log(`Done: ${moved} row(s) re-sealed; everything is sealed under ${keyring.current.id}.`);
}

function printPassword(generated: string | undefined): void {
  if (generated) console.log(`Password (shown once): ${generated}`);
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({ options: OPTIONS, allowPositionals: true });
  const [command, arg] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return;
  }
  const config = loadConfig(process.env);
  switch (command) {
    case 'create-user': {
      if (!values.email || !values.name) throw new UsageError('create-user needs --email and --name');
      const { email, name, password } = values;
      const result = await withDatabase(config, (db) =>
        adminCreateUser(db, { email, name, password, verified: !values.unverified }),
      );
      console.log(`Created ${email}${values.unverified ? ' (not verified)' : ''}.`);
      return printPassword(result.generatedPassword);
    }
    case 'verify-user': {
      if (!arg) throw new UsageError('verify-user needs an address');
      await withDatabase(config, (db) => adminVerifyUser(db, arg));
      console.log(`${arg} is verified.`);
      return;
    }
    case 'reset-password': {
      if (!arg) throw new UsageError('reset-password needs an address');
      const result = await withDatabase(config, (db) =>
        adminResetPassword(db, { email: arg, password: values.password }),
      );
      console.log(`New password set for ${arg}; every session of the account is signed out.`);
      return printPassword(result.generatedPassword);
    }
    case 'make-admin':
    case 'instance-admin': {
      if (!arg) throw new UsageError(`${command} needs an address`);
      const admin = !values.remove;
      await withDatabase(config, (db) => adminSetInstanceAdmin(db, { email: arg, admin }));
      console.log(
        admin ? `${arg} is the instance administrator.` : `${arg} is no longer an instance administrator.`,
      );
      return;
    }
    case 'list-users': {
      const list = await withDatabase(config, adminListUsers);
      if (values.json) return console.log(JSON.stringify(list, null, 2));
      for (const u of list)
        console.log(`${u.email}\t${u.name}\t${u.verified ? 'verified' : 'not verified'}\t${u.created_at}`);
      console.log(`${list.length} account(s)`);
      return;
    }
    case 'encryption-key': {
      return encryptionKeyCommand(config, arg);
    }
    case 'check-upgrade': {
      return checkUpgrade(config);
    }
    case 'backup': {
      const out = values.out ?? `formsmith-backup-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`;
      const keyPassphrase = values['with-key']
        ? await readPassphrase(config.backupPassphrase, 'seal')
        : undefined;
      const manifest = await backup(config, out, { keyPassphrase });
      const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
      console.log(
        `Wrote ${out} (readable by you only): ${manifest.database} database (${rows} rows in ${Object.keys(manifest.tables).length} tables), ${manifest.files} file(s).`,
      );
      const keyPlace = config.encryptionKey
        ? 'the value of ENCRYPTION_KEY'
        : `${config.dataDir}/encryption.key`;
      console.log(
        manifest.key === 'sealed'
          ? 'The data keys are in it, sealed with your passphrase: without the passphrase they cannot be read.'
          : `The data keys are not in it: answers and files in it open only with ${keyPlace}. Keep a copy of that apart from the archive (or make the backup with --with-key).`,
      );
      return;
    }
    case 'restore': {
      if (!arg) throw new UsageError('restore needs the archive to read');
      const manifest = await restore(config, arg, {
        passphrase: () => readPassphrase(config.backupPassphrase, 'open'),
      });
      console.log(
        `Restored ${arg} (taken ${manifest.created_at}): every table's row count matches; ${manifest.files} file(s).`,
      );
      if (manifest.missingKeys.length > 0) {
        console.log(
          `The archive's answers and files are sealed under data key(s) ${manifest.missingKeys.join(', ')}, which this configuration does not have: put the encryption.key kept from the old server in ${config.dataDir} (or set ENCRYPTION_KEY to it) before starting the server.`,
        );
      }
      return;
    }
    default:
      throw new UsageError(`Unknown command: ${command}\n${USAGE}`);
  }
}

main().catch((err: unknown) => {
  const known =
    err instanceof UsageError ||
    err instanceof ConfigError ||
    err instanceof DatabaseUnavailableError ||
    err instanceof DatabaseTooNewError ||
    err instanceof RestoreError ||
    err instanceof BackupError ||
    err instanceof PassphraseError ||
    err instanceof KeyCommandError ||
    err instanceof KeyringError ||
    err instanceof AppError;
  console.error(known ? err.message : err);
  process.exit(1);
});
