import { isFormId } from '../lib/location.ts';
import { type PublicResponse, publicRequest } from './public-request.ts';

export type FormLoad =
  | { kind: 'form'; raw: Record<string, unknown> }
  | { kind: 'gate'; wrongCode: boolean; title?: string }
  | { kind: 'expired' }
  | { kind: 'unavailable' };

function withCode(path: string, accessCode: string | undefined): string {
  return accessCode ? `${path}?access_code=${encodeURIComponent(accessCode)}` : path;
}

function classify(res: PublicResponse): FormLoad | null {
  if (res.status === 200 && res.body) return { kind: 'form', raw: res.body };
  const code = res.body?.code;
  if (res.status === 403 && (code === 'ACCESS_CODE_REQUIRED' || code === 'ACCESS_CODE_INVALID')) {
    const title = typeof res.body?.title === 'string' ? res.body.title : undefined;
    return { kind: 'gate', wrongCode: code === 'ACCESS_CODE_INVALID', title };
  }
  if (res.status === 410) return { kind: 'expired' };
  return null;
}

/**
 * Loads the public view of a form: a numeric identifier is an id; anything else is a
 * slug, tried through the shared lookup first and then as /forms/<identifier>.
 */
export async function getPublicForm(identifier: string, accessCode?: string): Promise<FormLoad> {
  const encoded = encodeURIComponent(identifier);
  if (!isFormId(identifier)) {
    const shared = await publicRequest(withCode(`/forms/shared/${encoded}`, accessCode));
    const result = classify(shared);
    if (result) return result;
  }
  const direct = await publicRequest(withCode(`/forms/${encoded}`, accessCode));
  return classify(direct) ?? { kind: 'unavailable' };
}
