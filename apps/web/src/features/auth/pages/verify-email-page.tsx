import { AUTH_MESSAGES } from '@formsmith/core/auth/messages';
import { LIMITS } from '@formsmith/core/limits';
import { CircleCheck, CircleX, MailCheck, MailQuestion } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { AuthCard, AuthIcon, linkClasses } from '../../../components/auth-card.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/feedback.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { tokenTimeLeft } from '../../../lib/session.ts';
import { useVerifyEmail } from '../api/verify-email.ts';
import { SecondFactorCard } from '../components/second-factor-card.tsx';
import { takeReturnAfterSignUp } from '../lib/return-url.ts';

/** Where a verified person goes: the dashboard when signed in (or just signed in), else sign-in. */
const nextPath = () => (tokenTimeLeft() > 0 ? '/dashboard' : '/login');

/**
 * /verify-email?token=… and /verify_email/:token. Opening the link only shows a button: the token
 * is used on the click, which verifies the address and signs the new account in (mail scanners
 * that open links would otherwise use it up). A link that only verifies (an email change, an
 * address verified before) leads on after 5 s.
 */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = useParams().token ?? params.get('token') ?? '';
  const navigate = useNavigate();
  const verify = useVerifyEmail();
  const outcome = verify.data;
  const settled = !token || verify.isError || outcome?.kind === 'verified';

  useEffect(() => {
    if (outcome?.kind === 'signed-in') navigate(takeReturnAfterSignUp(), { replace: true });
  }, [outcome, navigate]);

  useEffect(() => {
    if (!settled) return;
    const timer = setTimeout(() => navigate(nextPath(), { replace: true }), LIMITS.verifyRedirectMs);
    return () => clearTimeout(timer);
  }, [settled, navigate]);

  const redirectNote = (
    <p className="text-center text-sm text-slate-600 dark:text-slate-400">
      {tokenTimeLeft() > 0 ? (
        <>
          Going to your dashboard in {LIMITS.verifyRedirectMs / 1000} seconds.{' '}
          <Link to="/dashboard" replace className={linkClasses}>
            Go now
          </Link>
        </>
      ) : (
        <>
          Redirecting to login in {LIMITS.verifyRedirectMs / 1000} seconds.{' '}
          <Link to="/login" replace className={linkClasses}>
            Go to login now
          </Link>
        </>
      )}
    </p>
  );

  if (!token) {
    return (
      <AuthCard
        title="Email Verification"
        icon={
          <AuthIcon tone="error">
            <MailQuestion className="h-6 w-6" />
          </AuthIcon>
        }
        description={<span role="alert">{AUTH_MESSAGES.verifyNoToken}</span>}
      >
        {redirectNote}
      </AuthCard>
    );
  }
  if (outcome?.kind === 'second-factor') {
    return (
      <SecondFactorCard
        challenge={outcome.challenge}
        onSignedIn={() => navigate(takeReturnAfterSignUp(), { replace: true })}
        onRestart={() => navigate('/login')}
      />
    );
  }
  if (outcome?.kind === 'verified') {
    return (
      <AuthCard
        title="Email Verification"
        icon={
          <AuthIcon tone="success">
            <CircleCheck className="h-6 w-6" />
          </AuthIcon>
        }
        description={<span role="status">{AUTH_MESSAGES.verifySuccess}</span>}
      >
        {redirectNote}
      </AuthCard>
    );
  }
  if (verify.isError) {
    const error = verify.error;
    // The server's words when it gave a reason (e.g. the new address was taken meanwhile).
    const message =
      error instanceof ApiError && (error.status === 409 || error.status === 429)
        ? error.message
        : AUTH_MESSAGES.verifyFailed;
    return (
      <AuthCard
        title="Email Verification"
        icon={
          <AuthIcon tone="error">
            <CircleX className="h-6 w-6" />
          </AuthIcon>
        }
        description={<span role="alert">{message}</span>}
      >
        {redirectNote}
      </AuthCard>
    );
  }
  if (verify.isPending || outcome?.kind === 'signed-in') {
    return (
      <AuthCard title="Email Verification" description="Verifying your email...">
        <div className="flex justify-center">
          <Spinner label="Verifying your email" />
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Confirm your email address"
      icon={
        <AuthIcon>
          <MailCheck className="h-6 w-6" />
        </AuthIcon>
      }
      description="One click confirms the address and takes you to your forms."
    >
      <Button className="w-full" onClick={() => verify.mutate(token)}>
        Verify and continue
      </Button>
    </AuthCard>
  );
}
