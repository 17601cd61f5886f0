import { AUTH_MESSAGES } from '@formsmith/core/auth/messages';
import { KeyRound, TriangleAlert } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/feedback.tsx';
import { useMagicLinkLogin } from '../api/login-with-magic-link.ts';
import { AuthCard, AuthIcon } from '../components/auth-card.tsx';
import { authErrorMessage } from '../lib/error-message.ts';
import { safeReturnUrl } from '../lib/return-url.ts';

export function MagicLinkLoginPage() {
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  const returnUrl = safeReturnUrl(params.get('returnUrl'));
  const navigate = useNavigate();
  const login = useMagicLinkLogin();
  const started = useRef<string | null>(null);

  useEffect(() => {
    // A link works once: never send the same token twice (StrictMode runs effects twice).
    if (started.current === token) return;
    started.current = token;
    login.mutate(token, { onSuccess: () => navigate(returnUrl, { replace: true }) });
  }, [token, returnUrl, login.mutate, navigate]);

  if (login.isError) {
    return (
      <AuthCard
        title="Magic Link Error"
        icon={
          <AuthIcon tone="error">
            <TriangleAlert className="h-6 w-6" />
          </AuthIcon>
        }
        description={
          <span role="alert">{authErrorMessage(login.error, AUTH_MESSAGES.magicLinkInvalid)}</span>
        }
      >
        <div className="flex flex-col gap-3">
          <Link to="/magic-link" className={`${buttonClasses('primary')} w-full`}>
            Request a new link
          </Link>
          <Link to="/login" className={`${buttonClasses('secondary')} w-full`}>
            Sign in with password
          </Link>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Logging you in"
      icon={
        <AuthIcon>
          <KeyRound className="h-6 w-6" />
        </AuthIcon>
      }
      description="Please wait while we check your login link."
    >
      <div className="flex justify-center">
        <Spinner label="Logging you in" />
      </div>
    </AuthCard>
  );
}
