import { emailDomainSchema } from '@formsmith/core/sso/api';
import { type FormEvent, useState } from 'react';
import { ReauthCancelledError } from '../../../components/reauth/with-reauth.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ErrorFallback } from '../../../components/ui/error-boundary.tsx';
import { Alert, Spinner } from '../../../components/ui/feedback.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input, Select } from '../../../components/ui/input.tsx';
import { failureMessage } from '../../../lib/field-messages.ts';
import { useAssignDomain, useRemoveDomain, useTeamWorkspaces, useWorkspaceDomains } from '../api/domains.ts';

/** Email domains → workspaces: who joins which workspace on a first sign-in through single sign-on. */
export function EmailDomainsCard() {
  const domains = useWorkspaceDomains();
  return (
    <Card role="region" aria-labelledby="domains-heading">
      <CardHeader>
        <h2 id="domains-heading" className="text-lg font-semibold">
          Email domains
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Someone whose address is of a domain below joins its workspace on their first sign-in through single
          sign-on (the workspace's own provider, or this server's). A domain belongs to one workspace at most.
        </p>
      </CardHeader>
      <CardBody className="space-y-5">
        {domains.isPending && <Spinner label="Loading email domains" />}
        {domains.isError && <ErrorFallback error={domains.error} onRetry={() => domains.refetch()} />}
        {domains.data &&
          (domains.data.domains.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">No domain is assigned yet.</p>
          ) : (
            <table className="w-full table-fixed text-left text-sm">
              <caption className="sr-only">Email domains and their workspaces</caption>
              <thead className="text-slate-600 dark:text-slate-400">
                <tr>
                  <th scope="col" className="pb-2 font-medium">
                    Domain
                  </th>
                  <th scope="col" className="pb-2 font-medium">
                    Workspace
                  </th>
                  <th scope="col" className="w-24 pb-2 font-medium">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
                {domains.data.domains.map((row) => (
                  <DomainRow key={row.domain} domain={row.domain} workspace={row.workspace_name} />
                ))}
              </tbody>
            </table>
          ))}
        <AssignDomainForm />
      </CardBody>
    </Card>
  );
}

function DomainRow({ domain, workspace }: { domain: string; workspace: string }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useRemoveDomain(domain);
  return (
    <tr>
      <td className="break-all py-2 pr-2 font-mono text-xs">{domain}</td>
      <td className="break-words py-2 pr-2">{workspace}</td>
      <td className="py-2 text-right">
        <Button
          variant="secondary"
          size="sm"
          aria-label={`Remove ${domain}`}
          onClick={() => setConfirming(true)}
        >
          Remove
        </Button>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={`Remove ${domain}?`}
          description={`People of ${domain} no longer join ${workspace} by signing in; its members stay.`}
          confirmLabel="Remove"
          action={remove}
        />
      </td>
    </tr>
  );
}

function AssignDomainForm() {
  const teams = useTeamWorkspaces();
  const assign = useAssignDomain();
  const [domain, setDomain] = useState('');
  const [workspaceId, setWorkspaceId] = useState('');
  const [errors, setErrors] = useState<{ domain?: string; workspace?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = emailDomainSchema.safeParse(domain);
    const found = {
      domain: parsed.success ? undefined : parsed.error.issues[0]?.message,
      workspace: workspaceId ? undefined : 'Choose the workspace',
    };
    setErrors(found);
    if (!parsed.success || !workspaceId) return;
    assign.mutate(
      { domain: parsed.data, workspaceId: Number(workspaceId) },
      { onSuccess: () => setDomain('') },
    );
  };
  const serverError = assign.error instanceof ReauthCancelledError ? null : assign.error;
  const workspaces = teams.data?.workspaces ?? [];

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Assign an email domain">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Domain" required error={errors.domain} hint="The part after @, like example.org">
          <Input
            autoComplete="off"
            placeholder="example.org"
            value={domain}
            onChange={(e) => setDomain(e.target.value)}
          />
        </FormField>
        <FormField label="Workspace" required error={errors.workspace}>
          <Select value={workspaceId} onChange={(e) => setWorkspaceId(e.target.value)}>
            <option value="">{teams.isPending ? 'Loading…' : 'Choose a workspace'}</option>
            {workspaces.map((w) => (
              <option key={w.id} value={w.id}>
                {w.name}
              </option>
            ))}
          </Select>
        </FormField>
      </div>
      {teams.isSuccess && workspaces.length === 0 && (
        <Alert tone="info">There is no team workspace yet: domains go to team workspaces only.</Alert>
      )}
      {serverError && <Alert tone="error">{failureMessage(serverError)}</Alert>}
      <Button type="submit" disabled={assign.isPending}>
        {assign.isPending ? 'Assigning…' : 'Assign domain'}
      </Button>
    </form>
  );
}
