import { AUTH_MESSAGES } from '@formsmith/core/auth/messages';
import { KeyRound } from 'lucide-react';
import { Link } from 'react-router';
import { AuthCard, AuthIcon, linkClasses } from '../../../components/auth-card.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Alert } from '../../../components/ui/feedback.tsx';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { CheckEmailCard } from '../components/check-email-card.tsx';
import { EmailRequestForm } from '../components/email-request-form.tsx';

/** /forgot-password and /reset-password: idle, submitting, sent (a login link is mailed). */
export function ForgotPasswordPage() {
  const request = useRequestPasswordReset();

  const icon = (
    <AuthIcon>
      <KeyRound className="h-6 w-6" />
    </AuthIcon>
  );

  if (request.isSuccess) {
    return (
      <CheckEmailCard icon={icon}>
        <Alert tone="success">{AUTH_MESSAGES.resetSent}</Alert>
        <Link to="/login" className={`${buttonClasses('primary')} w-full`}>
          Back to login
        </Link>
      </CheckEmailCard>
    );
  }

  return (
    <AuthCard
      title="Reset your password"
      description="Enter the email of your account and we'll send you a secure login link."
      icon={icon}
      footer={
        <>
          Remembered it?{' '}
          <Link to="/login" className={linkClasses}>
            Back to login
          </Link>
        </>
      }
    >
      <EmailRequestForm
        request={request}
        submitLabel="Send login link"
        failedMessage={AUTH_MESSAGES.resetFailed}
      />
    </AuthCard>
  );
}
