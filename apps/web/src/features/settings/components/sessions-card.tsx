import { Monitor } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';
import { Alert, Badge, Spinner } from '../../../components/ui/feedback.tsx';
import { useRevokeSession, useSessions } from '../api/sessions.ts';
import { formatDateTime } from './format.ts';

/** Live sessions of the account; any other one can be revoked. */
export function SessionsCard() {
  const sessions = useSessions();
  const revoke = useRevokeSession();
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold">Active Sessions</h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">Devices signed in to your account.</p>
      </CardHeader>
      <CardBody className="space-y-3">
        {sessions.isPending && <Spinner label="Loading sessions" />}
        {sessions.isError && <Alert tone="error">Failed to load user data</Alert>}
        {revoke.isError && <Alert tone="error">That session could not be revoked. Please try again.</Alert>}
        <ul className="space-y-3">
          {sessions.data?.map((session) => (
            <li
              key={session.id}
              className="flex flex-col gap-3 rounded-lg border border-slate-200 px-4 py-3 sm:flex-row sm:items-center sm:justify-between dark:border-slate-800"
            >
              <div className="flex items-start gap-3">
                <Monitor
                  aria-hidden="true"
                  className="mt-0.5 h-5 w-5 shrink-0 text-slate-500 dark:text-slate-400"
                />
                <div>
                  <p className="text-sm font-medium">
                    {session.current ? 'Current session' : session.device}
                  </p>
                  <p className="text-xs text-slate-600 dark:text-slate-400">
                    {session.current ? `${session.device} · ` : ''}
                    {session.ip ? `${session.ip} · ` : ''}Last used {formatDateTime(session.last_used_at)}
                  </p>
                </div>
              </div>
              {session.current ? (
                <span className="self-start sm:self-center">
                  <Badge tone="success">Active Now</Badge>
                </span>
              ) : (
                <Button
                  variant="secondary"
                  size="sm"
                  className="self-start sm:self-center"
                  aria-label={`Revoke ${session.device} session`}
                  disabled={revoke.isPending && revoke.variables === session.id}
                  onClick={() => revoke.mutate(session.id)}
                >
                  Revoke
                </Button>
              )}
            </li>
          ))}
        </ul>
      </CardBody>
    </Card>
  );
}
