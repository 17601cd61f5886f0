import path from 'node:path';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import {
  checkKeyRegistry,
  KEY_FILE,
  KEY_FILE_WATCH_MS,
  type Keyring,
  listRegisteredKeys,
  loadKeyring,
  newKey,
  type ResealBatch,
  readKeyFile,
  resealSecrets,
  retireKeys,
  writeKeyFile,
} from '../lib/encryption/index.ts';
import { resealMails } from '../mail/mailer.ts';
import { type LabelRowKey, resealAnswerLabels } from '../modules/analytics/index.ts';
import { TOTP_SECRET_COLUMNS } from '../modules/auth/index.ts';
import { rotateUploads } from '../modules/intake/index.ts';
import { SSO_SECRET_COLUMNS } from '../modules/sso/index.ts';
import { COMMENT_BODY_COLUMNS, countUnsealedAnswers, resealAnswers } from '../modules/submissions/index.ts';
import { resealDeliveryBodies, WEBHOOK_SECRET_COLUMNS } from '../modules/webhooks/index.ts';

// `npm run admin -- encryption-key rotate | reseal | retire`: data keys of 'Standard' encryption
// at rest. docs/self-hosting.md ('Encryption keys') has the steps with ENCRYPTION_KEY.

export class KeyCommandError extends Error {}

const keyFileOf = (config: Config) => path.join(config.dataDir, KEY_FILE);

/**
 * With the key file: puts a new key first (the old ones stay, to open what they sealed). A server
 * running on the folder notices the file changed and seals under the new key from then on.
 * With ENCRYPTION_KEY the operator puts the new key first there and restarts instead.
 */
export function addKeyToFile(config: Config): Keyring {
  if (config.encryptionKey) {
    throw new KeyCommandError(
      'The keys come from ENCRYPTION_KEY: put a new key first in it (openssl rand -base64 32), keep the old ones after it, restart every instance, then run: npm run admin -- encryption-key reseal',
    );
  }
  const file = keyFileOf(config);
  writeKeyFile(file, [newKey(), ...readKeyFile(file)]);
  return loadKeyring(config);
}

/**
 * Waits until servers running on the key file have noticed a new key (they look every
 * KEY_FILE_WATCH_MS): a re-seal started earlier could pass rows a server still seals under the
 * old key a moment later.
 */
export const waitForServersToNoticeKey = () =>
  new Promise((resolve) => setTimeout(resolve, KEY_FILE_WATCH_MS + 1000));

/**
 * One table's batches, walking it in key order and reporting each batch. Rows another transaction
 * held were skipped: walks start again from the beginning until one moves nothing.
 */
async function drain<Cursor>(
  table: string,
  step: (after: Cursor | null) => Promise<ResealBatch<Cursor>>,
  report: (line: string) => void,
): Promise<number> {
  let moved = 0;
  for (;;) {
    let walked = 0;
    let after: Cursor | null = null;
    do {
      const batch: ResealBatch<Cursor> = await step(after);
      after = batch.next;
      if (batch.moved === 0) continue;
      walked += batch.moved;
      report(`${table}: ${moved + walked} re-sealed`);
    } while (after !== null);
    moved += walked;
    if (walked === 0) return moved;
  }
}

/**
 * Seals everything that carries answers under the current key: rows sealed under older keys and
 * rows still clear from before encryption at rest, in batches of RESEAL_BATCH rows, each its own
 * transaction (rows being written are skipped and taken by a later batch), while the server runs.
 */
export async function resealAll(
  input: { db: Db; keyring: Keyring; config: Pick<Config, 'dataDir' | 's3'> },
  report: (line: string) => void,
): Promise<number> {
  return (await resealPass(input, report)).moved;
}

/** One pass of resealAll: what it moved, and how many files it could not open. */
async function resealPass(
  input: { db: Db; keyring: Keyring; config: Pick<Config, 'dataDir' | 's3'> },
  report: (line: string) => void,
): Promise<{ moved: number; unreadable: number }> {
  const { db, keyring } = input;
  await checkKeyRegistry(db, keyring);
  let moved = 0;
  moved += await drain<string>('submissions', (after) => resealAnswers(db, keyring, after), report);
  moved += await drain<LabelRowKey>(
    'answer_daily_counts',
    (after) => resealAnswerLabels(db, keyring, after),
    report,
  );
  moved += await drain<string>(
    'webhook_deliveries',
    (after) => resealDeliveryBodies(db, keyring, after),
    report,
  );
  moved += await drain<number>('jobs (mails)', (after) => resealMails(db, keyring, after), report);
  for (const secrets of [
    TOTP_SECRET_COLUMNS,
    WEBHOOK_SECRET_COLUMNS,
    SSO_SECRET_COLUMNS,
    COMMENT_BODY_COLUMNS,
  ]) {
    moved += await drain<string>(
      secrets.table,
      (after) => resealSecrets(db, keyring, secrets, after),
      report,
    );
  }
  const files = await rotateUploads({
    db,
    config: input.config,
    keyring,
    onProgress: (c) => report(`uploads: ${c.checked} checked, ${c.sealed + c.resealed} re-sealed`),
  });
  if (files.unreadable.length > 0) {
    report(`uploads: ${files.unreadable.length} file(s) could not be opened and were left as they are`);
  }
  return { moved: moved + files.sealed + files.resealed, unreadable: files.unreadable.length };
}

/**
 * Removes the older keys once nothing is sealed under them: re-seals first, checks, marks them
 * retired in the database, and (key file) leaves only the current key in the file.
 */
export async function retireOldKeys(
  config: Config,
  db: Db,
  keyring: Keyring,
  report: (line: string) => void,
): Promise<string[]> {
  await resealAll({ db, keyring, config }, report);
  // A second pass must find nothing to move in any table or file: rows another transaction held
  // during the first, a file uploaded meanwhile by an instance still on the old key, or a file
  // that could not be opened would all be lost with the keys that seal them.
  const again = await resealPass({ db, keyring, config }, report);
  if (again.moved > 0 || again.unreadable > 0) {
    throw new KeyCommandError(
      again.unreadable > 0
        ? `${again.unreadable} uploaded file(s) could not be opened; the older keys are kept (see the lines above)`
        : `${again.moved} item(s) were still sealed under older keys; run the command again`,
    );
  }
  const left = await countUnsealedAnswers(db, keyring);
  if (left.size > 0) {
    const what = [...left].map(([key, n]) => `${n} under ${key}`).join(', ');
    throw new KeyCommandError(
      `Submissions are still sealed under older keys (${what}); run the command again`,
    );
  }
  const old = (await listRegisteredKeys(db)).filter((id) => id !== keyring.current.id);
  const retired = [
    ...new Set([...old, ...keyring.keys.map((k) => k.id).filter((id) => id !== keyring.current.id)]),
  ];
  await retireKeys(db, retired);
  if (!config.encryptionKey) writeKeyFile(keyFileOf(config), [keyring.current.key]);
  return retired;
}
