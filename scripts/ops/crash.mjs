// @ts-check
// `npm run check:crash`: kills the server with SIGKILL three times in a row under submit load, on
// PGlite and on PostgreSQL (CRASH_DATABASE_URL, or a throwaway durable cluster), starting it again
// each time. Clients retry with their Idempotency-Key until they get a 201, as the public page
// does. Then: every acknowledged submission is stored exactly once and nothing else is, and the
// counters and analytics equal a rebuild. CRASH_SUBMITS sets the load (default 400); CRASH_ONLY=
// pglite|postgres runs one database. Exit code 1 on any failure.
import { randomBytes } from 'node:crypto';
import { startMailbox } from '../bench/mailbox.mjs';
import { answerFor, createOwner, createPublishedForm } from '../bench/seed.mjs';
import { scratchDir } from '../scratch.mjs';
import {
  build,
  freePort,
  killInstance,
  log,
  sleep,
  startInstance,
  stopInstance,
  submitStream,
  verifyStored,
  withPostgres,
} from './lib.mjs';

/** @param {string} msg */
const say = (msg) => log('crash', msg);
const submits = Number(process.env.CRASH_SUBMITS ?? 400);
const KILLS = 3;
/** @type {string[]} */
const failures = [];

/**
 * @param {'pglite' | 'postgres'} kind
 * @param {string | undefined} databaseUrl
 */
async function crashRun(kind, databaseUrl) {
  const dataDir = scratchDir(`formsmith-crash-${kind}-`);
  const mailbox = await startMailbox();
  const port = await freePort();
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    // The same data key across the restarts (the key file in DATA_DIR would do too).
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    SMTP_URL: mailbox.url,
    TRUST_PROXY: '127.0.0.1',
  };
  let server = await startInstance({ port, env, name: kind });
  try {
    const owner = await createOwner(server.base, databaseUrl, mailbox);
    const form = await createPublishedForm(server.base, owner.token, `Crash ${kind}`);
    let kills = 0;
    let ackedSoFar = 0;
    let done = false;
    // One kill at a time, each after another quarter of the load, and never while one restarts.
    const killer = (async () => {
      while (kills < KILLS && !done) {
        if (ackedSoFar < ((kills + 1) * submits) / (KILLS + 1)) {
          await sleep(10);
          continue;
        }
        kills++;
        await killInstance(server);
        say(`${kind}: SIGKILL ${kills} after ${ackedSoFar} acknowledged submits; starting again`);
        const started = Date.now();
        server = await startInstance({ port, env, name: kind });
        say(`${kind}: answering again after ${((Date.now() - started) / 1000).toFixed(1)} s`);
      }
    })();
    const t0 = Date.now();
    const { acked, retries } = await submitStream({
      baseOf: () => server.base,
      formId: form.id,
      count: submits,
      concurrency: 16,
      bodyOf: (i) => ({
        data: { ...answerFor(form, i), _honeypot: '', _formLoadTime: Date.now() - 60_000 },
        metadata: { analytics: { totalTimeSpent: 20 + (i % 9), completed: true } },
      }),
      headersOf: (i) => ({ 'x-forwarded-for': `10.2.${Math.floor(i / 250)}.${i % 250}` }),
      onAck: (n) => {
        ackedSoFar = n;
      },
    }).finally(() => {
      done = true;
    });
    await killer;
    const seconds = (Date.now() - t0) / 1000;
    say(
      `${kind}: ${acked.size} acknowledged in ${seconds.toFixed(1)} s through ${kills} kills, ${retries} retries`,
    );
    if (kills < KILLS) failures.push(`${kind}: only ${kills} kills happened`);
    await stopInstance(server);
    const found = await verifyStored({
      databaseUrl,
      dataDir: databaseUrl ? undefined : dataDir,
      formId: form.id,
      acked,
      encryptionKey: env.ENCRYPTION_KEY,
    });
    for (const f of found) failures.push(`${kind}: ${f}`);
    say(
      `${kind}: ${found.length === 0 ? 'ok' : 'FAIL'} every acknowledged submission stored once; analytics equal a rebuild`,
    );
  } finally {
    await killInstance(server);
    await mailbox.close();
  }
}

async function main() {
  if (process.env.CRASH_SKIP_BUILD !== '1') build();
  const only = process.env.CRASH_ONLY;
  if (only !== 'postgres') await crashRun('pglite', undefined);
  if (only !== 'pglite')
    await withPostgres(process.env.CRASH_DATABASE_URL, (url) => crashRun('postgres', url));
  for (const f of failures) say(`FAIL ${f}`);
  console.log(failures.length === 0 ? 'crash check: passed' : `crash check: ${failures.length} failed`);
  process.exit(failures.length === 0 ? 0 : 1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
