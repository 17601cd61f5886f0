import { errorBodySchema } from '@formsmith/core/errors';
import { ApiError, buildUrl } from './api-client.ts';
import { getAuthToken } from './auth-token.ts';

/**
 * POSTs JSON to an API route that answers server-sent events and calls `onEvent` with each
 * event's name and parsed JSON data as it arrives. Throws ApiError when the route refuses the
 * request (the usual error body), before any event.
 */
export async function postEventStream(
  path: string,
  body: unknown,
  onEvent: (event: string, data: unknown) => void,
  signal?: AbortSignal,
): Promise<void> {
  const headers: Record<string, string> = { accept: 'text/event-stream', 'content-type': 'application/json' };
  const token = getAuthToken();
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(buildUrl(path), {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
    signal,
  });
  if (!response.ok || !response.body) {
    const error = errorBodySchema.safeParse(await response.json().catch(() => null));
    if (!error.success) throw new ApiError(response.status, response.statusText);
    throw new ApiError(response.status, error.data.error, error.data.code, error.data.fields);
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    const blocks = buffer.split('\n\n');
    buffer = blocks.pop() ?? '';
    for (const block of blocks) {
      const event = /^event: ?(.*)$/m.exec(block)?.[1];
      const data = /^data: ?(.*)$/m.exec(block)?.[1];
      if (event && data !== undefined) onEvent(event, JSON.parse(data));
    }
  }
}
