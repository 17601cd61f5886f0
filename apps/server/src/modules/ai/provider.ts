// Client of an OpenAI-compatible chat-completions API (OpenAI, Ollama's /v1, vLLM, llama.cpp).
import type { FormField } from '@formsmith/core/forms/field';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { RawGeneratedForm } from './form-body.ts';
import {
  FORM_JSON_SCHEMA,
  providerFieldSchema,
  providerFormSchema,
  SYSTEM_PROMPT,
} from './provider-schema.ts';
import { FieldScanner } from './stream-fields.ts';

export type ProviderConfig = Config['ai'] & { baseUrl: string };

/**
 * Why the provider's answer could not be used. The message (with details of the answer) goes
 * to the log; `ownerReason` is the short sentence the owner sees beside the built-in form.
 */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly ownerReason: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

export const DEFAULT_MODEL = 'gpt-4o-mini';

export const UNUSABLE = "The model's answer was not a usable form.";

/** The model name the requests carry. */
export const modelName = (config: ProviderConfig) => config.model ?? DEFAULT_MODEL;

/** What one chat-completions request asks: a system prompt, the user's text, the answer's JSON schema. */
export type ChatAsk = { system: string; user: string; name: string; schema: object; strict: boolean };

const FORM_ASK = (description: string): ChatAsk => ({
  system: SYSTEM_PROMPT,
  user: description,
  name: 'form',
  schema: FORM_JSON_SCHEMA,
  strict: true,
});

function chatRequest(config: ProviderConfig, ask: ChatAsk, stream: boolean) {
  return {
    model: modelName(config),
    messages: [
      { role: 'system', content: ask.system },
      { role: 'user', content: ask.user },
    ],
    response_format: {
      type: 'json_schema',
      json_schema: { name: ask.name, strict: ask.strict, schema: ask.schema },
    },
    temperature: 0.2,
    ...(stream ? { stream: true } : {}),
  };
}

function timeoutError(config: ProviderConfig): ProviderError {
  const seconds = Math.round(config.timeoutMs / 100) / 10;
  return new ProviderError(
    `no answer within ${config.timeoutMs} ms`,
    `The model did not answer within ${seconds} s.`,
    false,
  );
}

function readError(err: unknown, config: ProviderConfig, signal: AbortSignal): ProviderError {
  if (signal.aborted) return timeoutError(config);
  const detail = err instanceof Error ? err.message : String(err);
  return new ProviderError(`request failed: ${detail}`, "The model's server could not be reached.", true);
}

async function open(config: ProviderConfig, body: unknown, signal: AbortSignal): Promise<Response> {
  const url = `${config.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (config.apiKey) headers.authorization = `Bearer ${config.apiKey}`;
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body), signal });
  } catch (err) {
    throw readError(err, config, signal);
  }
  if (!response.ok) {
    const raw = await response.text().catch(() => '');
    // Rate limits and server errors pass; a 4xx other than 429 is a setting to fix, not to retry.
    const retryable = response.status === 429 || response.status >= 500;
    throw new ProviderError(
      `HTTP ${response.status}: ${raw.slice(0, 200)}`,
      `The model's server answered HTTP ${response.status}.`,
      retryable,
    );
  }
  return response;
}

/** The message content of the first choice, without the ```json fences some servers add. */
function messageContent(completion: unknown): string {
  const content = (completion as { choices?: { message?: { content?: unknown } }[] })?.choices?.[0]?.message
    ?.content;
  if (typeof content !== 'string' || content.trim() === '')
    throw new ProviderError('the answer has no message content', UNUSABLE, true);
  return content;
}

/** The JSON in a message, without the ```json fences some servers add. */
function parseJson(content: string): unknown {
  const fenced = /^\s*```[a-z]*\s*\n?([\s\S]*?)\n?\s*```\s*$/i.exec(content);
  try {
    return JSON.parse(fenced ? fenced[1]! : content);
  } catch {
    throw new ProviderError(`the form is not valid JSON: ${content.slice(0, 120)}`, UNUSABLE, true);
  }
}

function parseForm(content: string): RawGeneratedForm {
  return checkForm(parseJson(content));
}

/**
 * `json` read with `schema`, or a retryable ProviderError naming the first mismatch (`what` is
 * what the answer should have been, for the log; `ownerReason` what the owner is told).
 */
export function readAnswer<S extends z.core.$ZodType>(
  schema: S,
  json: unknown,
  what: string,
  ownerReason = UNUSABLE,
): z.output<S> {
  const parsed = z.safeParse(schema, json);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new ProviderError(
    `the ${what} does not match the schema: ${issue?.path.join('.')} ${issue?.message}`,
    ownerReason,
    true,
  );
}

