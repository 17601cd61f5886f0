import { useLocation } from 'react-router';

/** The email a previous auth screen passed along in the navigation state, if any. */
export function useLocationEmail(): string | undefined {
  return (useLocation().state as { email?: string } | null)?.email;
}
