import { AUTH_MESSAGES } from '@formsmith/core/auth/messages';
import type { TwoFactorChallenge } from '@formsmith/core/auth/two-factor';
import { KeyRound, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { AuthCard, AuthIcon } from '../../../components/auth-card.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/feedback.tsx';
import { useMagicLinkLogin } from '../api/login-with-magic-link.ts';
import { SecondFactorCard } from '../components/second-factor-card.tsx';
import { authErrorMessage } from '../lib/error-message.ts';
import { safeReturnUrl } from '../lib/return-url.ts';

/**
 * Opening the link only shows a button: the token is used on the click. Mail scanners that open
 * links (some run their scripts) would otherwise sign in and use the link up before its owner.
 */
export function MagicLinkLoginPage() {
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  const returnUrl = safeReturnUrl(params.get('returnUrl'));
  const email = params.get('email')?.trim() ?? '';
  const navigate = useNavigate();
  const login = useMagicLinkLogin();
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);
  const signedIn = () => navigate(returnUrl, { replace: true });
  // A second factor, when the account has one, comes after the click.
  const signIn = () =>
    login.mutate(token, { onSuccess: (pending) => (pending ? setChallenge(pending) : signedIn()) });

  if (challenge) {
    return (
      <SecondFactorCard challenge={challenge} onSignedIn={signedIn} onRestart={() => navigate('/login')} />
    );
  }

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

  if (login.isPending || login.isSuccess) {
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

  return (
    <AuthCard
      title="Sign in to Formsmith"
      icon={
        <AuthIcon>
          <KeyRound className="h-6 w-6" />
        </AuthIcon>
      }
      description={
        email ? (
          <>
            You opened a login link for <strong className="break-all">{email}</strong>.
          </>
        ) : (
          'You opened a login link.'
        )
      }
    >
      <div className="flex flex-col gap-3">
        <Button className="w-full" onClick={signIn}>
          <span className="min-w-0 truncate">{email ? `Sign in as ${email}` : 'Sign in'}</span>
        </Button>
        <Link to="/login" className={`${buttonClasses('secondary')} w-full`}>
          Not you? Sign in another way
        </Link>
      </div>
    </AuthCard>
  );
}
