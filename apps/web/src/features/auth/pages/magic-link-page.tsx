import { AUTH_MESSAGES, emailRequestSchema } from '@formsmith/core/auth/schemas';
import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Alert } from '../../../components/ui/feedback.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useRequestMagicLink } from '../api/request-magic-link.ts';
import { AuthCard, AuthIcon, linkClasses } from '../components/auth-card.tsx';
import { useZodForm } from '../hooks/use-zod-form.ts';
import { authErrorMessage, serverFieldErrors } from '../lib/error-message.ts';

export function MagicLinkPage() {
  const navigate = useNavigate();
  const previousEmail = (useLocation().state as { email?: string } | null)?.email ?? '';
  const request = useRequestMagicLink();
  const form = useZodForm(emailRequestSchema, { email: previousEmail });
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = form.handleSubmit((data) => {
    setFormError(null);
    request.mutate(data, {
      onSuccess: () => navigate('/magic-link-sent', { state: { email: data.email } }),
      onError: (error) => {
        const fields = serverFieldErrors(error);
        if (fields) form.setErrors(fields);
        else setFormError(authErrorMessage(error, AUTH_MESSAGES.magicLinkSendFailed));
      },
    });
  });

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
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        <FormField label="Email" error={form.errors.email}>
          <Input type="email" autoComplete="email" inputMode="email" {...form.field('email')} />
        </FormField>
        <Button type="submit" className="w-full" disabled={request.isPending}>
          {request.isPending ? 'Sending...' : 'Send magic link'}
        </Button>
      </form>
    </AuthCard>
  );
}
