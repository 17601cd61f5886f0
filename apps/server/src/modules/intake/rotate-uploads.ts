import type { S3Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { Keyring } from '../../lib/encryption/index.ts';
import { deleteUpload, resealUpload, UnreadableFileError } from '../../lib/storage/index.ts';
import { findUploadById, listUploadKeys } from './upload-repository.ts';

export type RotateUploadsCounts = {
  /** Files read so far (one per row of the uploads table). */
  checked: number;
  /** Already under the current key: left as they were. */
  current: number;
  /** Stored in clear by an earlier version: now sealed. */
  sealed: number;
  /** Under an older key: now under the current one. */
  resealed: number;
  /** Rows whose file is gone from the storage. */
  missing: number;
  /** Files that could not be opened (a key this server lacks, or altered bytes): left as they are. */
  unreadable: Array<{ uploadId: string; reason: UnreadableFileError['reason'] }>;
};

/**
 * The files' part of a key rotation: walks every upload in batches and seals again, in place,
 * each file stored in clear or under a key other than the keyring's current one. Safe while the
 * server runs (each file is replaced in one step; a file deleted meanwhile is not brought back)
 * and safe to run again: files already under the current key are only read up to their header.
 */
export async function rotateUploads(input: {
  db: DbOrTx;
  config: { dataDir: string; s3?: S3Config | undefined };
  keyring: Keyring;
  batchSize?: number;
  /** Called after each batch with the counts so far, for a command's progress lines. */
  onProgress?: (counts: RotateUploadsCounts) => void;
}): Promise<RotateUploadsCounts> {
  const counts: RotateUploadsCounts = {
    checked: 0,
    current: 0,
    sealed: 0,
    resealed: 0,
    missing: 0,
    unreadable: [],
  };
  let afterId: string | undefined;
  for (;;) {
    const batch = await listUploadKeys(input.db, { afterId, limit: input.batchSize ?? 200 });
    if (batch.length === 0) return counts;
    for (const upload of batch) {
      counts.checked++;
      try {
        const outcome = await resealUpload(input.config, input.keyring, upload.storageKey);
        counts[outcome]++;
        // Deleted while it was being sealed: the write may have put the file back, so it goes again.
        if (outcome !== 'missing' && outcome !== 'current' && !(await findUploadById(input.db, upload.id)))
          await deleteUpload(input.config, upload.storageKey);
      } catch (err) {
        if (!(err instanceof UnreadableFileError)) throw err;
        counts.unreadable.push({ uploadId: upload.id, reason: err.reason });
      }
    }
    afterId = batch.at(-1)!.id;
    input.onProgress?.(counts);
  }
}
