import { useState } from 'react';
import { Link } from 'react-router';
import { Card, CardBody } from '../../components/ui/card.tsx';
import { AccessReview } from './components/access-review.tsx';
import { PasswordChangeForm } from './components/password-change-form.tsx';

/**
 * /password-reset: a signed-in user sets a new password and stays signed in, then reviews the
 * passkeys and API keys that get in without it.
 */
export function PasswordResetPage() {
  const [changed, setChanged] = useState(false);
  return (
    <div className="mx-auto max-w-lg px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">Reset Password</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        Choose a new password. Your other sessions are signed out; this one stays signed in.
      </p>
      <Card className="mt-6">
        <CardBody className="p-6">
          <PasswordChangeForm
            currentOptional
            submitLabel="Set New Password"
            onChanged={() => setChanged(true)}
          />
        </CardBody>
      </Card>
      {changed ? (
        <Card className="mt-6">
          <CardBody className="p-6">
            <AccessReview />
          </CardBody>
        </Card>
      ) : null}
      <p className="mt-4 text-sm">
        <Link
          to="/dashboard/profile"
          className="font-medium text-brand-700 hover:underline dark:text-brand-400"
        >
          Back to profile
        </Link>
      </p>
    </div>
  );
}
