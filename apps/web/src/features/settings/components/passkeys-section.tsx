import type { Passkey } from '@formsmith/core/auth/two-factor';
import { Fingerprint, Plus } from 'lucide-react';
import { useState } from 'react';
import { ReauthCancelledError } from '../../../components/reauth/with-reauth.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Alert } from '../../../components/ui/feedback.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { browserPasskeyError } from '../../../lib/passkey-error.ts';
import { useAddPasskey, useRemovePasskey, useRenamePasskey } from '../api/passkeys.ts';
import { formatDate, formatDateTime } from './format.ts';
import { PasskeyNameDialog } from './passkey-name-dialog.tsx';

function failure(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.status < 500 ? error.message : fallback;
  if (error instanceof ReauthCancelledError) return error.message;
  return browserPasskeyError(error) ?? fallback;
}

/** The account's passkeys: add (the browser creates it), rename, remove. */
export function PasskeysSection({
  passkeys,
  onRecoveryCodes,
}: {
  passkeys: Passkey[];
  onRecoveryCodes: (codes: string[]) => void;
}) {
  const add = useAddPasskey();
  const rename = useRenamePasskey();
  const remove = useRemovePasskey();
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<Passkey | null>(null);

  return (
    <section aria-labelledby="passkeys-heading" className="space-y-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex items-start gap-3">
          <Fingerprint
            aria-hidden="true"
            className="mt-0.5 h-5 w-5 shrink-0 text-slate-500 dark:text-slate-400"
          />
          <div>
            <h3 id="passkeys-heading" className="font-medium">
              Passkeys
            </h3>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              Sign in with your fingerprint, face or device PIN, with or without your password.
            </p>
          </div>
        </div>
        <Button
          variant="secondary"
          size="sm"
          className="self-start"
          onClick={() => {
            add.reset();
            setAdding(true);
          }}
        >
          <Plus aria-hidden="true" className="h-4 w-4" />
          Add a passkey
        </Button>
      </div>
      {remove.isError ? (
        <Alert tone="error">{failure(remove.error, 'The passkey could not be removed.')}</Alert>
      ) : null}
      {passkeys.length > 0 ? (
        <ul className="space-y-2" aria-label="Your passkeys">
          {passkeys.map((key) => (
            <li
              key={key.id}
              className="flex flex-col gap-3 rounded-lg border border-slate-200 px-4 py-3 sm:flex-row sm:items-center sm:justify-between dark:border-slate-800"
            >
              <div className="min-w-0">
                <p className="break-words text-sm font-medium">{key.name}</p>
                <p className="text-xs text-slate-600 dark:text-slate-400">
                  Added {formatDate(key.created_at)} ·{' '}
                  {key.last_used_at ? `Last used ${formatDateTime(key.last_used_at)}` : 'Never used'}
                  {key.backed_up ? ' · Synced' : ''}
                </p>
              </div>
              <div className="flex gap-2 self-start sm:self-center">
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Rename ${key.name}`}
                  onClick={() => {
                    rename.reset();
                    setRenaming(key);
                  }}
                >
                  Rename
                </Button>
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Remove ${key.name}`}
                  disabled={remove.isPending && remove.variables === key.id}
                  onClick={() => remove.mutate(key.id)}
                >
                  Remove
                </Button>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">No passkeys yet.</p>
      )}
      <PasskeyNameDialog
        open={adding}
        onOpenChange={setAdding}
        title="Add a passkey"
        description="Your browser will ask you to create a passkey with this device or a security key."
        action="Create passkey"
        pendingLabel="Waiting for your device..."
        initialName={`Passkey ${passkeys.length + 1}`}
        pending={add.isPending}
        error={add.isError ? failure(add.error, 'The passkey could not be added. Please try again.') : null}
        onSubmit={(name) =>
          add.mutate(name, {
            onSuccess: (change) => {
              setAdding(false);
              if (change.recovery_codes) onRecoveryCodes(change.recovery_codes);
            },
          })
        }
      />
      <PasskeyNameDialog
        open={renaming !== null}
        onOpenChange={(open) => (open ? undefined : setRenaming(null))}
        title="Rename passkey"
        action="Save"
        pendingLabel="Saving..."
        initialName={renaming?.name ?? ''}
        pending={rename.isPending}
        error={rename.isError ? failure(rename.error, 'The passkey could not be renamed.') : null}
        onSubmit={(name) =>
          renaming && rename.mutate({ id: renaming.id, name }, { onSuccess: () => setRenaming(null) })
        }
      />
    </section>
  );
}
