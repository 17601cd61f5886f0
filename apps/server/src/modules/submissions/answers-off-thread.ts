import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { AppError } from '../../lib/app-error.ts';
import { KEY_BYTES, type Keyring } from '../../lib/encryption/keyring.ts';
import type { AnswersSearch } from './answers-match.ts';
import {
  ANSWERS_WORKER_DATA,
  type CopiedRun,
  type OpenBatchReply,
  type OpenBatchRequest,
} from './answers-worker.ts';

// The main thread's side of answers-worker.ts: one worker for the process, started with the first
// batch and stopped once batches have left it idle for a while (it never keeps the process alive).

const IDLE_MS = 30_000;

/** A row's answers, null where it had none to open, false where it did not match the search. */
type Opened = Record<string, unknown> | null | false;

type Waiter = {
  resolve: (answers: Opened[]) => void;
  reject: (err: unknown) => void;
};

let worker: Worker | undefined;
let idleTimer: NodeJS.Timeout | undefined;
let lastSeq = 0;
const waiters = new Map<number, Waiter>();

/**
 * A small young generation: the worker's garbage is short-lived (the bytes of one row, its text),
 * and V8's default lets a thread's young generation grow by tens of megabytes before it collects,
 * which an export's memory would show (about 40 MB more on a million rows).
 */
const OPTIONS = { workerData: ANSWERS_WORKER_DATA, resourceLimits: { maxYoungGenerationSizeMb: 4 } };

function spawnWorker(): Worker {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) {
    return new Worker(new URL('./answers-worker.js', here), OPTIONS);
  }
  // Running from the source (tests, `npm run dev`): the worker compiles its TypeScript with tsx,
  // whose ESM register() is found through its package's exports.
  const require = createRequire(here);
  const manifest = require.resolve('tsx/package.json');
  const api = require(manifest).exports['./esm/api'].import.default as string;
  const tsx = pathToFileURL(path.join(path.dirname(manifest), api)).href;
  const entry = new URL('./answers-worker.ts', here).href;
  return new Worker(
    `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`,
    { ...OPTIONS, eval: true },
  );
}

function theWorker(): Worker {
  if (worker) return worker;
  const started = spawnWorker();
  started.on('message', (reply: OpenBatchReply) => {
    const waiter = waiters.get(reply.seq);
    if (!waiter) return;
    waiters.delete(reply.seq);
    if ('json' in reply) waiter.resolve(JSON.parse(reply.json));
    else waiter.reject(new AppError(reply.error.code, reply.error.status, reply.error.message));
    if (waiters.size === 0) idleSoon();
  });
  const gone = (err: unknown) => {
    if (worker === started) worker = undefined;
    for (const waiter of waiters.values()) waiter.reject(err);
    waiters.clear();
  };
  started.on('error', gone);
  started.on('exit', (code) => gone(new Error(`the answers worker stopped (exit code ${code})`)));
  started.unref();
  worker = started;
  return started;
}

function idleSoon() {
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    if (waiters.size > 0 || !worker) return;
    const idle = worker;
    worker = undefined;
    void idle.terminate();
  }, IDLE_MS);
  idleTimer.unref();
}

/**
 * Opens a batch of rows' sealed answers (base64, as PostgreSQL's `encode(sealed_data, 'base64')`
 * gives them) in the worker thread: each row's answers, or null where `sealed` is null. A row that
 * does not open fails the batch with the same error the main thread's reader gives. The batch may
 * be left unawaited.
 */
export function openAnswersOffThread(
  keyring: Keyring,
  rows: { ids: string[]; sealed: (string | null)[] },
): Promise<(Record<string, unknown> | null)[]>;
/** With a search, the worker also matches each row: `false` for a sealed row that does not match. */
export function openAnswersOffThread(
  keyring: Keyring,
  rows: { ids: string[]; sealed: (string | null)[]; search: AnswersSearch },
): Promise<(Record<string, unknown> | null | false)[]>;
export function openAnswersOffThread(
  keyring: Keyring,
  rows: { ids: string[]; sealed: (string | null)[]; search?: AnswersSearch },
): Promise<Opened[]> {
  // Nothing sealed (rows from before encryption at rest): no trip to the worker.
  if (rows.sealed.every((s) => s === null)) return Promise.resolve(rows.sealed.map(() => null));
  return ask(keyring, rows);
}

/**
 * The same for whole rows of a binary COPY (see CopiedRun): each row's answers, or null where it
 * has none sealed. The run's bytes are copied to the worker; the caller keeps its own.
 */
export function openCopiedOffThread(
  keyring: Keyring,
  copied: CopiedRun,
): Promise<(Record<string, unknown> | null)[]> {
  const { fields, width, sealed } = copied;
  const rows = fields.length / (width * 2);
  let any = false;
  for (let f = sealed * 2 + 1; f < fields.length && !any; f += width * 2) any = fields[f]! >= 0;
  if (!any) return Promise.resolve(Array.from({ length: rows }, () => null));
  return ask(keyring, { copied }) as Promise<(Record<string, unknown> | null)[]>;
}

function ask(
  keyring: Keyring,
  request: { ids: string[]; sealed: (string | null)[]; search?: AnswersSearch } | { copied: CopiedRun },
): Promise<Opened[]> {
  clearTimeout(idleTimer);
  const seq = ++lastSeq;
  // A fresh array of exactly the key bytes: a small Buffer may be a view into a shared pool,
  // and the message would copy all of it.
  const keys = new Uint8Array(keyring.keys.length * KEY_BYTES);
  for (const [i, k] of keyring.keys.entries()) keys.set(k.key, i * KEY_BYTES);
  const answers = new Promise<Opened[]>((resolve, reject) => waiters.set(seq, { resolve, reject }));
  // A caller that stops before awaiting a batch it asked for (a client gone mid-export, a search
  // whose page is full) must not leave an unhandled rejection; awaiting it still throws.
  answers.catch(() => {});
  theWorker().postMessage({ seq, keys, ...request } satisfies OpenBatchRequest);
  return answers;
}
