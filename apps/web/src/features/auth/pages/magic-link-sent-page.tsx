import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { CheckEmailCard, SentToAddress } from '../components/check-email-card.tsx';
import { useLocationEmail } from '../hooks/use-location-email.ts';

export function MagicLinkSentPage() {
  const email = useLocationEmail();
  return (
    <CheckEmailCard
      description={
        <>
          We&apos;ve sent a login link to {email ? <SentToAddress email={email} /> : 'your email address'}.
          The link is valid for 15 minutes and works once.
        </>
      }
    >
      <p className="text-center text-sm text-slate-600 dark:text-slate-400">
        Didn&apos;t get it? Check your spam folder, or try again.
      </p>
      <div className="flex flex-col gap-3">
        <Link to="/magic-link" state={{ email }} className={`${buttonClasses('secondary')} w-full`}>
          Try again
        </Link>
        <Link to="/login" className={`${buttonClasses('primary')} w-full`}>
          Back to login
        </Link>
      </div>
    </CheckEmailCard>
  );
}
