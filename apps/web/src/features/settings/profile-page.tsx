import { KeyRound } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Card, CardBody } from '../../components/ui/card.tsx';
import { Alert, Spinner } from '../../components/ui/feedback.tsx';
import { useCurrentUser } from '../../lib/session.ts';
import { formatDate } from './components/format.ts';

/** /dashboard/profile: read-only Name, Email, Role, Joined, and the way to a new password. */
export function ProfilePage() {
  const user = useCurrentUser();
  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">Profile</h1>
      {user.isPending && <Spinner className="mt-6" label="Loading profile" />}
      {user.isError && (
        <Alert tone="error" className="mt-6">
          Failed to fetch user profile
        </Alert>
      )}
      {user.data && (
        <Card className="mt-6">
          <CardBody className="p-6">
            <dl className="divide-y divide-slate-200 dark:divide-slate-800">
              {[
                ['Name', user.data.name],
                ['Email', user.data.email],
                ['Role', user.data.role === 'admin' ? 'Admin' : 'User'],
                ['Joined', formatDate(user.data.created_at)],
              ].map(([label, value]) => (
                <div key={label} className="grid gap-1 py-3 sm:grid-cols-3 sm:gap-4">
                  <dt className="text-sm font-medium text-slate-600 dark:text-slate-400">{label}</dt>
                  <dd className="break-words text-slate-900 sm:col-span-2 dark:text-slate-100">
                    {value || 'N/A'}
                  </dd>
                </div>
              ))}
            </dl>
            <div className="mt-6 flex flex-wrap gap-3">
              <Link to="/password-reset" className={buttonClasses('primary')}>
                <KeyRound aria-hidden="true" className="h-4 w-4" />
                Reset Password
              </Link>
              <Link to="/dashboard/settings" className={buttonClasses('secondary')}>
                Edit in Settings
              </Link>
            </div>
          </CardBody>
        </Card>
      )}
    </div>
  );
}
