import {
  API_KEY_SCOPE_LABELS,
  API_KEY_SCOPES,
  type ApiKeyScope,
  createApiKeyBodySchema,
} from '@formsmith/core/api-keys/api';
import { roleAllows } from '@formsmith/core/workspaces/roles';
import { KeyRound } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { ReauthCancelledError } from '../../../components/reauth/with-reauth.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';
import { Alert, Badge, Spinner } from '../../../components/ui/feedback.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { CheckboxField, Input, Select } from '../../../components/ui/input.tsx';
import { SecretOnce } from '../../../components/ui/secret-once.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { fieldMessages } from '../../../lib/field-messages.ts';
import { useCurrentWorkspace } from '../../../lib/workspaces-api/current-workspace.ts';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/api-keys.ts';
import { formatDateTime } from './format.ts';

/** Personal API keys: create with scopes (the key is shown once), list, revoke. */
export function ApiKeysCard() {
  const keys = useApiKeys();
  const { workspaces } = useCurrentWorkspace();
  const workspaceName = (id: number) => workspaces.find((w) => w.id === id)?.name ?? 'A workspace you left';
  const revoke = useRevokeApiKey();
  const [created, setCreated] = useState<string | null>(null);
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold">API Keys</h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Let integrations use the API as you, limited to the scopes you choose. Send a key as{' '}
          <code className="break-all">Authorization: Bearer fsk_…</code>; see the{' '}
          <a className="text-brand-700 underline dark:text-brand-300" href="/api/reference/">
            API reference
          </a>
          .
        </p>
      </CardHeader>
      <CardBody className="space-y-4">
        {created ? (
          <SecretOnce label="Your new API key" value={created} onDone={() => setCreated(null)} />
        ) : (
          <CreateKeyForm onCreated={setCreated} />
        )}
        {keys.isPending && <Spinner label="Loading API keys" />}
        {keys.isError && <Alert tone="error">Failed to load your API keys</Alert>}
        {revoke.isError && <Alert tone="error">That key could not be revoked. Please try again.</Alert>}
        {keys.data?.length === 0 && (
          <p className="text-sm text-slate-600 dark:text-slate-400">No API keys yet.</p>
        )}
        <ul className="space-y-3" aria-label="API keys">
          {keys.data?.map((key) => (
            <li
              key={key.id}
              className="flex flex-col gap-3 rounded-lg border border-slate-200 px-4 py-3 sm:flex-row sm:items-center sm:justify-between dark:border-slate-800"
            >
              <div className="flex min-w-0 items-start gap-3">
                <KeyRound
                  aria-hidden="true"
                  className="mt-0.5 h-5 w-5 shrink-0 text-slate-500 dark:text-slate-400"
                />
                <div className="min-w-0 space-y-1">
                  <p className="break-words text-sm font-medium">
                    {key.name}{' '}
                    <code className="text-xs text-slate-600 dark:text-slate-400">{key.prefix}…</code>
                  </p>
                  <div className="flex flex-wrap gap-1">
                    {workspaces.length > 1 && <Badge tone="brand">{workspaceName(key.workspace_id)}</Badge>}
                    {key.scopes.map((scope) => (
                      <Badge key={scope}>{scope}</Badge>
                    ))}
                  </div>
                  <p className="text-xs text-slate-600 dark:text-slate-400">
                    Created {formatDateTime(key.created_at)} ·{' '}
                    {key.last_used_at ? `Last used ${formatDateTime(key.last_used_at)}` : 'Never used'}
                    {key.expires_at ? ` · Expires ${formatDateTime(key.expires_at)}` : ''}
                  </p>
                </div>
              </div>
              <Button
                variant="secondary"
                size="sm"
                className="self-start sm:self-center"
                aria-label={`Revoke API key ${key.name}`}
                disabled={revoke.isPending && revoke.variables === key.id}
                onClick={() => revoke.mutate(key.id)}
              >
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      </CardBody>
    </Card>
  );
}

function CreateKeyForm({ onCreated }: { onCreated: (key: string) => void }) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['forms:read', 'submissions:read']);
  const [expires, setExpires] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateApiKey();
  // A key acts in one workspace, with your role there at most; making one takes the admin role.
  const { workspace: current, workspaces } = useCurrentWorkspace();
  const choices = workspaces.filter((w) => roleAllows(w.role, 'admin'));
  const [workspaceId, setWorkspaceId] = useState(
    choices.some((w) => w.id === current.id) ? current.id : choices[0]?.id,
  );
  const workspaceSelect = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = { name, scopes, expires_at: expires ? new Date(`${expires}T23:59:59`).toISOString() : null };
    const parsed = createApiKeyBodySchema.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldMessages(parsed.error));
      return;
    }
    if (workspaceId === undefined) return;
    setErrors({});
    create.mutate(
      { ...body, workspaceId },
      {
        onSuccess: (key) => {
          setName('');
          onCreated(key.key);
        },
        onError: (err) => setErrors(err instanceof ApiError && err.fields ? err.fields : {}),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {workspaces.length > 1 && (
        <div>
          <label
            htmlFor={workspaceSelect}
            className="block text-sm font-medium text-slate-800 dark:text-slate-200"
          >
            Workspace
          </label>
          <Select
            id={workspaceSelect}
            className="mt-1"
            value={workspaceId ?? ''}
            onChange={(e) => setWorkspaceId(Number(e.target.value))}
          >
            {choices.map((w) => (
              <option key={w.id} value={w.id}>
                {w.name}
              </option>
            ))}
          </Select>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            The key reaches only this workspace, with your role there at most. Workspaces where you are an
            admin or owner are listed.
          </p>
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Key name" error={errors.name} required>
          <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={100} />
        </FormField>
        <FormField
          label="Expires (optional)"
          error={errors.expires_at}
          hint="Leave empty for a key that does not expire"
        >
          <Input type="date" value={expires} onChange={(e) => setExpires(e.target.value)} />
        </FormField>
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">Scopes</legend>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Deleting needs a delete scope: keys made before these existed cannot delete.
        </p>
        {API_KEY_SCOPES.map((scope) => (
          <CheckboxField
            key={scope}
            checked={scopes.includes(scope)}
            onChange={(e) =>
              setScopes((current) =>
                e.target.checked ? [...current, scope] : current.filter((s) => s !== scope),
              )
            }
            label={
              <span>
                <code>{scope}</code>{' '}
                <span className="text-slate-600 dark:text-slate-400">{API_KEY_SCOPE_LABELS[scope]}</span>
              </span>
            }
          />
        ))}
        {errors.scopes && <p className="text-sm text-red-600 dark:text-red-400">{errors.scopes}</p>}
      </fieldset>
      {create.isError && !(create.error instanceof ApiError && create.error.fields) && (
        <Alert tone="error">
          {create.error instanceof ReauthCancelledError
            ? create.error.message
            : 'The key could not be created. Please try again.'}
        </Alert>
      )}
      <Button type="submit" disabled={create.isPending}>
        Create API key
      </Button>
    </form>
  );
}
