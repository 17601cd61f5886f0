import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedRequest = { headers: IncomingHttpHeaders; body: string; path: string };
export type Reply = { status: number; body?: string; headers?: Record<string, string> };

/**
 * A real local HTTP server that records every request. `replies` are answered in order (the last
 * one repeats); by default it answers 200 'ok'.
 */
export async function startReceiver(replies: Reply[] = [{ status: 200, body: 'ok' }]) {
  const received: ReceivedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        path: req.url ?? '',
      });
      const reply = replies[Math.min(received.length - 1, replies.length - 1)]!;
      res.writeHead(reply.status, reply.headers ?? { 'content-type': 'text/plain' });
      res.end(reply.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
