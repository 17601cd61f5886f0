import { type AddressInfo, connect } from 'node:net';
import { LIMITS } from '@formsmith/core/limits';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKind } from './helpers/app.ts';
import { createTestUser } from './helpers/users.ts';
import { createPublishedForm } from './intake-fixtures.ts';

type Answer = { status: number; body: string };

/**
 * Sends a request over a plain TCP socket as a simple client does (curl, a script): the whole
 * body first, at the pace of a network rather than of the loopback (64 KiB pieces, each sent once
 * the last one left), and only then the answer is read. A connection the server reset while the
 * body was still going fails the send, and such a client never sees the answer.
 */
function post(port: number, path: string, body: Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.pause();
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (err) => reject(new Error(`the send failed: ${err.message}`)));
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString();
      const [head = '', ...rest] = text.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), body: rest.join('\r\n\r\n') });
    });
    const send = async () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
      );
      const piece = 64 * 1024;
      for (let at = 0; at < body.length && !socket.destroyed; at += piece) {
        await new Promise<void>((done) => socket.write(body.subarray(at, at + piece), () => done()));
      }
      socket.resume();
    };
    send().catch(reject);
  });
}

describe(`a body over the size limit over a real socket (${dbKind})`, () => {
  let app: FastifyInstance;
  let port: number;
  let formId: number;
  beforeAll(async () => {
    app = await createTestApp();
    formId = await createPublishedForm(app, await createTestUser(app));
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(() => app.close());

  it('a 12 MB submit to the JSON API reads 413 with the JSON error instead of a broken pipe', async () => {
    const size = 12 * 1024 * 1024;
    expect(size).toBeGreaterThan(LIMITS.submissionMaxBytes);
    const filler = 'x'.repeat(size - 40);
    const body = Buffer.from(JSON.stringify({ data: { name: filler } }));
    for (let attempt = 0; attempt < 3; attempt++) {
      const answer = await post(port, `/api/form-submissions/forms/${formId}/submit`, body);
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toEqual({
        error: 'Request body is too large',
        code: 'PAYLOAD_TOO_LARGE',
      });
    }
  });
});
