import { Navigate } from 'react-router';
import { SsoProviderCard } from '../../components/sso/sso-provider-card.tsx';
import { Spinner } from '../../components/ui/feedback.tsx';
import { useCurrentUser } from '../../lib/session.ts';
import { useInstanceSso, useRemoveInstanceSso, useSaveInstanceSso } from './api/instance-sso.ts';
import { EmailDomainsCard } from './components/email-domains-card.tsx';

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
      <EmailDomainsCard />
    </div>
  );
}

function InstanceProviderCard() {
  return (
    <SsoProviderCard
      kind="instance"
      title="Server-wide provider"
      intro={`The login page offers "Sign in with" it to everyone. A first sign-in makes an account, which joins the workspace of its address's domain when one holds it.`}
      query={useInstanceSso()}
      save={useSaveInstanceSso()}
      remove={useRemoveInstanceSso()}
    />
  );
}
