import { ReauthStatusNote } from '../../../components/reauth/reauth-status-note.tsx';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';
import { ApiKeysCard } from './api-keys-card.tsx';
import { DataRequestsCard } from './data-requests-card.tsx';
import { PasswordChangeForm } from './password-change-form.tsx';
import { SecuritySettingsCard } from './security-settings-card.tsx';
import { SessionsCard } from './sessions-card.tsx';
import { TwoFactorCard } from './two-factor-card.tsx';

/**
 * Security tab: how recently this session confirmed who you are, password, security settings, data
 * requests, two-factor authentication, sessions, API keys.
 */
export function SecurityTab({ email }: { email: string }) {
  return (
    <div className="space-y-6">
      <ReauthStatusNote />
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
      <TwoFactorCard />
      <SessionsCard />
      <ApiKeysCard />
    </div>
  );
}
