import type { Workspace } from '@formsmith/core/workspaces/api';
import { SsoProviderForm } from '../../../components/sso/sso-provider-form.tsx';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';
import { ErrorFallback } from '../../../components/ui/error-boundary.tsx';
import { Spinner } from '../../../components/ui/feedback.tsx';
import { useTimedValue } from '../../../lib/use-timed-flag.ts';
import { useRemoveWorkspaceSso, useSaveWorkspaceSso, useWorkspaceSso } from '../api/sso.ts';

/** The workspace's single sign-on provider (owners only): connect, change or remove it. */
export function SsoCard({ workspace }: { workspace: Workspace }) {
  const sso = useWorkspaceSso(workspace.id);
  const save = useSaveWorkspaceSso(workspace.id);
  const remove = useRemoveWorkspaceSso(workspace.id);
  // Held here: a save starts the form afresh, and "Saved" must outlive that.
  const [saved, showSaved] = useTimedValue<true>(2500);
  return (
    <Card role="region" aria-labelledby="sso-heading">
      <CardHeader>
        <h2 id="sso-heading" className="text-lg font-semibold">
          Single sign-on
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Members sign in through your organisation's OpenID Connect provider (Okta, Entra ID, Google,
          Keycloak…). People with an address of the workspace's email domains join on their first sign-in.
        </p>
      </CardHeader>
      <CardBody className="space-y-5">
        {sso.isPending && <Spinner label="Loading single sign-on" />}
        {sso.isError && <ErrorFallback error={sso.error} onRetry={() => sso.refetch()} />}
        {sso.data && (
          // Keyed: a save or a removal starts the form afresh from what the server holds.
          <SsoProviderForm
            key={sso.data.connection?.updated_at ?? 'none'}
            kind="workspace"
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
