/** The words for a passkey request the browser gave up on, or null when the error is not the browser's. */
export function browserPasskeyError(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  if (error.name === 'NotAllowedError' || error.name === 'AbortError')
    return 'The passkey request was cancelled or timed out. Please try again.';
  if (error.name === 'InvalidStateError') return 'This device already has a passkey for your account.';
  return null;
}
