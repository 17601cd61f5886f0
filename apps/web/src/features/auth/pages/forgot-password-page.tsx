import { AUTH_MESSAGES, emailRequestSchema } from '@formsmith/core/auth/schemas';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Alert } from '../../../components/ui/feedback.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { AuthCard, AuthIcon, linkClasses } from '../components/auth-card.tsx';
import { useZodForm } from '../hooks/use-zod-form.ts';
import { authErrorMessage, serverFieldErrors } from '../lib/error-message.ts';

/** /forgot-password and /reset-password: idle, submitting, sent (SPEC §4 'Reset request'). */
export function ForgotPasswordPage() {
  const request = useRequestPasswordReset();
  const form = useZodForm(emailRequestSchema, { email: '' });
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = form.handleSubmit((data) => {
    setFormError(null);
    request.mutate(data, {
      onError: (error) => {
        const fields = serverFieldErrors(error);
        if (fields) form.setErrors(fields);
        else setFormError(authErrorMessage(error, AUTH_MESSAGES.resetFailed));
      },
    });
  });

  const icon = (
    <AuthIcon>
      <KeyRound className="h-6 w-6" />
    </AuthIcon>
  );

  if (request.isSuccess) {
    return (
      <AuthCard title="Check your email" icon={icon}>
        <Alert tone="success">{AUTH_MESSAGES.resetSent}</Alert>
        <Link to="/login" className={`${buttonClasses('primary')} w-full`}>
          Back to login
        </Link>
      </AuthCard>
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
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        <FormField label="Email" error={form.errors.email}>
          <Input type="email" autoComplete="email" inputMode="email" {...form.field('email')} />
        </FormField>
        <Button type="submit" className="w-full" disabled={request.isPending}>
          {request.isPending ? 'Sending...' : 'Send login link'}
        </Button>
      </form>
    </AuthCard>
  );
}
