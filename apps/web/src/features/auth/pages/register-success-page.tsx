import { Link, useLocation } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { CheckEmailCard, SentToAddress } from '../components/check-email-card.tsx';
import { ResendVerification } from '../components/resend-verification.tsx';
import { useLocationEmail } from '../hooks/use-location-email.ts';
import { returnUrlQuery } from '../lib/return-url.ts';

export function RegisterSuccessPage() {
  const email = useLocationEmail();
  const returnUrl = (useLocation().state as { returnUrl?: string | null } | null)?.returnUrl ?? null;
  return (
    <CheckEmailCard
      description={
        <>
          We&apos;ve sent a verification email
          {email ? (
            <>
              {' '}
              to <SentToAddress email={email} />
            </>
          ) : null}
          . Open the link in it to verify your account, then log in.
        </>
      }
    >
      <p className="text-center text-sm text-slate-600 dark:text-slate-400">
        The link is valid for 24 hours. Can&apos;t find it? Check your spam folder, or have a new one sent.
      </p>
      <ResendVerification email={email} />
      <Link
        to={`/login${returnUrlQuery(returnUrl)}`}
        state={{ email }}
        className={`${buttonClasses('primary')} w-full`}
      >
        Go to login
      </Link>
    </CheckEmailCard>
  );
}
