import type { ReauthMethod } from '@formsmith/core/auth/reauth';
import { Fingerprint } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { browserPasskeyError } from '../../lib/passkey-error.ts';
import { useConfirmIdentity } from '../../lib/reauth-api/confirm-identity.ts';
import { useConfirmWithPasskey } from '../../lib/reauth-api/confirm-with-passkey.ts';
import { useReauthStatus } from '../../lib/reauth-api/get-reauth-status.ts';
import { signOut } from '../../lib/session.ts';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { Alert, Spinner } from '../ui/feedback.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Input, OneTimeCodeInput } from '../ui/input.tsx';
import { formatProofAge, formatTimeLeft } from './format-proof-age.ts';

type Props = { onConfirmed: () => void; onCancel: () => void };

const linkClasses =
  'text-sm font-medium text-brand-700 underline-offset-4 hover:underline dark:text-brand-300';

function failure(err: unknown): string {
  if (err instanceof ApiError)
    return err.status < 500 ? err.message : 'Something went wrong. Please try again.';
  return browserPasskeyError(err) ?? 'Something went wrong. Please try again.';
}

/**
 * 'Confirm it's you': the password, a code from the authenticator app (or a recovery code) or a
 * passkey, before a change to how the account signs in or who can act for it. Mounted only while
 * asking, so each opening starts empty.
 */
export function ConfirmIdentityDialog({ onConfirmed, onCancel }: Props) {
  const status = useReauthStatus();
  const confirm = useConfirmIdentity();
  const passkey = useConfirmWithPasskey();
  const methods: ReauthMethod[] = status.data?.methods ?? ['password'];
  const [method, setMethod] = useState<'password' | 'code'>('password');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (status.data && !status.data.methods.includes(method))
      setMethod(status.data.methods.includes('password') ? 'password' : 'code');
  }, [status.data, method]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value.trim() === '') {
      setError(method === 'password' ? 'Enter your password' : 'Enter a code from your authenticator app');
      return;
    }
    setError(null);
    confirm.mutate(method === 'password' ? { password: value } : { code: value }, {
      onSuccess: onConfirmed,
      onError: (err) =>
        setError(
          err instanceof ApiError && err.fields
            ? (Object.values(err.fields)[0] ?? err.message)
            : failure(err),
        ),
    });
  };

  const openFor = formatTimeLeft(status.data?.window_seconds ?? 600);
  const canType = methods.includes('password') || methods.includes('code');
  return (
    <Dialog
      open
      onOpenChange={(next) => !next && onCancel()}
      title="Confirm it’s you"
      description={`This change affects how your account is signed in to or who can act for it. Once you confirm, such changes are open for ${openFor}.`}
    >
      {status.isPending ? <Spinner label="Loading" /> : null}
      {status.data ? (
        <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">
          Last confirmed {formatProofAge(status.data.age_seconds)}.
        </p>
      ) : null}
      {passkey.isError ? <Alert tone="error">{failure(passkey.error)}</Alert> : null}
      {status.data && methods.length === 0 ? (
        <div className="space-y-4">
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Your account has no password, authenticator app or passkey to confirm with. Sign in again with a
            link by email, then make the change within {openFor}.
          </p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onCancel}>
              Cancel
            </Button>
            <Button onClick={() => void signOut()}>Sign in again</Button>
          </div>
        </div>
      ) : (
        <form noValidate onSubmit={submit} className="space-y-4">
          {canType && method === 'password' ? (
            <FormField label="Password" error={error ?? undefined}>
              <Input
                type="password"
                autoComplete="current-password"
                value={value}
                onChange={(e) => setValue(e.target.value)}
              />
            </FormField>
          ) : null}
          {canType && method === 'code' ? (
            <FormField
              label="Authentication code"
              hint="A current code from your authenticator app, or a recovery code"
              error={error ?? undefined}
            >
              <OneTimeCodeInput maxLength={20} value={value} onChange={(e) => setValue(e.target.value)} />
            </FormField>
          ) : null}
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            {methods.includes('password') && methods.includes('code') ? (
              <button
                type="button"
                className={linkClasses}
                onClick={() => {
                  setMethod(method === 'password' ? 'code' : 'password');
                  setValue('');
                  setError(null);
                }}
              >
                {method === 'password' ? 'Use a code instead' : 'Use your password instead'}
              </button>
            ) : null}
            {methods.includes('passkey') ? (
              <button
                type="button"
                className={`${linkClasses} inline-flex items-center gap-1`}
                disabled={passkey.isPending}
                onClick={() => passkey.mutate(undefined, { onSuccess: onConfirmed })}
              >
                <Fingerprint aria-hidden="true" className="h-4 w-4" />
                {passkey.isPending ? 'Waiting for your device...' : 'Use a passkey'}
              </button>
            ) : null}
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onCancel}>
              Cancel
            </Button>
            {canType ? (
              <Button type="submit" disabled={confirm.isPending}>
                {confirm.isPending ? 'Checking...' : 'Confirm'}
              </Button>
            ) : null}
          </div>
        </form>
      )}
    </Dialog>
  );
}
