// A small OpenAI-compatible chat-completions server for the AI tests: it answers whole or
// streamed completions, HTTP errors, malformed content, or nothing at all, as each test scripts.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Reply = (req: IncomingMessage, res: ServerResponse) => void;
export type ModelRequest = {
  url?: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
};

/** A whole completion whose message content is `content`. */
export const completion = (content: string, status = 200): Reply =>
  answer(
    status,
    JSON.stringify({
      id: 'chatcmpl-1',
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    }),
  );

/** Any status and body, as JSON. */
export const answer =
  (status: number, body: string): Reply =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(body);
  };

/** No answer at all: the client's timeout has to end the request. */
export const silence = (): Reply => () => {};

/**
 * The content as a chat-completions event stream, `chunk` characters per event and `pauseMs`
 * between events, so a test can read the first fields before the last ones are written.
 */
export const streamed =
  (content: string, { chunk = 12, pauseMs = 5 } = {}): Reply =>
  (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const pieces: string[] = [];
    for (let i = 0; i < content.length; i += chunk) pieces.push(content.slice(i, i + chunk));
    const event = (delta: Record<string, unknown>) =>
      `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', choices: [{ index: 0, delta }] })}\n\n`;
    res.write(event({ role: 'assistant', content: '' }));
    const next = (index: number) => {
      if (res.destroyed) return;
      const piece = pieces[index];
      if (piece === undefined) {
        res.end('data: [DONE]\n\n');
        return;
      }
      res.write(event({ content: piece }));
      setTimeout(() => next(index + 1), pauseMs);
    };
    next(0);
  };

export type ModelServer = {
  baseUrl: string;
  requests: ModelRequest[];
  /** Replies for the next requests, in order; afterwards `fallbackReply` answers. */
  script: (...replies: Reply[]) => void;
  close: () => Promise<void>;
};

/** Starts the server on a free local port. */
export async function startModelServer(fallbackReply: Reply = silence()): Promise<ModelServer> {
  const requests: ModelRequest[] = [];
  let queue: Reply[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      requests.push({ url: req.url, headers: req.headers, body: JSON.parse(raw) });
      (queue.shift() ?? fallbackReply)(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    script: (...replies) => {
      queue = replies;
      requests.length = 0;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
