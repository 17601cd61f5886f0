import { TWO_FACTOR_MESSAGES, totpCodeSchema } from '@formsmith/core/auth/two-factor';
import QRCode from 'qrcode';
import { type FormEvent, useEffect, useState } from 'react';
import { ReauthCancelledError } from '../../../components/reauth/with-reauth.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Alert, Spinner } from '../../../components/ui/feedback.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { OneTimeCodeInput } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useConfirmTotp, useStartTotpSetup } from '../api/two-factor.ts';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called with the first recovery codes when turning the app on also turned two-factor on. */
  onEnabled: (recoveryCodes: string[] | null) => void;
};

/** "1234 5678 …": the secret in groups of four, easier to type into an app by hand. */
const groupSecret = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/** Authenticator-app set-up: scan the QR code (or type the key), then confirm with a code from the app. */
export function TotpSetupDialog({ open, onOpenChange, onEnabled }: Props) {
  const setup = useStartTotpSetup();
  const confirm = useConfirmTotp();
  const [qr, setQr] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  // A new secret each time the dialog opens; an abandoned set-up never turns anything on.
  useEffect(() => {
    if (!open) return;
    setCode('');
    setError(null);
    setQr(null);
    setup.mutate(undefined, {
      onSuccess: ({ otpauth_uri }) =>
        QRCode.toDataURL(otpauth_uri, { margin: 1, width: 200, errorCorrectionLevel: 'M' })
          .then(setQr)
          .catch(() => setQr(null)),
    });
  }, [open, setup.mutate]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = totpCodeSchema.safeParse(code);
    if (!parsed.success) {
      setError(TWO_FACTOR_MESSAGES.codeRequired);
      return;
    }
    setError(null);
    confirm.mutate(parsed.data, {
      onSuccess: (change) => {
        onOpenChange(false);
        onEnabled(change.recovery_codes);
      },
      onError: (err) =>
        setError(
          err instanceof ApiError && err.status < 500
            ? (err.fields?.code ?? err.message)
            : err instanceof ReauthCancelledError
              ? err.message
              : 'Something went wrong. Please try again.',
        ),
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Set up an authenticator app"
      description="Scan the QR code with an app such as Google Authenticator, 1Password, Authy or Microsoft Authenticator, then enter the 6-digit code it shows."
    >
      {setup.isPending ? <Spinner label="Creating your secret key" /> : null}
      {setup.isError ? (
        <Alert tone="error">
          {(setup.error instanceof ApiError && setup.error.status < 500) ||
          setup.error instanceof ReauthCancelledError
            ? setup.error.message
            : 'The set-up could not be started. Please try again.'}
        </Alert>
      ) : null}
      {setup.data ? (
        <form noValidate onSubmit={submit} className="space-y-4">
          <div className="flex flex-col items-center gap-3 sm:flex-row sm:items-start">
            <div className="shrink-0 rounded-lg bg-white p-2 ring-1 ring-slate-200 dark:ring-slate-700">
              {qr ? (
                <img src={qr} width={160} height={160} alt="QR code to scan with your authenticator app" />
              ) : (
                <div className="h-40 w-40" />
              )}
            </div>
            <div className="min-w-0 space-y-1 text-sm">
              <p className="text-slate-600 dark:text-slate-400">
                Can&apos;t scan it? Enter this key in the app:
              </p>
              <p
                data-testid="totp-secret"
                className="break-all rounded-md bg-slate-100 px-2 py-1 font-mono text-slate-900 dark:bg-slate-800 dark:text-slate-100"
              >
                {groupSecret(setup.data.secret)}
              </p>
              <p className="text-xs text-slate-500 dark:text-slate-400">
                Time-based, 6 digits, every 30 seconds.
              </p>
            </div>
          </div>
          <FormField label="Code from the app" error={error ?? undefined}>
            <OneTimeCodeInput value={code} onChange={(e) => setCode(e.target.value)} />
          </FormField>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={confirm.isPending}>
              {confirm.isPending ? 'Verifying...' : 'Verify and turn on'}
            </Button>
          </div>
        </form>
      ) : null}
    </Dialog>
  );
}
