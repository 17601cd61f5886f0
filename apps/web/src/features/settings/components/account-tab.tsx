import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';
import { Alert, Badge } from '../../../components/ui/feedback.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useResendVerification } from '../../../lib/account-api/resend-verification.ts';
import { ApiError } from '../../../lib/api-client.ts';
import type { CurrentUser } from '../../../lib/session.ts';
import { useTimedValue } from '../../../lib/use-timed-flag.ts';
import { useUpdateProfile } from '../api/profile.ts';
import { formatDate } from './format.ts';

const UPDATE_FAILED = 'Failed to update profile';

/** The form's text boxes; a blank company is sent as is and stored as none. */
type ProfileInput = Record<'name' | 'email' | 'company', string>;

const fromUser = (user: CurrentUser): ProfileInput => ({
  name: user.name,
  email: user.email,
  company: user.company ?? '',
});

/** Account tab: name, email (a change waits for verification), company, status. */
export function AccountTab({ user }: { user: CurrentUser }) {
  const [values, setValues] = useState<ProfileInput>(() => fromUser(user));
  const [currentPassword, setCurrentPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, showSaved] = useTimedValue<string>(2500);
  const update = useUpdateProfile();
  const resend = useResendVerification();

  // A saved profile (or another tab) refreshes the loaded values.
  useEffect(() => {
    setValues(fromUser(user));
    setCurrentPassword('');
  }, [user]);
  const emailChanging = values.email.trim().toLowerCase() !== user.email.toLowerCase();

  const set = (key: keyof ProfileInput) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    update.mutate(emailChanging ? { ...values, current_password: currentPassword } : values, {
      onSuccess: () => showSaved('Profile updated successfully!'),
      onError: (error) =>
        setErrors(
          error instanceof ApiError && error.fields
            ? error.fields
            : { form: error instanceof ApiError && error.status < 500 ? error.message : UPDATE_FAILED },
        ),
    });
  };

  const initial = (user.name.trim()[0] ?? user.email[0] ?? '?').toUpperCase();
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold">Account</h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">Your name, email address and company.</p>
      </CardHeader>
      <CardBody className="space-y-6">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
          <span
            aria-hidden="true"
            className="flex h-16 w-16 shrink-0 items-center justify-center rounded-full bg-brand-600 text-2xl font-semibold text-white"
          >
            {initial}
          </span>
          <div className="space-y-1">
            <p className="font-medium">{user.name}</p>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              Member since {formatDate(user.created_at)}
            </p>
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <span className="text-slate-600 dark:text-slate-400">Account status:</span>
              {user.is_verified ? (
                <Badge tone="success">Verified</Badge>
              ) : (
                <Badge tone="warning">Unverified</Badge>
              )}
              {!user.is_verified && (
                <Button variant="ghost" size="sm" disabled={resend.isPending} onClick={() => resend.mutate()}>
                  {resend.isPending ? 'Sending...' : 'Resend verification email'}
                </Button>
              )}
            </div>
          </div>
        </div>
        {resend.isSuccess && <Alert tone="success">{resend.data.message}</Alert>}
        {resend.isError && (
          <Alert tone="error">
            {resend.error instanceof ApiError ? resend.error.message : 'An error occurred. Please try again.'}
          </Alert>
        )}
        {user.pending_email && (
          <Alert tone="info">
            Email change pending: we sent a confirmation link to <strong>{user.pending_email}</strong>. Your
            email address changes once you open it.
          </Alert>
        )}

        <form onSubmit={submit} noValidate className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Full name" error={errors.name} required>
              <Input autoComplete="name" value={values.name} onChange={set('name')} />
            </FormField>
            <FormField label="Email address" error={errors.email} required>
              <Input type="email" autoComplete="email" value={values.email} onChange={set('email')} />
            </FormField>
            <FormField label="Company" error={errors.company}>
              <Input autoComplete="organization" value={values.company} onChange={set('company')} />
            </FormField>
            {emailChanging && (
              <FormField
                label="Current password"
                hint="Needed to change your email address. Signed in by a login link just now? Leave it empty."
                error={errors.current_password}
              >
                <Input
                  type="password"
                  autoComplete="current-password"
                  value={currentPassword}
                  onChange={(event) => setCurrentPassword(event.target.value)}
                />
              </FormField>
            )}
          </div>
          {saved && <Alert tone="success">{saved}</Alert>}
          {errors.form && <Alert tone="error">{errors.form}</Alert>}
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Saving...' : 'Save Changes'}
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setValues(fromUser(user));
                setCurrentPassword('');
                setErrors({});
              }}
            >
              Reset
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
