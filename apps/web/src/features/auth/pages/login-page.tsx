import { loginSchema } from '@formsmith/core/auth/api';
import { AUTH_MESSAGES } from '@formsmith/core/auth/messages';
import type { TwoFactorChallenge } from '@formsmith/core/auth/two-factor';
import { Fingerprint, KeyRound, LogIn } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthCard, AuthIcon, linkClasses } from '../../../components/auth-card.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Alert } from '../../../components/ui/feedback.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { failureMessage } from '../../../lib/field-messages.ts';
import { browserPasskeyError } from '../../../lib/passkey-error.ts';
import { useLogin } from '../api/login.ts';
import { useSignInWithPasskey } from '../api/sign-in-with-passkey.ts';
import { useSsoProviders, useStartInstanceSso } from '../api/sso.ts';
import { SecondFactorCard } from '../components/second-factor-card.tsx';
import { useLocationEmail } from '../hooks/use-location-email.ts';
import { useZodForm } from '../hooks/use-zod-form.ts';
import { authErrorMessage, serverFieldErrors } from '../lib/error-message.ts';
import { returnUrlQuery, safeReturnUrl } from '../lib/return-url.ts';

export function LoginPage() {
  const [params] = useSearchParams();
  const returnUrl = safeReturnUrl(params.get('returnUrl'));
  const navigate = useNavigate();
  const login = useLogin();
  // An invitation page passes the address it was sent to.
  const form = useZodForm(loginSchema, { email: useLocationEmail() ?? '', password: '' });
  const [formError, setFormError] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);
  const passkey = useSignInWithPasskey();
  const signedIn = () => navigate(returnUrl, { replace: true });

  const onSubmit = form.handleSubmit((data) => {
    setFormError(null);
    login.mutate(data, {
      onSuccess: (pending) => (pending ? setChallenge(pending) : signedIn()),
      onError: (error) => {
        if (error instanceof ApiError && error.status === 401) {
          form.setErrors({ password: AUTH_MESSAGES.invalidCredentials });
          return;
        }
        const fields = serverFieldErrors(error);
        if (fields) form.setErrors(fields);
        else setFormError(authErrorMessage(error, AUTH_MESSAGES.loginFailed));
      },
    });
  });

  const signInWithPasskey = () => {
    setFormError(null);
    passkey.mutate(undefined, {
      onSuccess: signedIn,
      onError: (error) =>
        setFormError(
          error instanceof ApiError
            ? authErrorMessage(error, error.status === 401 ? error.message : AUTH_MESSAGES.loginFailed)
            : (browserPasskeyError(error) ?? AUTH_MESSAGES.loginFailed),
        ),
    });
  };

  if (challenge) {
    return (
      <SecondFactorCard
        challenge={challenge}
        onSignedIn={signedIn}
        onRestart={() => {
          setChallenge(null);
          login.reset();
        }}
      />
    );
  }

  return (
    <AuthCard
      title="Sign in to Formsmith"
      description="Welcome back. Sign in to manage your forms."
      icon={
        <AuthIcon>
          <LogIn className="h-6 w-6" />
        </AuthIcon>
      }
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link
            to={`/register${returnUrlQuery(params.get('returnUrl'))}`}
            state={{ email: form.values.email }}
            className={linkClasses}
          >
            Create one
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        <FormField label="Email" error={form.errors.email}>
          <Input type="email" autoComplete="email" inputMode="email" {...form.field('email')} />
        </FormField>
        <FormField label="Password" error={form.errors.password}>
          <Input type="password" autoComplete="current-password" {...form.field('password')} />
        </FormField>
        <div className="flex justify-end text-sm">
          <Link to="/forgot-password" className={linkClasses}>
            Forgot password?
          </Link>
        </div>
        <Button type="submit" className="w-full" disabled={login.isPending}>
          {login.isPending ? 'Signing in...' : 'Sign in'}
        </Button>
      </form>
      <div className="relative text-center text-xs uppercase text-slate-500 dark:text-slate-400">
        <span className="absolute inset-x-0 top-1/2 h-px bg-slate-200 dark:bg-slate-800" aria-hidden="true" />
        <span className="relative bg-white px-2 dark:bg-slate-900">or</span>
      </div>
      <Button variant="secondary" className="w-full" disabled={passkey.isPending} onClick={signInWithPasskey}>
        <Fingerprint aria-hidden="true" className="h-4 w-4" />
        {passkey.isPending ? 'Waiting for your passkey...' : 'Sign in with a passkey'}
      </Button>
      <InstanceProviderButtons />
      <p className="text-center text-sm">
        <Link to="/magic-link" className={linkClasses}>
          Email me a magic link instead
        </Link>
      </p>
      <p className="text-center text-sm">
        <Link to="/sso" className={linkClasses}>
          Sign in with SSO
        </Link>
      </p>
    </AuthCard>
  );
}

/** "Sign in with <provider>" for the server-wide provider, when the administrator connected one. */
function InstanceProviderButtons() {
  const providers = useSsoProviders();
  const start = useStartInstanceSso();
  const provider = providers.data?.providers[0];
  if (!provider) return null;
  return (
    <div className="space-y-2">
      <Button
        variant="secondary"
        className="w-full"
        disabled={start.isPending}
        onClick={() => start.mutate()}
      >
        <KeyRound aria-hidden="true" className="h-4 w-4" />
        {start.isPending ? `Going to ${provider.name}...` : `Sign in with ${provider.name}`}
      </Button>
      {start.error && <Alert tone="error">{failureMessage(start.error)}</Alert>}
    </div>
  );
}
