import { AUTH_MESSAGES } from '@formsmith/core/auth/messages';
import { Sparkles } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { AuthCard, AuthIcon, linkClasses } from '../../../components/auth-card.tsx';
import { useRequestMagicLink } from '../api/request-magic-link.ts';
import { EmailRequestForm } from '../components/email-request-form.tsx';
import { useLocationEmail } from '../hooks/use-location-email.ts';

export function MagicLinkPage() {
  const navigate = useNavigate();
  const previousEmail = useLocationEmail() ?? '';
  const request = useRequestMagicLink();

  return (
    <AuthCard
      title="Sign in with a magic link"
      description="Enter your email and we'll send you a link that signs you in. No password needed."
      icon={
        <AuthIcon>
          <Sparkles className="h-6 w-6" />
        </AuthIcon>
      }
      footer={
        <Link to="/login" className={linkClasses}>
          Sign in with a password instead
        </Link>
      }
    >
      <EmailRequestForm
        request={request}
        submitLabel="Send magic link"
        failedMessage={AUTH_MESSAGES.magicLinkSendFailed}
        initialEmail={previousEmail}
        onSent={(email) => navigate('/magic-link-sent', { state: { email } })}
      />
    </AuthCard>
  );
}
