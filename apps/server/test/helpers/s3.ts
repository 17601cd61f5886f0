import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';
import S3rver from 's3rver';

/** s3rver's built-in account. */
export const S3_KEY = 'S3RVER';

export type TestS3 = {
  endpoint: string;
  bucket: string;
  /** The folder s3rver keeps the bucket's objects in (what a stolen bucket would hand over). */
  directory: string;
  /** The environment that points Formsmith at this bucket. */
  env: Record<string, string>;
  /** Keys of the objects in the bucket, read through the S3 API (ListObjectsV2). */
  listKeys: () => Promise<string[]>;
  close: () => Promise<void>;
};

/**
 * A real S3-compatible server (s3rver) on a free local port with one empty bucket. It parses each
 * request's AWS Signature V4 header and refuses unknown access keys (it does not recompute the
 * signature itself; aws4fetch's signing is what AWS, MinIO and R2 check).
 */
export async function startTestS3(bucket = 'formsmith-test'): Promise<TestS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'formsmith-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const address = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${address.port}`;
  const client = new AwsClient({
    accessKeyId: S3_KEY,
    secretAccessKey: S3_KEY,
    service: 's3',
    region: 'us-east-1',
  });
  return {
    endpoint,
    bucket,
    directory,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: S3_KEY,
      S3_SECRET_ACCESS_KEY: S3_KEY,
    },
    async listKeys() {
      const res = await client.fetch(`${endpoint}/${bucket}?list-type=2`);
      const xml = await res.text();
      if (!res.ok) throw new Error(`list failed: ${res.status} ${xml}`);
      return [...xml.matchAll(/<Key>([^<]+)<\/Key>/g)].map((m) => m[1]!);
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
