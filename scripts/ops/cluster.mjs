// @ts-check
// `npm run check:cluster`: three production instances on one PostgreSQL behind HAProxy (installed
// from Debian when missing), with uploads in a shared S3-compatible bucket (s3rver), mail to a
// local SMTP server and webhooks to a local receiver. Submit load goes through the balancer while
// one instance is killed with SIGKILL and started again. Then it checks: every acknowledged
// submission stored exactly once, counters and analytics equal a rebuild, a session and a file
// work on every instance, the account rate limits count once across instances, and no mail or
// webhook job ran twice. CLUSTER_SUBMITS sets the load (default 300). Exit code 1 on any failure.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import S3rver from 's3rver';
import { startMailbox } from '../bench/mailbox.mjs';
import { scratchDir } from '../scratch.mjs';
import {
  api,
  build,
  freePort,
  killInstance,
  log,
  openSql,
  sleep,
  startInstance,
  stopInstance,
  submitStream,
  verifyStored,
  withPostgres,
} from './lib.mjs';

/** @typedef {import('./lib.mjs').Instance} Instance */

/** How long a claimed job stays leased without renewal (JOB_LEASE_SECONDS in the server). */
const JOB_LEASE_SECONDS = 30;

/** @param {string} msg */
const say = (msg) => log('cluster', msg);
const submits = Number(process.env.CLUSTER_SUBMITS ?? 300);
/** @type {string[]} */
const failures = [];
/**
 * @param {boolean} ok
 * @param {string} what
 */
const check = (ok, what) => {
  say(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};

function ensureHaproxy() {
  if (existsSync('/usr/sbin/haproxy')) return '/usr/sbin/haproxy';
  say('installing haproxy (Debian package)');
  execFileSync(
    'bash',
    ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq haproxy'],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  return '/usr/sbin/haproxy';
}

/**
 * @param {number} port
 * @param {number[]} backends
 */
async function startHaproxy(port, backends) {
  const dir = scratchDir('formsmith-haproxy-');
  const config = `global
  maxconn 2000
defaults
  mode http
  timeout connect 2s
  timeout client 30s
  timeout server 30s
  timeout check 2s
  retries 3
  option redispatch
  option forwardfor
frontend formsmith
  bind 127.0.0.1:${port}
  default_backend instances
backend instances
  balance roundrobin
  option httpchk GET /api/health/live
  http-check expect status 200
  default-server inter 300ms fall 1 rise 2
${backends.map((b, i) => `  server i${i} 127.0.0.1:${b} check`).join('\n')}
`;
  writeFileSync(path.join(dir, 'haproxy.cfg'), config);
  const child = spawn(ensureHaproxy(), ['-db', '-f', path.join(dir, 'haproxy.cfg')], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${base}/api/health/live`)).ok) return { base, child };
    } catch {}
    await sleep(100);
  }
  throw new Error('haproxy did not start');
}

/** @returns {Promise<{ url: string, received: { id: unknown, body: any }[], close: () => unknown }>} */
function startWebhookReceiver() {
  /** @type {{ id: unknown, body: any }[]} */
  const received = [];
  const server = createServer((req, res) => {
    /** @type {Buffer[]} */
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      received.push({
        id: req.headers['webhook-id'],
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
      });
      res.end('ok');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}/hook`,
        received,
        close: () => server.close(),
      }),
    ),
  );
}

const FIELDS = [
  {
    label: 'Full name',
    field_type: 'text',
    type: 'text',
    is_required: true,
    position: 0,
    validation_rules: {},
  },
  {
    label: 'Plan',
    field_type: 'select',
    type: 'select',
    is_required: false,
    position: 1,
    validation_rules: {},
    options: ['Basic', 'Pro'].map((l, i) => ({ id: `o${i}`, label: l, value: l.toLowerCase() })),
  },
  {
    label: 'Attachment',
    field_type: 'file',
    type: 'file',
    is_required: false,
    position: 2,
    validation_rules: { accept: ['.txt'], maxFileSize: 10_000 },
  },
];

/**
 * @param {string} base
 * @param {string} databaseUrl
 * @param {string} email
 * @param {string} password
 */
async function registerVerified(base, databaseUrl, email, password) {
  await api(base, 'POST', '/auth/register', {
    body: { name: 'Cluster Owner', email, password, confirmPassword: password, acceptTerms: true },
  });
  const sql = await openSql({ databaseUrl });
  await sql.query('update users set email_verified_at = now() where lower(email) = lower($1)', [email]);
  await sql.close();
}

async function main() {
  if (process.env.CLUSTER_SKIP_BUILD !== '1') build();
  await withPostgres(process.env.CLUSTER_DATABASE_URL, runCluster);
  console.log(failures.length === 0 ? 'cluster check: passed' : `cluster check: ${failures.length} failed`);
  process.exit(failures.length === 0 ? 0 : 1);
}

