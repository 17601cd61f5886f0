import { MailCheck } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { AuthCard, AuthIcon } from '../components/auth-card.tsx';

export function RegisterSuccessPage() {
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
          We&apos;ve sent a verification email
          {email ? (
            <>
              {' '}
              to <strong className="font-medium text-slate-900 dark:text-white">{email}</strong>
            </>
          ) : null}
          . Open the link in it to verify your account, then log in.
        </>
      }
    >
      <p className="text-center text-sm text-slate-600 dark:text-slate-400">
        The link is valid for 24 hours. Can&apos;t find it? Check your spam folder.
      </p>
      <Link to="/login" className={`${buttonClasses('primary')} w-full`}>
        Go to login
      </Link>
    </AuthCard>
  );
}
