import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { wireFieldSchema } from '@formsmith/core/forms/wire';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { z } from 'zod';
import { createTestApp, dbKind } from './helpers/app.ts';
import { createTestUser, type TestUser } from './helpers/users.ts';

type Reply = (req: IncomingMessage, res: ServerResponse) => void;

const formBodySchema = z.object({
  form: z.object({
    title: z.string().min(1),
    description: z.string(),
    fields: z.array(wireFieldSchema).min(1),
  }),
});

const completion = (content: string) =>
  JSON.stringify({
    id: 'chatcmpl-1',
    object: 'chat.completion',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
  });

const answer =
  (status: number, body: string): Reply =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(body);
  };

const MODEL_FORM = {
  title: 'Pottery Class Booking',
  description: 'Book a seat in one of our pottery classes.',
  fields: [
    {
      label: 'Your name',
      type: 'text',
      required: true,
      options: [],
      placeholder: null,
      help_text: null,
      min: null,
      max: null,
    },
    {
      label: 'Class',
      type: 'radio',
      required: true,
      options: ['Wheel throwing', 'Hand building'],
      placeholder: '',
      help_text: 'Pick one',
      min: null,
      max: null,
    },
    {
      label: 'How many seats',
      type: 'number',
      required: false,
      options: [],
      placeholder: null,
      help_text: null,
      min: 1,
      max: 4,
    },
  ],
};

describe(`AI provider with fallback (${dbKind})`, () => {
  let app: FastifyInstance;
  let user: TestUser;
  let server: Server;
  let reply: Reply;
  const requests: { url?: string; headers: IncomingMessage['headers']; body: Record<string, unknown> }[] = [];
  let warn: MockInstance;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk) => {
        raw += chunk;
      });
      req.on('end', () => {
        requests.push({ url: req.url, headers: req.headers, body: JSON.parse(raw) });
        reply(req, res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    app = await createTestApp({
      env: {
        AI_BASE_URL: `http://127.0.0.1:${port}/v1`,
        AI_API_KEY: 'sk-test-key',
        AI_MODEL: 'test-model',
        // Long enough for a busy machine; the timeout case waits for it once.
        AI_TIMEOUT_MS: '2000',
      },
    });
    user = await createTestUser(app);
  });
  afterAll(async () => {
    await app.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    requests.length = 0;
    warn?.mockRestore();
    warn = vi.spyOn(app.log, 'warn');
  });

  async function generate(description: string) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/forms/generate',
      headers: user.auth,
      payload: { description },
    });
    expect(res.statusCode).toBe(200);
    return formBodySchema.parse(res.json()).form;
  }

  /** The reason logged for falling back, or undefined when nothing was logged. */
  const loggedReason = () => {
    const call = warn.mock.calls.find(
      ([obj]: unknown[]) => typeof obj === 'object' && obj !== null && 'reason' in obj,
    );
    return call ? String((call[0] as { reason: unknown }).reason) : undefined;
  };

  it("uses the model's form, normalised to wire fields, and sends the chat-completions request", async () => {
    reply = answer(200, completion(JSON.stringify(MODEL_FORM)));
    const form = await generate('pottery class booking');

    expect(form.title).toBe('Pottery Class Booking');
    expect(form.description).toBe('Book a seat in one of our pottery classes.');
    expect(form.fields.map((f) => [f.label, f.field_type, f.type, f.is_required])).toEqual([
      ['Your name', 'text', 'text', true],
      ['Class', 'radio', 'radio', true],
      ['How many seats', 'number', 'number', false],
    ]);
    expect(form.fields.map((f) => f.position)).toEqual([0, 1, 2]);
    expect(form.fields[1]?.options?.map((o) => o.label)).toEqual(['Wheel throwing', 'Hand building']);
    expect(form.fields[1]?.help_text).toBe('Pick one');
    expect(form.fields[1]?.placeholder).toBeUndefined();
    expect(form.fields[2]).toMatchObject({ min: 1, max: 4, validation_rules: { min: 1, max: 4 } });
    expect(loggedReason()).toBeUndefined();

    expect(requests).toHaveLength(1);
    const request = requests[0]!;
    expect(request.url).toBe('/v1/chat/completions');
    expect(request.headers.authorization).toBe('Bearer sk-test-key');
    expect(request.body).toMatchObject({
      model: 'test-model',
      temperature: 0.2,
      response_format: { type: 'json_schema', json_schema: { name: 'form', strict: true } },
    });
    const messages = request.body.messages as { role: string; content: string }[];
    expect(messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(messages[1]?.content).toBe('pottery class booking');
    const schema = (request.body.response_format as { json_schema: { schema: Record<string, unknown> } })
      .json_schema.schema;
    expect(schema).toMatchObject({ type: 'object', required: ['title', 'description', 'fields'] });
  });

  it('reads a form wrapped in ```json fences by servers that ignore response_format', async () => {
    reply = answer(200, completion(`\`\`\`json\n${JSON.stringify(MODEL_FORM)}\n\`\`\``));
    const form = await generate('pottery class booking');
    expect(form.title).toBe('Pottery Class Booking');
    expect(loggedReason()).toBeUndefined();
  });

  it.each<[string, () => Reply, RegExp]>([
    [
      'malformed JSON content',
      () => answer(200, completion('{"title": "Broken", "fields": [')),
      /not valid JSON/,
    ],
    [
      'schema-violating output',
      () =>
        answer(200, completion(JSON.stringify({ title: 'X', fields: [{ label: 'Q', type: 'slider-ish' }] }))),
      /does not match the schema/,
    ],
    [
      'a form without fields',
      () => answer(200, completion(JSON.stringify({ title: 'Empty', description: '', fields: [] }))),
      /does not match the schema.*no fields/,
    ],
    ['a response body that is not JSON', () => answer(200, '<html>gateway</html>'), /not JSON/],
    ['an answer without choices', () => answer(200, JSON.stringify({ error: 'busy' })), /no message content/],
    ['HTTP 500', () => answer(500, JSON.stringify({ error: { message: 'model crashed' } })), /HTTP 500/],
    ['a timeout', () => () => {}, /no answer within 2000 ms/],
  ])('falls back to the built-in generator on %s and logs why', async (_name, makeReply, reason) => {
    reply = makeReply();
    const form = await generate('a contact form');

    expect(requests).toHaveLength(1);
    const labels = form.fields.map((f) => f.label.toLowerCase());
    expect(labels).toEqual(expect.arrayContaining(['name', 'email', 'message']));
    expect(form.fields.find((f) => f.label === 'Email')?.field_type).toBe('email');
    expect(loggedReason()).toMatch(reason);
  });
});