/** @param {string} databaseUrl */
async function runCluster(databaseUrl) {
  const s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: scratchDir('formsmith-cluster-s3-'),
    configureBuckets: [{ name: 'formsmith' }],
  });
  const s3Address = await s3.run();
  const mailbox = await startMailbox();
  const receiver = await startWebhookReceiver();
  const ports = [await freePort(), await freePort(), await freePort()];
  const lbPort = await freePort();
  const env = {
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: `http://127.0.0.1:${lbPort}`,
    SMTP_URL: mailbox.url,
    S3_BUCKET: 'formsmith',
    S3_ENDPOINT: `http://127.0.0.1:${s3Address.port}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    TRUST_PROXY: '127.0.0.1',
    WEBHOOK_ALLOW_PRIVATE: 'true',
    // One data key for every instance: answers and files one of them sealed are opened by the
    // others (and an instance without the key the database names refuses to start).
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  };
  const instanceEnv = () => ({
    ...env,
    DATA_DIR: scratchDir('formsmith-cluster-data-'),
  });
  /** @type {Instance[]} */
  const instances = [];
  /** @type {{ base: string, child: import('node:child_process').ChildProcess } | undefined} */
  let lb;
  try {
    for (const [i, port] of ports.entries())
      instances.push(await startInstance({ port, env: instanceEnv(), name: `i${i}` }));
    lb = await startHaproxy(lbPort, ports);
    say(`3 instances (${ports.join(', ')}) behind HAProxy at ${lb.base}`);

    // A session made through the balancer works on every instance.
    const email = `cluster-${randomUUID()}@example.com`;
    const password = 'cluster-password-123';
    await registerVerified(lb.base, databaseUrl, email, password);
    const { token } = await api(lb.base, 'POST', '/auth/login', { body: { email, password } });
    const seen = await Promise.all(
      instances.map((x) =>
        fetch(`${x.base}/api/auth/current`, { headers: { authorization: `Bearer ${token}` } }),
      ),
    );
    check(
      seen.every((r) => r.status === 200),
      'a session opened through the balancer is valid on each instance',
    );

    const created = await api(lb.base, 'POST', '/forms', {
      token,
      body: { title: 'Cluster form', fields: FIELDS },
    });
    const formId = (created.form ?? created).id;
    await api(lb.base, 'POST', `/forms/${formId}/publish`, { token });
    await api(lb.base, 'PUT', `/form-submissions/forms/${formId}/settings`, {
      token,
      body: { email_notifications: true },
    });
    await api(lb.base, 'POST', `/forms/${formId}/webhooks`, {
      token,
      body: { url: receiver.url, events: ['submission.created'] },
    });
    const form = await api(lb.base, 'GET', `/forms/${formId}`, { token });
    const [name, plan, file] = (form.form ?? form).fields;

    // A file uploaded through one instance, submitted through another, read through the third.
    const bytes = Buffer.from(`shared bucket ${randomUUID()}\n`);
    const upload = new FormData();
    upload.append('file', new Blob([bytes], { type: 'text/plain' }), 'note.txt');
    const uploadRes = await await fetch(
      `${/** @type {Instance} */ (instances[0]).base}/api/form-submissions/forms/${formId}/uploads?field_id=${file.id}`,
      {
        method: 'POST',
        body: upload,
      },
    );
    const uploaded = /** @type {{ upload_id: string }} */ (await uploadRes.json());
    if (uploadRes.status !== 201) throw new Error(`upload: ${uploadRes.status} ${JSON.stringify(uploaded)}`);
    /** @param {number | string} i */
    const answer = (i) => ({
      [name.id]: `Respondent-${i}-end`,
      // 'file' % 2 is NaN, so the file's submit says basic.
      [plan.id]: /** @type {number} */ (i) % 2 ? 'pro' : 'basic',
      _honeypot: '',
      _formLoadTime: Date.now() - 60_000,
    });
    const withFile = await submitStream({
      baseOf: () => /** @type {Instance} */ (instances[1]).base,
      formId,
      count: 1,
      concurrency: 1,
      bodyOf: () => ({ data: { ...answer('file'), [file.id]: uploaded } }),
    });
    // The one submit was acknowledged (submitStream throws otherwise).
    const [fileSubmission] = /** @type {[string]} */ ([...withFile.acked.values()]);
    const download = await fetch(
      `${/** @type {Instance} */ (instances[2]).base}/api/form-submissions/forms/${formId}/submissions/${fileSubmission}/files/${uploaded.upload_id}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    check(
      download.status === 200 && Buffer.from(await download.arrayBuffer()).equals(bytes),
      'a file uploaded through one instance downloads byte for byte through another',
    );

    // Submit load through the balancer; one instance is killed a third of the way in and restarted.
    const victim = 1;
    let killed = false;
    let deadLeasesEnd = 0;
    const t0 = Date.now();
    const stream = submitStream({
      // The balancer started above.
      baseOf: () => /** @type {NonNullable<typeof lb>} */ (lb).base,
      formId,
      count: submits,
      concurrency: 16,
      bodyOf: (i) => ({
        data: answer(i),
        metadata: { analytics: { totalTimeSpent: 20 + (i % 9), completed: true } },
      }),
      // Many respondents: the flood guard of public traffic counts per address.
      headersOf: (i) => ({ 'x-forwarded-for': `10.1.${Math.floor(i / 250)}.${i % 250}` }),
      onAck: (n) => {
        if (!killed && n >= submits / 3) {
          killed = true;
          void killInstance(/** @type {Instance} */ (instances[victim])).then(() => {
            // Every lease the dead instance took ends before this (JOB_LEASE_SECONDS in
            // apps/server/src/jobs/queue.ts); the live ones, renewed, end after it.
            deadLeasesEnd = (Date.now() + JOB_LEASE_SECONDS * 1000) / 1000;
            say(`SIGKILL instance i${victim} after ${n} acknowledged submits`);
          });
        }
      },
    });
    const { acked, retries } = await stream;
    const seconds = (Date.now() - t0) / 1000;
    say(
      `${acked.size} submits acknowledged in ${seconds.toFixed(1)} s (${Math.round(acked.size / seconds)}/s), ${retries} retried`,
    );
    check(killed, 'an instance was killed mid-run');
    instances[victim] = await startInstance({
      port: /** @type {number} */ (ports[victim]),
      env: instanceEnv(),
      name: `i${victim}`,
    });
    check(true, `instance i${victim} started again`);
    acked.set(/** @type {string} */ ([...withFile.acked.keys()][0]), fileSubmission);

    // The account limits live in the database: 5 wrong passwords per account and address, wherever they land.
    const target = `limited-${randomUUID()}@example.com`;
    await registerVerified(lb.base, databaseUrl, target, password);
    // One address for all six tries (a fresh one each run: the per-address limits are shared too).
    const address = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const statuses = [];
    for (let k = 0; k < 6; k++) {
      const res = await fetch(`${/** @type {Instance} */ (instances[k % 3]).base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify({ email: target, password: 'wrong-password-1' }),
      });
      statuses.push(res.status);
    }
    check(
      statuses.join() === '401,401,401,401,401,429',
      `wrong passwords over three instances are limited once (${statuses.join(', ')})`,
    );

    // Let the queue drain. Jobs the killed instance had claimed stay leased until their lease ends
    // (nobody renews it), then the live instances take them.
    const sql = await openSql({ databaseUrl });
    const [{ leased }] = /** @type {[{ leased: number }]} */ (
      await sql.query(
        `select count(*)::int as leased from jobs
        where done_at is null and locked_until > now() and locked_until <= to_timestamp($1)`,
        [deadLeasesEnd],
      )
    );
    const drained = async () => {
      for (let i = 0; i < (JOB_LEASE_SECONDS + 60) * 5; i++) {
        const [open] = /** @type {[{ n: number }]} */ (
          await sql.query(
            'select count(*)::int as n from jobs where done_at is null and attempts < max_attempts and run_at <= now()',
          )
        );
        if (open.n === 0) return true;
        await sleep(200);
      }
      return false;
    };
    check(
      await drained(),
      `the queue drained (${leased} job(s) held by the killed instance, taken by the others when their lease ran out)`,
    );
    await sql.close();
    /** @type {Map<string, number>} */
    const mailsOf = new Map();
    for (const m of mailbox.mails) {
      for (const t of new Set(m.raw.match(/Respondent-\w+-end/g) ?? []))
        mailsOf.set(t, (mailsOf.get(t) ?? 0) + 1);
    }
    /** @type {Map<unknown, number>} */
    const hooksOf = new Map();
    for (const h of receiver.received) {
      const id = h.body?.data?.submission?.id;
      if (id) hooksOf.set(id, (hooksOf.get(id) ?? 0) + 1);
    }
    /** @param {Map<unknown, number>} counts */
    const twice = (counts) => [...counts.values()].filter((n) => n > 1).length;
    check(
      mailsOf.size === acked.size && hooksOf.size === acked.size,
      `a notification mail (${mailsOf.size}) and a webhook (${hooksOf.size}) for each of ${acked.size} submissions`,
    );
    // A job is done at least once; only the one the killed instance was in the middle of may repeat
    // (a webhook repeats with its webhook-id, so receivers can tell).
    check(
      twice(mailsOf) <= 1 && twice(hooksOf) <= 1,
      `no job done twice by live instances (${twice(mailsOf)} mail, ${twice(hooksOf)} webhook repeated from the kill)`,
    );

    lb.child.kill('SIGTERM');
    for (const x of instances) await stopInstance(x);
    for (const f of await verifyStored({ databaseUrl, formId, acked, encryptionKey: env.ENCRYPTION_KEY }))
      check(false, f);
    check(true, `${acked.size} acknowledged submissions checked against the database and a rebuild`);
  } finally {
    lb?.child.kill('SIGTERM');
    for (const x of instances) await killInstance(x);
    await mailbox.close();
    receiver.close();
    await s3.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
