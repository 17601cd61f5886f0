// Byte helpers shared by the envelope and key formats: base64url without padding keeps every
// binary value JSON-safe and URL-safe, in browsers and in Node alike (no Buffer).

/** Bytes as base64url without padding. */
export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The bytes of a base64url string (padding optional); throws on any other character. */
export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(text)) throw new Error('Not base64url');
  const binary = atob(text.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** UTF-8 bytes of a string. */
export function utf8(text: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(text);
}

/** Several byte arrays joined into one. */
export function concatBytes(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** Fresh random bytes from the platform's CSPRNG. */
export function randomBytes(length: number): Uint8Array<ArrayBuffer> {
  return globalThis.crypto.getRandomValues(new Uint8Array(length));
}

/** WebCrypto's key, named one way in both Node's and the DOM's type libraries. */
export type WebKey = Awaited<ReturnType<typeof globalThis.crypto.subtle.importKey>>;

/** A WebCrypto key pair. */
export type WebKeyPair = { publicKey: WebKey; privateKey: WebKey };
