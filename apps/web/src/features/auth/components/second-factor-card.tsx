import { AUTH_MESSAGES } from '@formsmith/core/auth/messages';
import { TWO_FACTOR_MESSAGES, type TwoFactorChallenge } from '@formsmith/core/auth/two-factor';
import { Fingerprint, ShieldCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { AuthCard, AuthIcon, linkClasses } from '../../../components/auth-card.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Alert } from '../../../components/ui/feedback.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input, OneTimeCodeInput } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { browserPasskeyError } from '../../../lib/passkey-error.ts';
import { usePasskeySecondFactor, useVerifySecondFactor } from '../api/verify-second-factor.ts';

type Props = {
  challenge: TwoFactorChallenge;
  /** Called once the session is started. */
  onSignedIn: () => void;
  /** Back to the first step (the challenge expired or the user wants another account). */
  onRestart: () => void;
};

type CodeMethod = 'totp' | 'recovery_code';

/** The second step of signing in: an authenticator code, a passkey, or a recovery code. */
export function SecondFactorCard({ challenge, onSignedIn, onRestart }: Props) {
  const canTotp = challenge.methods.includes('totp');
  const canPasskey = challenge.methods.includes('passkey');
  const canRecovery = challenge.methods.includes('recovery_code');
  const [method, setMethod] = useState<CodeMethod>(canTotp ? 'totp' : 'recovery_code');
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const verify = useVerifySecondFactor();
  const passkey = usePasskeySecondFactor();
  const expired =
    (verify.error instanceof ApiError && verify.error.message === TWO_FACTOR_MESSAGES.challengeExpired) ||
    (passkey.error instanceof ApiError && passkey.error.message === TWO_FACTOR_MESSAGES.challengeExpired);
  const showCodeForm = canTotp || canRecovery;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFieldError(null);
    if (code.trim() === '') {
      setFieldError(
        method === 'totp' ? TWO_FACTOR_MESSAGES.codeRequired : TWO_FACTOR_MESSAGES.recoveryCodeInvalid,
      );
      return;
    }
    verify.mutate(
      { challenge_token: challenge.challenge_token, method, code },
      {
        onSuccess: onSignedIn,
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          const message = error.fields?.code ?? (error.status === 401 ? error.message : null);
          if (message && message !== TWO_FACTOR_MESSAGES.challengeExpired) setFieldError(message);
        },
      },
    );
  };

  const switchMethod = (next: CodeMethod) => {
    setMethod(next);
    setCode('');
    setFieldError(null);
  };

  const otherError = (error: unknown) => {
    if (!error || expired) return null;
    if (error instanceof ApiError)
      return error.status === 429 || error.status === 401 ? error.message : AUTH_MESSAGES.loginFailed;
    return null;
  };
  const verifyError = fieldError ? null : otherError(verify.error);
  const passkeyError = passkey.error
    ? passkey.error instanceof ApiError
      ? otherError(passkey.error)
      : (browserPasskeyError(passkey.error) ?? TWO_FACTOR_MESSAGES.passkeyFailed)
    : null;

  return (
    <AuthCard
      title="Two-step verification"
      description={
        canTotp
          ? 'Your account has two-factor authentication. Confirm it is you to finish signing in.'
          : 'Confirm it is you with your passkey to finish signing in.'
      }
      icon={
        <AuthIcon>
          <ShieldCheck className="h-6 w-6" />
        </AuthIcon>
      }
      footer={
        <button type="button" className={linkClasses} onClick={onRestart}>
          Back to sign in
        </button>
      }
    >
      {expired ? (
        <div className="space-y-4">
          <Alert tone="error">{TWO_FACTOR_MESSAGES.challengeExpired}</Alert>
          <Button className="w-full" onClick={onRestart}>
            Sign in again
          </Button>
        </div>
      ) : (
        <>
          {verifyError || passkeyError ? <Alert tone="error">{verifyError ?? passkeyError}</Alert> : null}
          {canPasskey ? (
            <Button
              variant={showCodeForm ? 'secondary' : 'primary'}
              className="w-full"
              disabled={passkey.isPending}
              onClick={() => passkey.mutate(challenge.challenge_token, { onSuccess: onSignedIn })}
            >
              <Fingerprint aria-hidden="true" className="h-4 w-4" />
              {passkey.isPending ? 'Waiting for your passkey...' : 'Use a passkey'}
            </Button>
          ) : null}
          {showCodeForm ? (
            <form noValidate onSubmit={submit} className="space-y-4">
              {method === 'totp' ? (
                <FormField
                  label="Authentication code"
                  hint="The 6-digit code from your authenticator app"
                  error={fieldError ?? undefined}
                >
                  <OneTimeCodeInput name="code" value={code} onChange={(e) => setCode(e.target.value)} />
                </FormField>
              ) : (
                <FormField
                  label="Recovery code"
                  hint="One of the codes you saved when you turned on two-factor authentication"
                  error={fieldError ?? undefined}
                >
                  <Input
                    name="recovery-code"
                    autoComplete="off"
                    autoCapitalize="none"
                    spellCheck={false}
                    maxLength={64}
                    value={code}
                    onChange={(e) => setCode(e.target.value)}
                    className="font-mono"
                  />
                </FormField>
              )}
              <Button type="submit" className="w-full" disabled={verify.isPending}>
                {verify.isPending ? 'Verifying...' : 'Verify'}
              </Button>
              {canTotp && canRecovery ? (
                <p className="text-center text-sm">
                  <button
                    type="button"
                    className={linkClasses}
                    onClick={() => switchMethod(method === 'totp' ? 'recovery_code' : 'totp')}
                  >
                    {method === 'totp' ? 'Use a recovery code instead' : 'Use your authenticator app instead'}
                  </button>
                </p>
              ) : null}
            </form>
          ) : null}
        </>
      )}
    </AuthCard>
  );
}
