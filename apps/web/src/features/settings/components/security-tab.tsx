import { ShieldCheck } from 'lucide-react';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';
import { Badge } from '../../../components/ui/feedback.tsx';
import { ApiKeysCard } from './api-keys-card.tsx';
import { DataRequestsCard } from './data-requests-card.tsx';
import { PasswordChangeForm } from './password-change-form.tsx';
import { SecuritySettingsCard } from './security-settings-card.tsx';
import { SessionsCard } from './sessions-card.tsx';

/** Security tab: password, security settings, data requests, two-factor (coming soon), sessions, API keys. */
export function SecurityTab({ email }: { email: string }) {
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <h2 className="text-lg font-semibold">Change Password</h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Changing your password signs out your other sessions.
          </p>
        </CardHeader>
        <CardBody>
          <PasswordChangeForm />
        </CardBody>
      </Card>
      <SecuritySettingsCard />
      <DataRequestsCard email={email} />
      <Card>
        <CardBody className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex items-start gap-3">
            <ShieldCheck
              aria-hidden="true"
              className="mt-0.5 h-5 w-5 shrink-0 text-slate-500 dark:text-slate-400"
            />
            <div>
              <h2 className="font-semibold">Two-Factor Authentication</h2>
              <p className="text-sm text-slate-600 dark:text-slate-400">
                Add a second step to signing in with an authenticator app.
              </p>
            </div>
          </div>
          <span className="self-start sm:self-center">
            <Badge tone="neutral">Coming Soon</Badge>
          </span>
        </CardBody>
      </Card>
      <SessionsCard />
      <ApiKeysCard />
    </div>
  );
}
