import { Fingerprint, KeyRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { ReauthCancelledError } from '../../../components/reauth/with-reauth.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Alert, Spinner } from '../../../components/ui/feedback.tsx';
import { CheckboxField } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAccountAccess, useRevokeAccess } from '../api/account-access.ts';
import { formatDate, formatDateTime } from './format.ts';

const hint = 'text-xs text-slate-600 dark:text-slate-400';

/**
 * After a password reset: the passkeys and API keys that still get in without the new password,
 * each with a box to revoke it. Nothing is revoked until the owner chooses.
 */
export function AccessReview() {
  const access = useAccountAccess();
  const revoke = useRevokeAccess();
  const [passkeyIds, setPasskeyIds] = useState<string[]>([]);
  const [apiKeyIds, setApiKeyIds] = useState<string[]>([]);
  const [done, setDone] = useState<number | null>(null);
  const toggle = (set: typeof setPasskeyIds, id: string, on: boolean) =>
    set((ids) => (on ? [...ids, id] : ids.filter((x) => x !== id)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const count = passkeyIds.length + apiKeyIds.length;
    revoke.mutate(
      { passkey_ids: passkeyIds, api_key_ids: apiKeyIds },
      {
        onSuccess: () => {
          setPasskeyIds([]);
          setApiKeyIds([]);
          setDone(count);
        },
      },
    );
  };

  if (access.isPending) return <Spinner label="Loading your passkeys and API keys" />;
  if (access.isError) return <Alert tone="error">Your passkeys and API keys could not be loaded.</Alert>;
  const { passkeys, api_keys: keys } = access.data;
  const error = revoke.error;
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-labelledby="access-review-heading">
      <div>
        <h2 id="access-review-heading" className="text-lg font-semibold">
          Review what else can get into your account
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          A passkey signs in without your password, and an API key reads and changes your forms within its
          scopes. If someone else may have used your account, revoke the ones you do not recognise.
        </p>
      </div>
      {done !== null ? (
        <Alert tone="success">
          Revoked {done} {done === 1 ? 'item' : 'items'}.
        </Alert>
      ) : null}
      {error ? (
        <Alert tone="error">
          {error instanceof ReauthCancelledError || (error instanceof ApiError && error.status < 500)
            ? error.message
            : 'Nothing was revoked. Please try again.'}
        </Alert>
      ) : null}
      {passkeys.length === 0 && keys.length === 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Your account has no passkeys or API keys: only your new password signs in.
        </p>
      ) : null}
      {passkeys.length > 0 ? (
        <fieldset className="space-y-2">
          <legend className="flex items-center gap-2 text-sm font-medium">
            <Fingerprint aria-hidden="true" className="h-4 w-4" /> Passkeys
          </legend>
          {passkeys.map((key) => (
            <CheckboxField
              key={key.id}
              checked={passkeyIds.includes(key.id)}
              onChange={(e) => toggle(setPasskeyIds, key.id, e.target.checked)}
              label={
                <span className="break-words">
                  Revoke passkey {key.name}
                  <span className={`block ${hint}`}>
                    Added {formatDate(key.created_at)} ·{' '}
                    {key.last_used_at ? `Last used ${formatDateTime(key.last_used_at)}` : 'Never used'}
                  </span>
                </span>
              }
            />
          ))}
        </fieldset>
      ) : null}
      {keys.length > 0 ? (
        <fieldset className="space-y-2">
          <legend className="flex items-center gap-2 text-sm font-medium">
            <KeyRound aria-hidden="true" className="h-4 w-4" /> API keys
          </legend>
          {keys.map((key) => (
            <CheckboxField
              key={key.id}
              checked={apiKeyIds.includes(key.id)}
              onChange={(e) => toggle(setApiKeyIds, key.id, e.target.checked)}
              label={
                <span className="break-words">
                  Revoke API key {key.name} <code className={hint}>{key.prefix}…</code>
                  <span className={`block ${hint}`}>
                    Created {formatDateTime(key.created_at)} · {key.scopes.join(', ')}
                  </span>
                </span>
              }
            />
          ))}
        </fieldset>
      ) : null}
      {passkeys.length > 0 || keys.length > 0 ? (
        <Button
          type="submit"
          variant="danger"
          disabled={revoke.isPending || passkeyIds.length + apiKeyIds.length === 0}
        >
          {revoke.isPending ? 'Revoking...' : 'Revoke selected'}
        </Button>
      ) : null}
    </form>
  );
}
