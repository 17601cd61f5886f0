import { readStorage, STORAGE_KEYS, writeStorage } from './storage.ts';

/** The stored bearer token, or null when missing or past its expiry. */
export function getAuthToken(): string | null {
  const token = readStorage(STORAGE_KEYS.token);
  const expiration = Number(readStorage(STORAGE_KEYS.tokenExpiration));
  if (!token) return null;
  if (!Number.isFinite(expiration) || expiration <= Date.now()) return null;
  return token;
}

/** Stores the token with token_expiration = now + expires_in seconds (milliseconds since epoch). */
export function setAuthToken(token: string, expiresInSeconds: number): void {
  writeStorage(STORAGE_KEYS.token, token);
  writeStorage(STORAGE_KEYS.tokenExpiration, String(Date.now() + expiresInSeconds * 1000));
}

export function clearAuthToken(): void {
  writeStorage(STORAGE_KEYS.token, null);
  writeStorage(STORAGE_KEYS.tokenExpiration, null);
}
