import { type ReactNode, useCallback, useRef, useState } from 'react';
import { ConfirmIdentityDialog } from './confirm-identity-dialog.tsx';
import { ReauthCancelledError, RequestProofContext } from './with-reauth.ts';

type Pending = { resolve: () => void; reject: (err: Error) => void };

/**
 * Holds the one confirm-identity dialog of the app: a sensitive change refused for want of a
 * recent proof opens it, and changes refused meanwhile wait for the same answer.
 */
export function ReauthProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<Pending | null>(null);
  const asked = useRef<Promise<void> | null>(null);

  const requestProof = useCallback(() => {
    asked.current ??= new Promise<void>((resolve, reject) => setPending({ resolve, reject })).finally(() => {
      asked.current = null;
    });
    return asked.current;
  }, []);

  return (
    <RequestProofContext.Provider value={requestProof}>
      {children}
      {pending ? (
        <ConfirmIdentityDialog
          onConfirmed={() => {
            pending.resolve();
            setPending(null);
          }}
          onCancel={() => {
            pending.reject(new ReauthCancelledError());
            setPending(null);
          }}
        />
      ) : null}
    </RequestProofContext.Provider>
  );
}
