import type { FastifyReply, FastifyRequest } from 'fastify';
import { fromSealedText, type Keyring, openText, seal, toSealedText } from '../../lib/encryption/index.ts';
import type { FlowSecrets } from './oidc.ts';

// Between the start and the provider's redirect back, the state, nonce and PKCE verifier wait in
// the browser that started, sealed under the data key (so neither readable nor forgeable), in an
// httpOnly cookie only the callback receives. A callback in another browser finds none: a sign-in
// link cannot be handed to someone else to finish. The session then waits, sealed too, for the
// web app to collect it once (POST /api/auth/sso/session), so no token travels in a URL; and an
// identity to link waits for the account's proof in the same browser (POST /api/auth/sso/link).

export const FLOW_COOKIE = 'formsmith_sso_flow';
const FLOW_PATH = '/api/auth/sso/callback';
export const FLOW_TTL_SECONDS = 10 * 60;

/** The flow of one sign-in: which connection (and whether the instance's, to say so once it is gone). */
export type Flow = FlowSecrets & { connectionId: string; instance: boolean; expiresAt: number };

function cookieOf(request: FastifyRequest, name: string): string | null {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return null;
}

function setCookie(
  reply: FastifyReply,
  input: { name: string; value: string; path: string; maxAge: number; secure: boolean },
) {
  const attributes = [
    `${input.name}=${input.value}`,
    `Path=${input.path}`,
    `Max-Age=${input.maxAge}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(input.secure ? ['Secure'] : []),
  ];
  const previous = reply.getHeader('set-cookie');
  const list = Array.isArray(previous) ? previous : previous ? [String(previous)] : [];
  reply.header('set-cookie', [...list, attributes.join('; ')]);
}

function openSealed<T>(keyring: Keyring, raw: string | null, context: string): T | null {
  const sealed = raw ? fromSealedText(raw) : null;
  if (!sealed) return null;
  try {
    return JSON.parse(openText(keyring, sealed, context)) as T;
  } catch {
    return null;
  }
}

const isSecure = (publicUrl: string) => publicUrl.startsWith('https:');

export function setFlowCookie(
  reply: FastifyReply,
  input: { keyring: Keyring; publicUrl: string; flow: Flow },
) {
  const value = toSealedText(seal(input.keyring, JSON.stringify(input.flow), FLOW_COOKIE));
  setCookie(reply, {
    name: FLOW_COOKIE,
    value,
    path: FLOW_PATH,
    maxAge: FLOW_TTL_SECONDS,
    secure: isSecure(input.publicUrl),
  });
}

/** The flow this browser started, or null when it has none (another browser, or too late). */
export function readFlowCookie(request: FastifyRequest, keyring: Keyring): Flow | null {
  const flow = openSealed<Flow>(keyring, cookieOf(request, FLOW_COOKIE), FLOW_COOKIE);
  return flow && flow.expiresAt > Date.now() ? flow : null;
}

export function clearFlowCookie(reply: FastifyReply, publicUrl: string) {
  setCookie(reply, { name: FLOW_COOKIE, value: '', path: FLOW_PATH, maxAge: 0, secure: isSecure(publicUrl) });
}

/** A value waiting, sealed, for one later request of this browser to a single path. */
export type Handoff = { name: string; path: string; ttlSeconds: number };

/** The session of a finished sign-in, for the web app to collect once. */
export const SESSION_HANDOFF: Handoff = {
  name: 'formsmith_sso_session',
  path: '/api/auth/sso/session',
  ttlSeconds: 2 * 60,
};
/** An identity waiting to be linked to the account its address belongs to, once that account proves itself. */
export const LINK_HANDOFF: Handoff = {
  name: 'formsmith_sso_link',
  path: '/api/auth/sso/link',
  ttlSeconds: 15 * 60,
};

export function setHandoffCookie<T>(
  reply: FastifyReply,
  handoff: Handoff,
  input: { keyring: Keyring; publicUrl: string; value: T },
) {
  const payload = { value: input.value, expiresAt: Date.now() + handoff.ttlSeconds * 1000 };
  setCookie(reply, {
    name: handoff.name,
    value: toSealedText(seal(input.keyring, JSON.stringify(payload), handoff.name)),
    path: handoff.path,
    maxAge: handoff.ttlSeconds,
    secure: isSecure(input.publicUrl),
  });
}

/** The waiting value, cleared as it is taken; null when there is none or it expired. */
export function takeHandoffCookie<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  handoff: Handoff,
  input: { keyring: Keyring; publicUrl: string },
): T | null {
  const found = openSealed<{ value: T; expiresAt: number }>(
    input.keyring,
    cookieOf(request, handoff.name),
    handoff.name,
  );
  setCookie(reply, {
    name: handoff.name,
    value: '',
    path: handoff.path,
    maxAge: 0,
    secure: isSecure(input.publicUrl),
  });
  return found && found.expiresAt > Date.now() ? found.value : null;
}