function checkForm(json: unknown): RawGeneratedForm {
  return readAnswer(providerFormSchema, json, 'form');
}

/** The JSON the model answered in a whole (not streamed) completion. */
async function readContent(
  response: Response,
  config: ProviderConfig,
  signal: AbortSignal,
): Promise<unknown> {
  const raw = await response.text().catch((err: unknown) => {
    throw readError(err, config, signal);
  });
  let completion: unknown;
  try {
    completion = JSON.parse(raw);
  } catch {
    throw new ProviderError('the answer is not JSON', UNUSABLE, true);
  }
  return parseJson(messageContent(completion));
}

async function readCompletion(response: Response, config: ProviderConfig, signal: AbortSignal) {
  return checkForm(await readContent(response, config, signal));
}

/** The content deltas of a chat-completions event stream ('data: {…}' lines, then 'data: [DONE]'). */
async function* contentDeltas(response: Response, config: ProviderConfig, signal: AbortSignal) {
  if (!response.body) throw new ProviderError('the answer has no body', UNUSABLE, true);
  const decoder = new TextDecoder();
  let buffer = '';
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read().catch((err: unknown) => {
        throw readError(err, config, signal);
      });
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        const data = /^data:\s?(.*)$/.exec(line.trim())?.[1];
        if (data === undefined || data === '') continue;
        if (data === '[DONE]') return;
        let event: { choices?: { delta?: { content?: unknown } }[] };
        try {
          event = JSON.parse(data);
        } catch {
          throw new ProviderError(`a stream event is not JSON: ${data.slice(0, 120)}`, UNUSABLE, true);
        }
        const content = event.choices?.[0]?.delta?.content;
        if (typeof content === 'string') yield content;
      }
    }
  } finally {
    reader.releaseLock();
  }
}

async function streamOnce(
  config: ProviderConfig,
  description: string,
  signal: AbortSignal,
  onField: (field: FormField) => void,
) {
  const response = await open(config, chatRequest(config, FORM_ASK(description), true), signal);
  // A server that ignores `stream` answers one JSON completion.
  if (!response.headers.get('content-type')?.includes('text/event-stream')) {
    const form = await readCompletion(response, config, signal);
    form.fields.forEach(onField);
    return form;
  }
  const scanner = new FieldScanner();
  let index = 0;
  for await (const delta of contentDeltas(response, config, signal)) {
    for (const raw of scanner.push(delta)) {
      const field = providerFieldSchema(index).safeParse(raw);
      if (!field.success) continue;
      index++;
      onField(field.data);
    }
  }
  return parseForm(scanner.received || ' ');
}

const RETRY_PAUSE_MS = 250;

/**
 * Asks the model for a form, trying again (up to `retries` more times) when the server is
 * unreachable, busy or answers something unusable. Throws ProviderError when no attempt gave a form. With `onField`, asks for a stream and reports
 * each field as it completes; a retry starts the fields over (`onRetry`).
 */
export async function generateWithProvider(
  config: ProviderConfig,
  description: string,
  stream?: { onField: (field: FormField) => void; onRetry: () => void },
): Promise<RawGeneratedForm> {
  return withRetries(
    config,
    async (signal) => {
      if (stream) return streamOnce(config, description, signal, stream.onField);
      const response = await open(config, chatRequest(config, FORM_ASK(description), false), signal);
      return readCompletion(response, config, signal);
    },
    () => stream?.onRetry(),
  );
}

/**
 * Asks the model once more when the server is unreachable, busy or answers something unusable
 * (`check` throws a retryable ProviderError for that); all attempts share the one timeout.
 */
async function withRetries<T>(
  config: ProviderConfig,
  attempt: (signal: AbortSignal) => Promise<T>,
  onRetry: () => void = () => {},
): Promise<T> {
  const signal = AbortSignal.timeout(config.timeoutMs);
  for (let tries = 0; ; tries++) {
    try {
      return await attempt(signal);
    } catch (err) {
      const error = err instanceof ProviderError ? err : readError(err, config, signal);
      if (signal.aborted) throw timeoutError(config);
      if (!error.retryable || tries >= config.retries) throw error;
      onRetry();
      await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS));
    }
  }
}

/** The model's JSON answer to `ask`, checked by `check` (which throws ProviderError when unusable). */
export async function askProvider<T>(
  config: ProviderConfig,
  ask: ChatAsk,
  check: (json: unknown) => T,
): Promise<T> {
  return withRetries(config, async (signal) => {
    const response = await open(config, chatRequest(config, ask, false), signal);
    return check(await readContent(response, config, signal));
  });
}
