import { randomBytes } from 'node:crypto';

export const API_KEY_PREFIX = 'fsk_';
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** How much of a key lists show: enough to tell keys apart, far too little to use. */
const SHOWN_LENGTH = API_KEY_PREFIX.length + 8;

/** 32 random bytes written in base62 (43 characters), after `fsk_` so scanners can spot leaked keys. */
export function generateApiKey(): { key: string; prefix: string } {
  let n = BigInt(`0x${randomBytes(32).toString('hex')}`);
  let body = '';
  while (body.length < 43) {
    body = BASE62[Number(n % 62n)] + body;
    n /= 62n;
  }
  const key = `${API_KEY_PREFIX}${body}`;
  return { key, prefix: key.slice(0, SHOWN_LENGTH) };
}

export function isApiKey(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}
