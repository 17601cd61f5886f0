/** A JSON call without credentials that never throws for HTTP errors: the page decides per status. */
export type PublicResponse = { status: number; body: Record<string, unknown> | null };

export async function publicRequest(
  path: string,
  init: {
    method?: string;
    body?: unknown;
    headers?: Record<string, string>;
    formData?: FormData;
    /** Only the submit sends and keeps cookies (the one-response-per-browser mark). */
    credentials?: RequestCredentials;
  } = {},
): Promise<PublicResponse> {
  const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
  let body: BodyInit | undefined;
  if (init.formData) body = init.formData;
  else if (init.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.body);
  }
  const response = await fetch(`/api${path}`, {
    method: init.method ?? (body ? 'POST' : 'GET'),
    headers,
    body,
    credentials: init.credentials ?? 'omit',
  });
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  const record = parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : null;
  return { status: response.status, body: record as Record<string, unknown> | null };
}

/** The stable code of a refusal (see core's errors), when the server sent one. */
export function errorCodeOf(res: PublicResponse): string | undefined {
  const code = res.body?.code;
  return typeof code === 'string' && code !== '' ? code : undefined;
}

export function errorMessageOf(res: PublicResponse): string | undefined {
  const error = res.body?.error;
  return typeof error === 'string' && error !== '' ? error : undefined;
}
