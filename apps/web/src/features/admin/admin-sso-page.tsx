import { Navigate } from 'react-router';
import { SsoProviderForm } from '../../components/sso/sso-provider-form.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/card.tsx';
import { ErrorFallback } from '../../components/ui/error-boundary.tsx';
import { Spinner } from '../../components/ui/feedback.tsx';
import { useCurrentUser } from '../../lib/session.ts';
import { useTimedValue } from '../../lib/use-timed-flag.ts';
import { useInstanceSso, useRemoveInstanceSso, useSaveInstanceSso } from './api/instance-sso.ts';
import { DomainsCard } from './components/domains-card.tsx';

/** /dashboard/admin/sso: the instance administrator's single sign-on; anyone else is sent to the dashboard. */
export function AdminSsoPage() {
  const user = useCurrentUser();
  if (user.isPending) return <Spinner label="Loading" />;
  if (user.data?.role !== 'admin') return <Navigate to="/dashboard" replace />;
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Single sign-on for this server</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-300">
          As the administrator of this Formsmith server you connect a provider anyone may sign in with, and
          give email domains to workspaces.
        </p>
      </div>
      <InstanceProviderCard />
      <DomainsCard />
    </div>
  );
}

function InstanceProviderCard() {
  const sso = useInstanceSso();
  const save = useSaveInstanceSso();
  const remove = useRemoveInstanceSso();
  // Held here: a save starts the form afresh, and "Saved" must outlive that.
  const [saved, showSaved] = useTimedValue<true>(2500);
  return (
    <Card role="region" aria-labelledby="instance-sso-heading">
      <CardHeader>
        <h2 id="instance-sso-heading" className="text-lg font-semibold">
          Server-wide provider
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          The login page offers "Sign in with" it to everyone. A first sign-in makes an account, which joins
          the workspace of its address's domain when one holds it.
        </p>
      </CardHeader>
      <CardBody className="space-y-5">
        {sso.isPending && <Spinner label="Loading the provider" />}
        {sso.isError && <ErrorFallback error={sso.error} onRetry={() => sso.refetch()} />}
        {sso.data && (
          <SsoProviderForm
            key={sso.data.connection?.updated_at ?? 'none'}
            kind="instance"
            answer={sso.data}
            save={save}
            remove={remove}
            saved={saved === true}
            onSaved={() => showSaved(true)}
          />
        )}
      </CardBody>
    </Card>
  );
}
