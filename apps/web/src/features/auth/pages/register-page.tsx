import { registerSchema } from '@formsmith/core/auth/api';
import { AUTH_MESSAGES } from '@formsmith/core/auth/messages';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthCard, AuthIcon, linkClasses } from '../../../components/auth-card.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Alert } from '../../../components/ui/feedback.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useRegister } from '../api/register.ts';
import { useLocationEmail } from '../hooks/use-location-email.ts';
import { useZodForm } from '../hooks/use-zod-form.ts';
import { authErrorMessage, serverFieldErrors } from '../lib/error-message.ts';
import { rememberReturnAfterSignUp, returnUrlQuery } from '../lib/return-url.ts';

export function RegisterPage() {
  const navigate = useNavigate();
  const register = useRegister();
  // ?returnUrl= (an invitation, say) is where the account lands once its address is verified.
  const returnUrl = useSearchParams()[0].get('returnUrl');
  const form = useZodForm(registerSchema, {
    name: '',
    email: useLocationEmail() ?? '',
    password: '',
    confirmPassword: '',
  });
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = form.handleSubmit((data) => {
    setFormError(null);
    register.mutate(data, {
      onSuccess: (user) => {
        rememberReturnAfterSignUp(returnUrl);
        navigate('/register-success', { state: { email: user.email, returnUrl } });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) {
          form.setErrors({ email: AUTH_MESSAGES.emailTaken });
          return;
        }
        const fields = serverFieldErrors(error);
        if (fields) form.setErrors(fields);
        else setFormError(authErrorMessage(error, AUTH_MESSAGES.registerFailed));
      },
    });
  });

  return (
    <AuthCard
      title="Create your account"
      description="Free during the beta. Build, share and analyse forms in minutes."
      icon={
        <AuthIcon>
          <UserPlus className="h-6 w-6" />
        </AuthIcon>
      }
      footer={
        <>
          Already have an account?{' '}
          <Link
            to={`/login${returnUrlQuery(returnUrl)}`}
            state={{ email: form.values.email }}
            className={linkClasses}
          >
            Sign in
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        <FormField label="Name" error={form.errors.name}>
          <Input autoComplete="name" {...form.field('name')} />
        </FormField>
        <FormField label="Email" error={form.errors.email}>
          <Input type="email" autoComplete="email" inputMode="email" {...form.field('email')} />
        </FormField>
        <FormField label="Password" error={form.errors.password} hint="At least 8 characters">
          <Input type="password" autoComplete="new-password" {...form.field('password')} />
        </FormField>
        <FormField label="Confirm password" error={form.errors.confirmPassword}>
          <Input type="password" autoComplete="new-password" {...form.field('confirmPassword')} />
        </FormField>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          By creating an account you agree to the{' '}
          <Link to="/terms" className={linkClasses}>
            Terms of Service
          </Link>{' '}
          and the{' '}
          <Link to="/privacy" className={linkClasses}>
            Privacy Policy
          </Link>
          .
        </p>
        <Button type="submit" className="w-full" disabled={register.isPending}>
          {register.isPending ? 'Creating account...' : 'Create account'}
        </Button>
      </form>
    </AuthCard>
  );
}
