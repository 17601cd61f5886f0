import { AUTH_MESSAGES } from '@formsmith/core/auth/messages';
import { LIMITS } from '@formsmith/core/limits';
import { CircleCheck, CircleX, MailQuestion } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Spinner } from '../../../components/ui/feedback.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useVerifyEmail } from '../api/verify-email.ts';
import { AuthCard, AuthIcon, linkClasses } from '../components/auth-card.tsx';

/** /verify-email?token=… and /verify_email/:token: verifying, then success or failure, then /login after 5 s. */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = useParams().token ?? params.get('token') ?? '';
  const navigate = useNavigate();
  const verify = useVerifyEmail();
  const started = useRef<string | null>(null);
  const done = !token || verify.isSuccess || verify.isError;

  useEffect(() => {
    if (!token || started.current === token) return;
    started.current = token;
    verify.mutate(token);
  }, [token, verify.mutate]);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate('/login', { replace: true }), LIMITS.verifyRedirectMs);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const redirectNote = (
    <p className="text-center text-sm text-slate-600 dark:text-slate-400">
      Redirecting to login in {LIMITS.verifyRedirectMs / 1000} seconds.{' '}
      <Link to="/login" replace className={linkClasses}>
        Go to login now
      </Link>
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
  if (verify.isSuccess) {
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
  return (
    <AuthCard title="Email Verification" description="Verifying your email...">
      <div className="flex justify-center">
        <Spinner label="Verifying your email" />
      </div>
    </AuthCard>
  );
}
