import type { Workspace } from '@formsmith/core/workspaces/api';
import { type CustomDomain, formPublicUrl } from '@formsmith/core/workspaces/domains';
import { useQuery } from '@tanstack/react-query';
import { Globe, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ErrorFallback } from '../../../components/ui/error-boundary.tsx';
import { Alert, Spinner } from '../../../components/ui/feedback.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input, Select } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { failureMessage } from '../../../lib/field-messages.ts';
import { formsListQueryOptions } from '../../../lib/forms-api/list-forms.ts';
import { useAddDomain, useDomains, usePointDomain, useRemoveDomain } from '../api/domains.ts';

type FormChoice = { id: number; title: string; slug: string | null };

/** The forms a host's `/` may open, as options: none first (the host shows "No form here"). */
function FormOptions({ forms }: { forms: FormChoice[] }) {
  return (
    <>
      <option value="">No form (a “No form here” page)</option>
      {forms.map((f) => (
        <option key={f.id} value={f.id}>
          {f.title}
        </option>
      ))}
    </>
  );
}

const formIdOf = (value: string) => (value === '' ? null : Number(value));

/**
 * The workspace's custom domains (owners and admins): the host names its forms are served on,
 * the form each one's `/` opens, and how to point a host at this server.
 */
export function CustomDomainsCard({ workspace }: { workspace: Workspace }) {
  const domains = useDomains(workspace.id);
  // Its own cache entry: read while the forms page is not open, it would otherwise be what the
  // forms page first shows (a form made meanwhile missing until the list goes stale).
  const listed = formsListQueryOptions(workspace.id);
  const forms = useQuery({ ...listed, queryKey: ['forms', 'list', workspace.id, 'domain-picker'] as const });
  const titleId = useId();
  const choices: FormChoice[] = (forms.data ?? []).map((f) => ({
    id: f.id,
    title: f.title,
    slug: f.sharing.slug ?? null,
  }));

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <h2 id={titleId} className="text-lg font-semibold">
          Domains
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Serve this workspace’s forms on host names of your own, such as forms.example.org/register. Each
          host opens the workspace’s forms by their link name, and the form you pick at its top address.
        </p>
      </CardHeader>
      <CardBody className="space-y-6">
        {domains.isPending ? (
          <Spinner label="Loading domains" />
        ) : domains.isError ? (
          <ErrorFallback error={domains.error} onRetry={() => domains.refetch()} />
        ) : (
          <>
            {domains.data.domains.length === 0 ? (
              <p className="text-sm text-slate-600 dark:text-slate-400">No domains yet.</p>
            ) : (
              <ul className="divide-y divide-slate-200 dark:divide-slate-700">
                {domains.data.domains.map((d) => (
                  <DomainRow key={d.host} workspaceId={workspace.id} domain={d} forms={choices} />
                ))}
              </ul>
            )}
            {domains.data.domains.length < domains.data.limit ? (
              <AddDomainForm workspaceId={workspace.id} forms={choices} />
            ) : (
              <Alert tone="info">
                This workspace has its {domains.data.limit} domains: remove one to add another.
              </Alert>
            )}
          </>
        )}
        <Instructions />
      </CardBody>
    </Card>
  );
}

function DomainRow({
  workspaceId,
  domain,
  forms,
}: {
  workspaceId: number;
  domain: CustomDomain;
  forms: FormChoice[];
}) {
  const point = usePointDomain(workspaceId);
  const remove = useRemoveDomain(workspaceId, domain.host);
  const [confirming, setConfirming] = useState(false);
  const pointed = forms.find((f) => f.id === domain.form_id);
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0 space-y-1">
        <p className="flex items-center gap-2 font-medium break-all">
          <Globe aria-hidden="true" className="h-4 w-4 shrink-0 text-slate-500 dark:text-slate-400" />
          {domain.host}
        </p>
        {pointed && (
          <p className="text-sm text-slate-600 break-all dark:text-slate-400">
            {formPublicUrl({
              form: pointed,
              hosts: [{ host: domain.host, formId: pointed.id }],
              publicUrl: '',
            })}
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <FormField
          label={`Opens at ${domain.host}/`}
          error={point.error ? failureMessage(point.error) : undefined}
        >
          <Select
            value={domain.form_id ?? ''}
            disabled={point.isPending}
            onChange={(e) => point.mutate({ host: domain.host, formId: formIdOf(e.target.value) })}
          >
            <FormOptions forms={forms} />
          </Select>
        </FormField>
        <Button variant="secondary" onClick={() => setConfirming(true)} aria-label={`Remove ${domain.host}`}>
          <Trash2 aria-hidden="true" className="h-4 w-4" />
          Remove
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Remove ${domain.host}?`}
        description="The host stops serving this workspace’s forms at once, and links to it answer “not found”. Share links go back to this instance’s address."
        confirmLabel="Remove domain"
        action={remove}
      />
    </li>
  );
}

function AddDomainForm({ workspaceId, forms }: { workspaceId: number; forms: FormChoice[] }) {
  const add = useAddDomain(workspaceId);
  const [host, setHost] = useState('');
  const [formId, setFormId] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    add.mutate(
      { host, form_id: formIdOf(formId) },
      {
        onSuccess: () => {
          setHost('');
          setFormId('');
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fields) return setErrors(error.fields);
          setErrors({ host: failureMessage(error) });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="Host name"
          error={errors.host}
          hint={errors.host ? undefined : 'Without https:// or a path'}
          required
        >
          <Input
            value={host}
            onChange={(e) => setHost(e.target.value)}
            placeholder="forms.example.org"
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="none"
          />
        </FormField>
        <FormField label="Form at the top address" error={errors.form_id}>
          <Select value={formId} onChange={(e) => setFormId(e.target.value)}>
            <FormOptions forms={forms} />
          </Select>
        </FormField>
      </div>
      <Button type="submit" disabled={add.isPending}>
        <Plus aria-hidden="true" className="h-4 w-4" />
        {add.isPending ? 'Adding…' : 'Add domain'}
      </Button>
    </form>
  );
}

function Instructions() {
  const here = window.location.hostname;
  return (
    <div className="space-y-2 rounded-md bg-slate-50 p-4 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200">
      <h3 className="font-semibold">Before a domain works</h3>
      <ol className="list-decimal space-y-1 pl-5">
        <li>
          At your DNS provider, point the host name at this server: a CNAME record to{' '}
          <code className="break-all">{here}</code>.
        </li>
        <li>
          Ask whoever runs this server to let its reverse proxy accept the host and get it a certificate
          (Caddy does this by itself when it asks this server which hosts are allowed).
        </li>
      </ol>
      <p>Until then, the form’s links already use the new host, so add it when the DNS is ready.</p>
    </div>
  );
}
