import type { ReauthRequest } from '@formsmith/core/auth/two-factor';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Alert } from '../../../components/ui/feedback.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api-client.ts';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  action: string;
  danger?: boolean;
  pending: boolean;
  /** Runs the change with the proof; rejects with the server's ApiError to show it. */
  onConfirm: (proof: ReauthRequest) => Promise<unknown>;
};

/** Asks for the password, or a current authenticator code, before a sensitive two-factor change. */
export function ReauthDialog({
  open,
  onOpenChange,
  title,
  description,
  action,
  danger,
  pending,
  onConfirm,
}: Props) {
  const [useCode, setUseCode] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const reset = () => {
    setValue('');
    setError(null);
    setFormError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setFormError(null);
    if (value.trim() === '') {
      setError(useCode ? 'Enter a code from your authenticator app' : 'Password is required');
      return;
    }
    try {
      await onConfirm(useCode ? { code: value } : { password: value });
      reset();
      onOpenChange(false);
    } catch (err) {
      if (err instanceof ApiError && err.fields) setError(Object.values(err.fields)[0] ?? err.message);
      else
        setFormError(
          err instanceof ApiError && err.status < 500
            ? err.message
            : 'Something went wrong. Please try again.',
        );
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
      title={title}
      description={description}
    >
      <form noValidate onSubmit={submit} className="space-y-4">
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        {useCode ? (
          <FormField
            label="Authentication code"
            hint="A current code from your authenticator app, or a recovery code"
            error={error ?? undefined}
          >
            <Input
              inputMode="numeric"
              autoComplete="one-time-code"
              value={value}
              onChange={(e) => setValue(e.target.value)}
              className="font-mono"
            />
          </FormField>
        ) : (
          <FormField label="Current password" error={error ?? undefined}>
            <Input
              type="password"
              autoComplete="current-password"
              value={value}
              onChange={(e) => setValue(e.target.value)}
            />
          </FormField>
        )}
        <button
          type="button"
          className="text-sm font-medium text-brand-600 underline-offset-4 hover:underline dark:text-brand-300"
          onClick={() => {
            setUseCode(!useCode);
            reset();
          }}
        >
          {useCode ? 'Use your password instead' : 'Use a code instead'}
        </button>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" variant={danger ? 'danger' : 'primary'} disabled={pending}>
            {pending ? 'Please wait...' : action}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
