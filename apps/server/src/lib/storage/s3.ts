import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import { ConfigError, type S3Config } from '../../config.ts';
import { checkStorageKey, StorageUnavailableError, type UploadStorage } from './common.ts';

const TIMEOUT_MS = 30_000;

/**
 * Objects in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Backblaze B2...), signed with
 * AWS Signature V4 and addressed path-style. Nothing is made public: the bucket keeps its own
 * (private) policy and only the owner's download, through the server, reads an object back.
 */
export function createS3Storage(config: S3Config): UploadStorage {
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    region: config.region,
    service: 's3',
    // One quick retry of a 5xx or 429; a slow store should not hold a respondent for long.
    retries: 1,
    initRetryMs: 200,
  });
  const bucketUrl = `${config.endpoint}/${encodeURIComponent(config.bucket)}`;
  const urlOf = (key: string) => `${bucketUrl}/${checkStorageKey(key)}`;

  async function send(method: string, url: string, body?: Uint8Array): Promise<Response> {
    try {
      return await client.fetch(url, {
        method,
        body,
        headers: body ? { 'content-type': 'application/octet-stream' } : undefined,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      throw new StorageUnavailableError(`${method} ${url}: ${(err as Error).message}`);
    }
  }

  async function failure(method: string, res: Response): Promise<StorageUnavailableError> {
    const text = await res.text().catch(() => '');
    const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1] ?? res.statusText;
    return new StorageUnavailableError(`${method} ${config.bucket}: ${res.status} ${code}`);
  }

  return {
    // S3 needs the length before the body, and a PUT replaces an object whole: the bytes are
    // gathered in memory (files are small, LIMITS.uploadMaxBytes, and the caller counts them on
    // the way), so a stream that fails midway sends nothing.
    async write(key, input) {
      const body = Buffer.isBuffer(input) ? input : Buffer.concat(await input.toArray());
      const res = await send('PUT', urlOf(key), body);
      if (!res.ok) throw await failure('PUT', res);
      await res.body?.cancel();
    },
    async open(key) {
      const res = await send('GET', urlOf(key));
      if (res.status === 404) {
        await res.body?.cancel();
        return null;
      }
      if (!res.ok || !res.body) throw await failure('GET', res);
      return Readable.fromWeb(res.body as WebReadableStream<Uint8Array>);
    },
    async delete(key) {
      const res = await send('DELETE', urlOf(key));
      if (!res.ok && res.status !== 404) throw await failure('DELETE', res);
      await res.body?.cancel();
    },
    // Writes and removes a probe object: the two permissions the server needs, and nothing more
    // (a HEAD of the bucket would also need s3:ListBucket, which a tight policy leaves out).
    async check() {
      const where = `the bucket "${config.bucket}" at ${config.endpoint}`;
      const probe = `${bucketUrl}/formsmith-start-check`;
      for (const [method, body] of [
        ['PUT', Buffer.from('ok')],
        ['DELETE', undefined],
      ] as const) {
        const res = await send(method, probe, body).catch((err: StorageUnavailableError) => {
          throw new ConfigError(`S3_BUCKET: ${where} cannot be reached (${err.cause}).`);
        });
        await res.body?.cancel();
        if (!res.ok && !(method === 'DELETE' && res.status === 404))
          throw new ConfigError(`S3_BUCKET: ${where} cannot be used (${res.status} ${res.statusText}).`);
      }
    },
  };
}
