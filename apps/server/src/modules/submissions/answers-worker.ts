import { parentPort, workerData } from 'node:worker_threads';
import { AppError } from '../../lib/app-error.ts';
import { KEY_BYTES, type Keyring, makeKeyring } from '../../lib/encryption/keyring.ts';
import { answersContext, openManyAnswersTexts } from './answer-sealing.ts';
import { type AnswersSearch, submissionMatches } from './answers-match.ts';

// A worker thread that opens sealed answers in batches, for the readers that open many rows at
// once (the exports, and searches, which it also matches here): opening a row costs more than the rest of its way to the client, and
// here it runs beside the main thread instead of on it. It imports only the sealing code, so it
// starts small. Loaded from the bundle in production and through tsx from the source.

export type OpenBatchRequest = {
  seq: number;
  /** The keyring's keys, current first, concatenated. */
  keys: Uint8Array;
  ids: string[];
  /** Each row's sealed answers in base64, or null for a row that has none to open. */
  sealed: (string | null)[];
  /** A search: only matching rows' answers come back; the others' are `false`. */
  search?: AnswersSearch;
};

export type OpenBatchReply =
  | {
      seq: number;
      /**
       * A JSON array: each row's answers, or null where the request had nothing to open, or (with
       * a search) false where the row does not match.
       */
      json: string;
    }
  | { seq: number; error: { code: AppError['code']; status: number; message: string } };

/** Marks the thread this module answers in (tests may run in worker threads of their own). */
export const ANSWERS_WORKER_DATA = { formsmithAnswersWorker: true } as const;

let keyring: { bytes: string; keyring: Keyring } | undefined;

function keyringOf(keys: Uint8Array): Keyring {
  const bytes = Buffer.from(keys).toString('base64');
  if (keyring?.bytes !== bytes) {
    const list = [];
    for (let at = 0; at < keys.length; at += KEY_BYTES)
      list.push(Buffer.from(keys.subarray(at, at + KEY_BYTES)));
    keyring = { bytes, keyring: makeKeyring(list, 'main thread') };
  }
  return keyring.keyring;
}

/** The reply's JSON array text: the opened texts are JSON already, so they are joined, not parsed. */
export function openBatch(request: Omit<OpenBatchRequest, 'seq'>): string {
  const places: number[] = [];
  const sealed: Buffer[] = [];
  const contexts: string[] = [];
  for (let i = 0; i < request.ids.length; i++) {
    const text = request.sealed[i];
    if (!text) continue;
    places.push(i);
    sealed.push(Buffer.from(text, 'base64'));
    contexts.push(answersContext(request.ids[i]!));
  }
  const texts = openManyAnswersTexts(keyringOf(request.keys), sealed, contexts);
  const cells: string[] = request.ids.map(() => 'null');
  for (let k = 0; k < places.length; k++) {
    const i = places[k]!;
    const text = texts[k]!;
    cells[i] =
      !request.search || submissionMatches(request.ids[i]!, JSON.parse(text), request.search)
        ? text
        : 'false';
  }
  return `[${cells.join(',')}]`;
}

function onMessage(request: OpenBatchRequest) {
  let reply: OpenBatchReply;
  try {
    reply = { seq: request.seq, json: openBatch(request) };
  } catch (err) {
    reply = {
      seq: request.seq,
      error:
        err instanceof AppError
          ? { code: err.code, status: err.statusCode, message: err.message }
          : { code: 'INTERNAL', status: 500, message: 'Opening the answers failed.' },
    };
  }
  parentPort!.postMessage(reply);
}

if (parentPort && (workerData as typeof ANSWERS_WORKER_DATA | undefined)?.formsmithAnswersWorker) {
  parentPort.on('message', onMessage);
}
