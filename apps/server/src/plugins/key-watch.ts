import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { resealAll } from '../admin/encryption-key.ts';
import { KEY_FILE_WATCH_MS, loadKeyring, registerCurrentKey } from '../lib/encryption/index.ts';

/**
 * Keys from the key file: `encryption-key rotate` rewrites it while the server runs, and the
 * server must seal under the new key without a restart. The file is looked at every few seconds;
 * when it changed, the keys are read again into app.keyring (the same object everything holds:
 * rows and uploaded files are sealed under its current key).
 * On PGlite this process is the only one that can open the database, so it re-seals too.
 */
export default fp(async (app: FastifyInstance) => {
  const file = app.keyring.source;
  if (file === 'env') return;
  const stamp = () => {
    const s = fs.statSync(file, { throwIfNoEntry: false });
    return s ? `${s.mtimeMs}:${s.size}:${s.ino}` : '';
  };
  let seen = stamp();
  let running: Promise<void> | null = null;
  const check = async () => {
    const now = stamp();
    if (now === seen || now === '') return;
    seen = now;
    const before = app.keyring.current.id;
    Object.assign(app.keyring, loadKeyring(app.config));
    if (app.keyring.current.id === before) return;
    app.log.info({ key: app.keyring.current.id }, 'encryption key rotated: sealing under the new key');
    await registerCurrentKey(app.db, app.keyring);
    if (app.config.databaseUrl) return; // the key command re-seals from its own process
    const moved = await resealAll({ db: app.db, keyring: app.keyring, config: app.config }, (line) =>
      app.log.info(line),
    );
    app.log.info({ moved, key: app.keyring.current.id }, 're-sealed under the new key');
  };
  const timer = setInterval(() => {
    running ??= check()
      .catch((err: unknown) => app.log.error({ err }, 'encryption key reload failed'))
      .finally(() => {
        running = null;
      });
  }, KEY_FILE_WATCH_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
});
