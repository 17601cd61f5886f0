// Client of an OpenAI-compatible chat-completions API (OpenAI, Ollama's /v1, vLLM).
import type { Config } from '../../config.ts';
import type { RawGeneratedForm } from './form-body.ts';
import { FORM_JSON_SCHEMA, providerFormSchema, SYSTEM_PROMPT } from './provider-schema.ts';

export type ProviderConfig = Config['ai'] & { baseUrl: string };

/** Why the provider's answer could not be used; the message goes to the log, never to users. */
export class ProviderError extends Error {}

export const DEFAULT_MODEL = 'gpt-4o-mini';

function chatRequest(config: ProviderConfig, description: string) {
  return {
    model: config.model ?? DEFAULT_MODEL,
    messages: [
      { role: 'system', content: SYSTEM_PROMPT },
      { role: 'user', content: description },
    ],
    response_format: {
      type: 'json_schema',
      json_schema: { name: 'form', strict: true, schema: FORM_JSON_SCHEMA },
    },
    temperature: 0.2,
  };
}

async function post(config: ProviderConfig, body: unknown): Promise<unknown> {
  const url = `${config.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (config.apiKey) headers.authorization = `Bearer ${config.apiKey}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
  } catch (err) {
    const name = err instanceof Error ? err.name : '';
    if (name === 'TimeoutError' || name === 'AbortError')
      throw new ProviderError(`no answer within ${config.timeoutMs} ms`);
    throw new ProviderError(`request failed: ${err instanceof Error ? err.message : String(err)}`);
  }
  // Reading the body is also bounded by the timeout signal.
  const raw = await response.text().catch((err: unknown) => {
    throw new ProviderError(`reading the answer failed: ${err instanceof Error ? err.message : String(err)}`);
  });
  if (!response.ok) throw new ProviderError(`HTTP ${response.status}: ${raw.slice(0, 200)}`);
  try {
    return JSON.parse(raw);
  } catch {
    throw new ProviderError('the answer is not JSON');
  }
}

/** The message content of the first choice, without the ```json fences some servers add. */
function messageContent(completion: unknown): string {
  const content = (completion as { choices?: { message?: { content?: unknown } }[] })?.choices?.[0]?.message
    ?.content;
  if (typeof content !== 'string' || content.trim() === '')
    throw new ProviderError('the answer has no message content');
  const fenced = /^\s*```[a-z]*\s*\n?([\s\S]*?)\n?\s*```\s*$/i.exec(content);
  return fenced ? fenced[1]! : content;
}

function parseForm(content: string): RawGeneratedForm {
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch {
    throw new ProviderError(`the form is not valid JSON: ${content.slice(0, 120)}`);
  }
  const parsed = providerFormSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ProviderError(`the form does not match the schema: ${issue?.path.join('.')} ${issue?.message}`);
  }
  return parsed.data;
}

/** Asks the model for a form; throws ProviderError on a timeout, an HTTP error or an unusable answer. */
export async function generateWithProvider(
  config: ProviderConfig,
  description: string,
): Promise<RawGeneratedForm> {
  const completion = await post(config, chatRequest(config, description));
  return parseForm(messageContent(completion));
}
