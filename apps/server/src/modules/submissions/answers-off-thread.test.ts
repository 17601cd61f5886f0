import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { copyFields } from '../../db/copy-binary.ts';
import { makeKeyring } from '../../lib/encryption/keyring.ts';
import { readAnswers, sealAnswers } from './answer-sealing.ts';
import { openAnswersOffThread, openCopiedOffThread } from './answers-off-thread.ts';

const keyring = makeKeyring([randomBytes(32)], 'test');

function sealedRows(count: number, ring = keyring) {
  const ids = Array.from({ length: count }, () => randomUUID());
  const answers = ids.map((id, i) => ({ name: `Respondent ${i} «${id.slice(0, 4)}»`, tags: ['a', i] }));
  const sealed = ids.map((id, i) => sealAnswers(ring, id, answers[i]!).toString('base64'));
  return { ids, answers, sealed };
}

describe('opening sealed answers in the worker thread', () => {
  it('gives each row the answers the main thread reader gives, null where nothing is sealed', async () => {
    const rows = sealedRows(300);
    rows.sealed[7] = null as unknown as string;
    const opened = await openAnswersOffThread(keyring, rows);
    expect(opened).toHaveLength(300);
    expect(opened[7]).toBeNull();
    for (const i of [0, 1, 150, 299]) {
      expect(opened[i]).toEqual(rows.answers[i]);
      expect(opened[i]).toEqual(
        readAnswers(keyring, {
          id: rows.ids[i]!,
          data: {},
          sealedData: Buffer.from(rows.sealed[i]!, 'base64'),
        }),
      );
    }
  });

  it('opens rows of a binary COPY run from their bytes, null where a row has none sealed', async () => {
    const rows = sealedRows(50);
    // Each row as the export's COPY sends it, cut to two fields: the id (uuid), the sealed answers.
    const field = (bytes: Buffer | null) => {
      const length = Buffer.alloc(4);
      length.writeInt32BE(bytes ? bytes.length : -1);
      return bytes ? [length, bytes] : [length];
    };
    const run = new Uint8Array(
      Buffer.concat(
        rows.ids.flatMap((id, i) => [
          Buffer.from([0, 2]),
          ...field(Buffer.from(id.replaceAll('-', ''), 'hex')),
          ...field(i % 10 === 4 ? null : Buffer.from(rows.sealed[i]!, 'base64')),
        ]),
      ),
    );
    const opened = await openCopiedOffThread(keyring, {
      run,
      fields: copyFields(run, 2),
      width: 2,
      id: 0,
      sealed: 1,
    });
    expect(opened).toEqual(rows.answers.map((answers, i) => (i % 10 === 4 ? null : answers)));
  });

  it('with a search, answers only the rows whose answers (or id, when asked) contain it', async () => {
    const rows = sealedRows(40);
    rows.sealed[3] = null as unknown as string;
    const byAnswer = await openAnswersOffThread(keyring, {
      ...rows,
      search: { text: 'RESPONDENT 1', ids: false },
    });
    // Respondent 1 and 10–19 match, case-insensitively; row 3 had nothing to open.
    const matched = byAnswer.flatMap((a, i) => (a ? [i] : []));
    expect(matched).toEqual([1, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    expect(byAnswer[1]).toEqual(rows.answers[1]);
    expect(byAnswer[3]).toBeNull();
    expect(byAnswer[2]).toBe(false);
    const tail = rows.ids[25]!.slice(-12);
    const byId = await openAnswersOffThread(keyring, {
      ...rows,
      search: { text: tail.toUpperCase(), ids: true },
    });
    expect(byId.flatMap((a, i) => (a ? [i] : []))).toEqual([25]);
    const idsNotAsked = await openAnswersOffThread(keyring, { ...rows, search: { text: tail, ids: false } });
    expect(idsNotAsked.some((a) => a)).toBe(false);
  });

  it('answers batches asked for at once each with its own rows', async () => {
    const batches = [sealedRows(50), sealedRows(80), sealedRows(20)];
    const opened = await Promise.all(batches.map((b) => openAnswersOffThread(keyring, b)));
    expect(opened).toEqual(batches.map((b) => b.answers));
  });

  it('fails a batch with a row under a key it lacks, or moved to another row, and goes on serving', async () => {
    const foreign = makeKeyring([randomBytes(32)], 'elsewhere');
    const missing = sealedRows(3);
    missing.sealed[1] = sealedRows(1, foreign).sealed[0]!;
    await expect(openAnswersOffThread(keyring, missing)).rejects.toMatchObject({
      code: 'ENCRYPTION_KEY_MISSING',
      statusCode: 503,
    });
    const moved = sealedRows(2);
    moved.ids.reverse();
    await expect(openAnswersOffThread(keyring, moved)).rejects.toMatchObject({
      code: 'UNAVAILABLE',
      statusCode: 503,
    });
    const fine = sealedRows(5);
    expect(await openAnswersOffThread(keyring, fine)).toEqual(fine.answers);
  });

  it('opens rows under the current key and the older one after a rotation', async () => {
    const old = sealedRows(3);
    const rotated = makeKeyring([randomBytes(32), ...keyring.keys.map((k) => k.key)], 'test');
    const fresh = sealedRows(3, rotated);
    const opened = await openAnswersOffThread(rotated, {
      ids: [...old.ids, ...fresh.ids],
      sealed: [...old.sealed, ...fresh.sealed],
    });
    expect(opened).toEqual([...old.answers, ...fresh.answers]);
  });
});
