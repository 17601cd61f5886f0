import { createContext, useCallback, useContext } from 'react';
import { ApiError } from '../../lib/api-client.ts';

/** The owner closed the confirm dialog: the change was not made. */
export class ReauthCancelledError extends Error {
  constructor() {
    super('Nothing was changed: confirm it is you to make this change.');
  }
}

/** Opens the confirm dialog; resolves once the owner proved who they are, rejects when they cancel. */
export const RequestProofContext = createContext<(() => Promise<void>) | null>(null);

/** Opens the confirm dialog now (a 'Confirm now' button); rejects with ReauthCancelledError on cancel. */
export function useRequestProof(): () => Promise<void> {
  const requestProof = useContext(RequestProofContext);
  return useCallback(() => (requestProof ? requestProof() : Promise.resolve()), [requestProof]);
}

/**
 * Runs a sensitive change; when the server answers 403 REAUTH_REQUIRED, asks the owner to confirm
 * who they are (password, code or passkey) and runs it once more. Cancelling rejects with
 * ReauthCancelledError.
 */
export function useWithReauth(): <T>(action: () => Promise<T>) => Promise<T> {
  const requestProof = useContext(RequestProofContext);
  return useCallback(
    async <T>(action: () => Promise<T>): Promise<T> => {
      try {
        return await action();
      } catch (err) {
        if (!requestProof || !(err instanceof ApiError && err.code === 'REAUTH_REQUIRED')) throw err;
        await requestProof();
        return action();
      }
    },
    [requestProof],
  );
}
