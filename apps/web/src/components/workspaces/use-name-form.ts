import { type WorkspaceNameInput, workspaceNameBody } from '@formsmith/core/workspaces/members';
import { type FormEvent, useState } from 'react';
import { failureMessage } from '../../lib/field-messages.ts';

type Save = (
  body: WorkspaceNameInput,
  outcome: { onSuccess: () => void; onError: (error: Error) => void },
) => void;

/**
 * A workspace name being typed (for a new workspace or a rename): checked with core's schema
 * before it is sent, the server's message shown under it on a refusal, and kept as typed.
 */
export function useNameForm(initial: string, save: Save, onSaved: () => void) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = workspaceNameBody.safeParse({ name });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    save(parsed.data, {
      onSuccess: onSaved,
      onError: (failure) => setError(failureMessage(failure, 'name')),
    });
  };
  const reset = (next: string) => {
    setName(next);
    setError(undefined);
  };
  return { name, setName, error, submit, reset };
}
