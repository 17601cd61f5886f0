import {
  generatedFormSchema,
  generateStreamEventSchemas,
  generatorSourceSchema,
} from '@formsmith/core/forms/api';
import { wireFieldSchema } from '@formsmith/core/forms/field-wire';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { z } from 'zod';
import { createTestApp, dbKind } from './helpers/app.ts';
import {
  answer,
  completion,
  type ModelServer,
  type Reply,
  silence,
  startModelServer,
  streamed,
} from './helpers/model-server.ts';
import { createTestUser, type TestUser } from './helpers/users.ts';

const formBodySchema = z.object({
  form: z.object({
    title: z.string().min(1),
    description: z.string(),
    fields: z.array(wireFieldSchema).min(1),
  }),
});

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
  let model: ModelServer;
  let warn: MockInstance;

  beforeAll(async () => {
    model = await startModelServer();
    app = await createTestApp({
      env: {
        AI_BASE_URL: model.baseUrl,
        AI_API_KEY: 'sk-test-key',
        AI_MODEL: 'test-model',
        // Long enough for a busy machine; the timeout case waits for it once.
        AI_TIMEOUT_MS: '2000',
        AI_RETRIES: '1',
      },
    });
    user = await createTestUser(app);
  });
  afterAll(async () => {
    await app.close();
    await model.close();
  });
  beforeEach(() => {
    warn?.mockRestore();
    warn = vi.spyOn(app.log, 'warn');
  });

  async function generateBody(description: string) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/forms/generate',
      headers: user.auth,
      payload: { description },
    });
    expect(res.statusCode).toBe(200);
    const json = res.json();
    return { form: formBodySchema.parse(json).form, source: generatorSourceSchema.parse(json.source) };
  }
  const generate = async (description: string) => (await generateBody(description)).form;

  /** The reason logged for falling back, or undefined when nothing was logged. */
  const loggedReason = () => {
    const call = warn.mock.calls.find(
      ([obj]: unknown[]) => typeof obj === 'object' && obj !== null && 'reason' in obj,
    );
    return call ? String((call[0] as { reason: unknown }).reason) : undefined;
  };

  it("uses the model's form, normalised to wire fields, sends the chat-completions request and names the model", async () => {
    model.script(completion(JSON.stringify(MODEL_FORM)));
    const body = await generateBody('pottery class booking');
    const form = body.form;

    expect(body.source).toEqual({ generator: 'model', model: 'test-model', fallback: null });
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

    expect(model.requests).toHaveLength(1);
    const request = model.requests[0]!;
    expect(request.url).toBe('/v1/chat/completions');
    expect(request.headers.authorization).toBe('Bearer sk-test-key');
    expect(request.body).toMatchObject({
      model: 'test-model',
      temperature: 0.2,
      response_format: { type: 'json_schema', json_schema: { name: 'form', strict: true } },
    });
    expect(request.body.stream).toBeUndefined();
    const messages = request.body.messages as { role: string; content: string }[];
    expect(messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(messages[1]?.content).toBe('pottery class booking');
    const schema = (request.body.response_format as { json_schema: { schema: Record<string, unknown> } })
      .json_schema.schema;
    expect(schema).toMatchObject({ type: 'object', required: ['title', 'description', 'fields'] });
  });

  it('names the configured model before anything is generated', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/forms/generate/source', headers: user.auth });
    expect(res.json()).toEqual({ generator: 'model', model: 'test-model' });
  });

  it('reads a form wrapped in ```json fences by servers that ignore response_format', async () => {
    model.script(completion(`\`\`\`json\n${JSON.stringify(MODEL_FORM)}\n\`\`\``));
    const form = await generate('pottery class booking');
    expect(form.title).toBe('Pottery Class Booking');
    expect(loggedReason()).toBeUndefined();
  });

  it('asks again after an HTTP 503 and uses the second answer', async () => {
    model.script(answer(503, '{"error":"overloaded"}'), completion(JSON.stringify(MODEL_FORM)));
    const body = await generateBody('pottery class booking');
    expect(model.requests).toHaveLength(2);
    expect(body.source.generator).toBe('model');
    expect(body.form.title).toBe('Pottery Class Booking');
  });

  it.each<[string, () => Reply, RegExp, string, number]>([
    [
      'malformed JSON content',
      () => completion('{"title": "Broken", "fields": ['),
      /not valid JSON/,
      "The model's answer was not a usable form.",
      2,
    ],
    [
      'schema-violating output',
      () => completion(JSON.stringify({ title: 'X', fields: [{ label: 'Q', type: 'slider-ish' }] })),
      /does not match the schema/,
      "The model's answer was not a usable form.",
      2,
    ],
    [
      'a form without fields',
      () => completion(JSON.stringify({ title: 'Empty', description: '', fields: [] })),
      /does not match the schema.*no fields/,
      "The model's answer was not a usable form.",
      2,
    ],
    [
      'a response body that is not JSON',
      () => answer(200, '<html>gateway</html>'),
      /not JSON/,
      "The model's answer was not a usable form.",
      2,
    ],
    [
      'an answer without choices',
      () => answer(200, JSON.stringify({ error: 'busy' })),
      /no message content/,
      "The model's answer was not a usable form.",
      2,
    ],
    [
      'HTTP 500 twice',
      () => answer(500, JSON.stringify({ error: { message: 'model crashed' } })),
      /HTTP 500/,
      "The model's server answered HTTP 500.",
      2,
    ],
    [
      'HTTP 401 (a setting to fix, not retried)',
      () => answer(401, JSON.stringify({ error: { message: 'bad key' } })),
      /HTTP 401/,
      "The model's server answered HTTP 401.",
      1,
    ],
    ['a timeout', () => silence(), /no answer within 2000 ms/, 'The model did not answer within 2 s.', 1],
  ])(
    'falls back to the built-in generator on %s, logs why and tells the owner',
    async (_name, makeReply, logged, shown, attempts) => {
      model.script(makeReply(), makeReply());
      const body = await generateBody('a contact form');
      const form = body.form;

      expect(model.requests).toHaveLength(attempts);
      expect(body.source).toEqual({ generator: 'builtin', model: 'test-model', fallback: shown });
      const labels = form.fields.map((f) => f.label.toLowerCase());
      expect(labels).toEqual(expect.arrayContaining(['name', 'email', 'message']));
      expect(form.fields.find((f) => f.label === 'Email')?.field_type).toBe('email');
      expect(loggedReason()).toMatch(logged);
    },
  );

  describe('edit instructions', () => {
    const FORM = {
      title: 'Contact',
      description: '',
      fields: [
        {
          id: 'field_1',
          label: 'Name',
          type: 'text',
          field_type: 'text',
          is_required: true,
          position: 0,
          validation_rules: {},
        },
        {
          id: 'field_2',
          label: 'Email',
          type: 'email',
          field_type: 'email',
          is_required: true,
          position: 1,
          validation_rules: {},
        },
      ],
    };
    const edit = (instruction: string) =>
      app.inject({
        method: 'POST',
        url: '/api/forms/edit-instruction',
        headers: user.auth,
        payload: { instruction, form: FORM },
      });

    it('gives the model the form and the instruction and proposes its validated patch', async () => {
      const patch = {
        summary: 'Add a phone field after email.',
        operations: [
          {
            op: 'add_field',
            after: 'field_2',
            field: { label: 'Phone', type: 'phone', required: false, options: null, min: null, max: null },
          },
        ],
      };
      model.script(completion(JSON.stringify(patch)));
      const res = await edit('add a phone field after email');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.source).toEqual({ generator: 'model', model: 'test-model', fallback: null });
      expect(body.patch.summary).toBe('Add a phone field after email.');
      expect(body.form.fields.map((f: { label: string }) => f.label)).toEqual(['Name', 'Email', 'Phone']);
      const messages = model.requests[0]?.body.messages as { content: string }[];
      const sent = JSON.parse(messages[1]?.content ?? '');
      expect(sent).toMatchObject({
        instruction: 'add a phone field after email',
        form: { fields: [{ id: 'field_1' }, { id: 'field_2' }] },
      });
      expect(model.requests[0]?.body.response_format).toMatchObject({
        type: 'json_schema',
        json_schema: { name: 'form_patch' },
      });
      // The schema the model gets is the patch's own: it can say rules, pages, options and limits.
      const format = model.requests[0]?.body.response_format as { json_schema: { schema: unknown } };
      const schema = JSON.stringify(format.json_schema.schema);
      for (const op of ['add_rule', 'remove_options', 'rename_option', 'translate_label', 'add_ending'])
        expect(schema).toContain(`"const":"${op}"`);
    });

    it("applies the model's rule through the same checks and names the model", async () => {
      const form = {
        ...FORM,
        fields: [
          ...FORM.fields,
          {
            id: 'field_3',
            label: 'Newsletter?',
            type: 'yes_no',
            field_type: 'yes_no',
            is_required: false,
            position: 2,
            validation_rules: {},
          },
          {
            id: 'field_4',
            label: 'Topics',
            type: 'text',
            field_type: 'text',
            is_required: false,
            position: 3,
            validation_rules: {},
          },
        ],
      };
      const patch = {
        summary: 'Hide topics for people who do not want the newsletter.',
        operations: [
          {
            op: 'add_rule',
            rule: {
              conditions: [{ field: 'field_3', operator: 'equals', value: 'No' }],
              actions: [{ type: 'hide', field: 'field_4' }],
            },
          },
        ],
      };
      model.script(completion(JSON.stringify(patch)));
      const res = await app.inject({
        method: 'POST',
        url: '/api/forms/edit-instruction',
        headers: user.auth,
        payload: { instruction: 'hide topics unless they want the newsletter', form },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().source).toEqual({ generator: 'model', model: 'test-model', fallback: null });
      expect(res.json().form.logic.rules).toEqual([
        {
          id: 'rule_1',
          match: 'all',
          conditions: [{ source: 'field', ref: 'field_3', operator: 'equals', value: 'no' }],
          actions: [{ type: 'hide', field: 'field_4' }],
        },
      ]);
    });

    it.each<[string, () => Reply, RegExp, string, number]>([
      [
        'a malformed answer',
        () => completion('{"summary": "Oops", "operations": ['),
        /not valid JSON/,
        "The model's answer was not a usable form.",
        2,
      ],
      ['a timeout', () => silence(), /no answer within 2000 ms/, 'The model did not answer within 2 s.', 1],
    ])(
      'falls back to the built-in interpreter on %s, and the answer says so',
      async (_name, reply, logged, shown, attempts) => {
        model.script(reply(), reply());
        const res = await edit('make every question optional');
        expect(res.statusCode).toBe(200);
        const body = res.json();
        expect(model.requests).toHaveLength(attempts);
        expect(body.source).toEqual({ generator: 'builtin', model: 'test-model', fallback: shown });
        expect(body.form.fields.map((f: { is_required: boolean }) => f.is_required)).toEqual([false, false]);
        expect(loggedReason()).toMatch(logged);
      },
    );

    it('falls back to the built-in reading when the patch does not fit the form, and says why', async () => {
      const wrong = { summary: 'Remove it.', operations: [{ op: 'remove_field', id: 'field_99' }] };
      model.script(completion(JSON.stringify(wrong)), completion(JSON.stringify(wrong)));
      const res = await edit('make every question optional');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.source).toEqual({
        generator: 'builtin',
        model: 'test-model',
        fallback: "The model's answer was not a usable form.",
      });
      expect(body.form.fields.map((f: { is_required: boolean }) => f.is_required)).toEqual([false, false]);
      expect(loggedReason()).toMatch(/does not fit the form: The form has no field 'field_99'/);
    });
  });

  describe('streaming', () => {
    type Event = { event: string; data: unknown; at: number };

    /** POSTs to the stream endpoint over real HTTP and records each event with when it arrived. */
    async function stream(description: string): Promise<Event[]> {
      const address = await app.listen({ port: 0, host: '127.0.0.1' }).catch(() => null);
      const base = address ?? `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
      const started = Date.now();
      const res = await fetch(`${base}/api/forms/generate/stream`, {
        method: 'POST',
        headers: { ...user.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ description }),
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const events: Event[] = [];
      const decoder = new TextDecoder();
      let buffer = '';
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        const blocks = buffer.split('\n\n');
        buffer = blocks.pop() ?? '';
        for (const block of blocks) {
          const event = /^event: (.+)$/m.exec(block)?.[1] ?? '';
          const data = JSON.parse(/^data: (.+)$/m.exec(block)?.[1] ?? 'null');
          events.push({ event, data, at: Date.now() - started });
        }
      }
      return events;
    }

    it('sends each field of a streamed completion as soon as it is complete, then the whole form', async () => {
      // 30 ms between 24-character pieces: the last field arrives well after the first.
      model.script(streamed(JSON.stringify(MODEL_FORM), { chunk: 24, pauseMs: 30 }));
      const events = await stream('pottery class booking');

      expect(model.requests[0]?.body).toMatchObject({
        stream: true,
        response_format: { type: 'json_schema' },
      });
      const fields = events.filter((e) => e.event === 'field');
      expect(fields.map((e) => generateStreamEventSchemas.field.parse(e.data).field.label)).toEqual([
        'Your name',
        'Class',
        'How many seats',
      ]);
      const last = events.at(-1)!;
      expect(last.event).toBe('form');
      const body = generatedFormSchema.parse(last.data);
      expect(body.source).toEqual({ generator: 'model', model: 'test-model', fallback: null });
      expect(body.form.fields.map((f) => f.label)).toEqual(['Your name', 'Class', 'How many seats']);
      // The first field reached the client before the model had finished writing.
      expect(last.at - fields[0]!.at).toBeGreaterThan(200);
    });

    it('falls back to the built-in generator when the stream is malformed, saying so before its fields', async () => {
      model.script(streamed('{"title":"Broken","fields":[{"label":'), streamed('not json at all'));
      const events = await stream('a contact form');

      const names = events.map((e) => e.event);
      expect(names[0]).toBe('retry');
      const fallbackAt = names.indexOf('fallback');
      expect(fallbackAt).toBeGreaterThan(0);
      expect(generateStreamEventSchemas.fallback.parse(events[fallbackAt]!.data).reason).toBe(
        "The model's answer was not a usable form.",
      );
      expect(names.slice(fallbackAt + 1, -1).every((n) => n === 'field')).toBe(true);
      const body = generatedFormSchema.parse(events.at(-1)!.data);
      expect(body.source.generator).toBe('builtin');
      expect(body.form.fields.length).toBe(names.length - fallbackAt - 2);
    });

    it('falls back when a slow stream passes the timeout', async () => {
      model.script(streamed(JSON.stringify(MODEL_FORM), { chunk: 4, pauseMs: 200 }));
      const events = await stream('a contact form');
      const fallback = events.find((e) => e.event === 'fallback');
      expect(generateStreamEventSchemas.fallback.parse(fallback?.data).reason).toBe(
        'The model did not answer within 2 s.',
      );
      expect(generatedFormSchema.parse(events.at(-1)!.data).source.generator).toBe('builtin');
    });

    it('refuses a blank description before streaming, with the usual error shape', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/forms/generate/stream',
        headers: user.auth,
        payload: { description: '  ' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { description: expect.any(String) },
      });
    });
  });
});
