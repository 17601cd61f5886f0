import { parentPort, workerData } from 'node:worker_threads';
import { copyUuid } from '../../db/copy-binary.ts';
import { AppError } from '../../lib/app-error.ts';
import { KEY_BYTES, type Keyring, makeKeyring } from '../../lib/encryption/keyring.ts';
import { answersContext, openManyAnswersTexts } from './answer-sealing.ts';
import { type AnswersSearch, submissionMatches } from './answers-match.ts';

// A worker thread that opens sealed answers in batches, for the readers that open many rows at
// once (the exports, and searches, which it also matches here): opening a row costs more than the
// rest of its way to the client, and here it runs beside the main thread instead of on it. It
// imports only the sealing code and the COPY reader, so it starts small. Loaded from the bundle in
// production and through tsx from the source.

export type OpenBatchRequest = {
  seq: number;
  /** The keyring's keys, current first, concatenated. */
  keys: Uint8Array;
} & (
  | {
      ids: string[];
      /** Each row's sealed answers in base64, or null for a row that has none to open. */
      sealed: (string | null)[];
      /** A search: only matching rows' answers come back; the others' are `false`. */
      search?: AnswersSearch;
    }
  | { copied: CopiedRun }
);

/**
 * Whole rows of a binary COPY as the database sent them (db/copy-binary.ts): their fields'
 * places (copyFields, `width` fields a row), and which field is the row's id (a uuid) and which
 * its sealed answers (bytea, null for none). Nothing is turned into text to cross to the worker.
 */
export type CopiedRun = { run: Uint8Array; fields: Int32Array; width: number; id: number; sealed: number };

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
export function openBatch(request: DistributiveOmit<OpenBatchRequest, 'seq'>): string {
  const { ids, sealed } = 'copied' in request ? copiedCells(request.copied) : decoded(request);
  const search = 'search' in request ? request.search : undefined;
  const places: number[] = [];
  const present: Uint8Array[] = [];
  const contexts: string[] = [];
  for (let i = 0; i < ids.length; i++) {
    if (!sealed[i]) continue;
    places.push(i);
    present.push(sealed[i]!);
    contexts.push(answersContext(ids[i]!));
  }
  const texts = openManyAnswersTexts(keyringOf(request.keys), present, contexts);
  const cells: string[] = ids.map(() => 'null');
  for (let k = 0; k < places.length; k++) {
    const i = places[k]!;
    const text = texts[k]!;
    cells[i] = !search || submissionMatches(ids[i]!, JSON.parse(text), search) ? text : 'false';
  }
  return `[${cells.join(',')}]`;
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

function decoded(request: { ids: string[]; sealed: (string | null)[] }) {
  return {
    ids: request.ids,
    sealed: request.sealed.map((text) => (text ? Buffer.from(text, 'base64') : null)),
  };
}

function copiedCells({ run, fields, width, id, sealed }: CopiedRun) {
  const bytes = Buffer.from(run.buffer, run.byteOffset, run.byteLength);
  const ids: string[] = [];
  const opened: (Uint8Array | null)[] = [];
  for (let f = 0; f < fields.length; f += width * 2) {
    ids.push(copyUuid(bytes, fields[f + id * 2]!));
    const at = fields[f + sealed * 2]!;
    const length = fields[f + sealed * 2 + 1]!;
    opened.push(length < 0 ? null : bytes.subarray(at, at + length));
  }
  return { ids, sealed: opened };
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
