/** The app's local storage keys; reading never throws (private mode, disabled storage). */
export const STORAGE_KEYS = {
  token: 'auth_token',
  tokenExpiration: 'token_expiration',
  darkMode: 'darkMode',
  /** The workspace the dashboard shows and makes forms in (its id), per browser. */
  workspace: 'current_workspace',
  /** Where to go once a new account's mailed verification link has signed it in. */
  returnAfterSignUp: 'return_after_sign_up',
} as const;

export function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage unavailable: the value lives only for this page.
  }
}
