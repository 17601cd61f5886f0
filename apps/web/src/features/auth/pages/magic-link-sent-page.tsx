import { MailCheck } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { AuthCard, AuthIcon } from '../components/auth-card.tsx';

export function MagicLinkSentPage() {
  const email = (useLocation().state as { email?: string } | null)?.email;
  return (
    <AuthCard
      title="Check your email"
      icon={
        <AuthIcon tone="success">
          <MailCheck className="h-6 w-6" />
        </AuthIcon>
      }
      description={
        <>
          We&apos;ve sent a login link to{' '}
          {email ? (
            <strong className="font-medium text-slate-900 dark:text-white">{email}</strong>
          ) : (
            'your email address'
          )}
          . The link is valid for 15 minutes and works once.
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
    </AuthCard>
  );
}
